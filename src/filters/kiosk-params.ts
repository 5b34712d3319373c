/**
 * The kiosk's URL: everything a wall screen shows is in its address, since nobody can click on it.
 *
 *   /kiosk?locations=20,11&panels=now,figures,heatmap&rotate=30&refresh=60&theme=dark
 *
 * Never throws: a bad value falls back to its default and is reported, so a screen shows a notice and something
 * sensible, never a blank. Range, hours and days are read as on the pages (filters/model.ts) and apply to the
 * panels over a range (figures, heatmap, children); "now" and "traffic" always show today.
 */
export const KIOSK_PANELS = ['now', 'figures', 'heatmap', 'traffic', 'children'] as const;
export type KioskPanel = (typeof KIOSK_PANELS)[number];

export const KIOSK_PANEL_LABELS: Record<KioskPanel, string> = {
  now: 'Occupancy today against capacity',
  figures: 'Headline figures',
  heatmap: 'Busiest times',
  traffic: 'Entries today',
  children: 'Spaces ranked by utilization',
};

export interface KioskSettings {
  /** Empty: the configured default, else the server's first location. */
  locations: number[];
  panels: KioskPanel[];
  /** Seconds on each location before the next; 0 keeps the first. */
  rotateSeconds: number;
  /** Seconds between refreshes of what can still change. */
  refreshSeconds: number;
}

export const KIOSK_DEFAULTS: KioskSettings = {
  locations: [],
  panels: ['now', 'figures', 'heatmap'],
  rotateSeconds: 30,
  refreshSeconds: 60,
};

const LIMITS = { rotate: { min: 10, max: 3600 }, refresh: { min: 15, max: 3600 } } as const;
const MAX_LOCATIONS = 50;

export function parseKioskSettings(params: URLSearchParams): { settings: KioskSettings; ignored: string[] } {
  const ignored: string[] = [];
  const quote = (value: string) => `“${value.slice(0, 40)}”`;

  const locations: number[] = [];
  for (const part of (params.get('locations') ?? '').split(',').filter(Boolean)) {
    const id = /^\d{1,15}$/.test(part.trim()) ? Number(part.trim()) : null;
    if (id === null) ignored.push(`location ${quote(part)} is not a location id`);
    else if (!locations.includes(id) && locations.length < MAX_LOCATIONS) locations.push(id);
  }

  const panels: KioskPanel[] = [];
  for (const part of (params.get('panels') ?? '').split(',').filter(Boolean)) {
    const panel = KIOSK_PANELS.find((known) => known === part.trim());
    if (!panel) ignored.push(`panel ${quote(part)} is not one of ${KIOSK_PANELS.join(', ')}`);
    else if (!panels.includes(panel)) panels.push(panel);
  }

  const seconds = (name: 'rotate' | 'refresh', fallback: number, allowOff: boolean): number => {
    const raw = params.get(name);
    if (raw === null || raw === '') return fallback;
    const value = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (allowOff && value === 0) return 0;
    const { min, max } = LIMITS[name];
    if (Number.isNaN(value) || value < min || value > max) {
      ignored.push(`${name} ${quote(raw)} is not a number of seconds from ${min} to ${max}; using ${fallback}`);
      return fallback;
    }
    return value;
  };

  return {
    settings: {
      locations,
      panels: panels.length > 0 ? panels : KIOSK_DEFAULTS.panels,
      rotateSeconds: seconds('rotate', KIOSK_DEFAULTS.rotateSeconds, true),
      refreshSeconds: seconds('refresh', KIOSK_DEFAULTS.refreshSeconds, false),
    },
    ignored,
  };
}

/**
 * Which location a rotating screen shows at `nowMs`: a pure function of the clock, so every screen with the same
 * address shows the same location at the same moment, and a reload resumes where it was.
 */
export function rotationIndex(count: number, rotateSeconds: number, nowMs: number): number {
  if (count <= 1 || rotateSeconds <= 0) return 0;
  return Math.floor(nowMs / (rotateSeconds * 1000)) % count;
}
