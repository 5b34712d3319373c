/**
 * Download file names: `<location>-<view>-<start>-to-<end>.<ext>`, e.g.
 * `main-concourse-occupancy-2026-11-11-to-2026-11-17.csv`. Every part is slugged: ASCII letters and digits joined
 * by single hyphens, so a name from the server can never carry a path separator, a control character, a dot
 * (no `..`, no second extension) or anything a file system refuses.
 */

const MAX_SLUG = 60;

/** `Café "Le <Petit> & Co"` → `cafe-le-petit-co`; `''` when nothing is left. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // the accents NFKD split off
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FileNameParts {
  locationId: number;
  locationName: string;
  /** The view and, on a page of several panels, the panel: `occupancy`, `utilization-figures`. */
  what: string;
  start: string;
  end: string;
  extension: 'csv' | 'png';
}

export function exportFileName({ locationId, locationName, what, start, end, extension }: FileNameParts): string {
  const location = slug(locationName) || `location-${slug(String(locationId)) || 'unknown'}`;
  const dates = [start, end].filter((date) => ISO_DATE.test(date));
  const range = dates.length === 2 ? (start === end ? start : `${start}-to-${end}`) : '';
  return `${[location, slug(what), range].filter(Boolean).join('-')}.${extension}`;
}
