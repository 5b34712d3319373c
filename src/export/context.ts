/**
 * What an export says about its view: the metadata block every CSV starts with (csv.ts), and the facts a file name
 * is made of. Pages and panels build a `ViewContext`; the time of the export is added on click.
 */
import type { MetaEntry } from './csv';

/** What the metadata block says about the view. */
export interface ExportContext {
  locationId: number;
  locationName: string;
  /** People, when known. */
  capacity?: number;
  /** `occupancy`, `traffic`, `dwell_time`, `availability`, or `utilization`. */
  view: string;
  /** The dates asked for, both inclusive. */
  start: string;
  end: string;
  /** The interval sent to the server. */
  interval: string;
  /** What the server applied (its echo): hours inclusive, local; days as the spec's digits, 1 = Sunday. */
  applied?: { hours: { start: number; end: number }; days: readonly number[]; filteredInBrowser?: boolean };
  /** The IANA zone when one is known; timestamps carry their offsets either way. */
  timeZone: string | null;
  /** When the file was made, as an instant (ms). */
  exportedAtMs: number;
}

/** The block every export starts with, then what the table adds (its panel, its series). */
export function metaOf(context: ExportContext, extra: readonly MetaEntry[]): MetaEntry[] {
  const { applied } = context;
  return [
    ['location_id', context.locationId],
    ['location_name', context.locationName],
    ...(context.capacity === undefined ? [] : [['capacity (people)', context.capacity] as const]),
    ['view', context.view],
    ...extra,
    ['range_start', context.start],
    ['range_end (inclusive)', context.end],
    ['interval', context.interval],
    ['hour_start (local)', applied?.hours.start],
    ['hour_end (local, inclusive)', applied?.hours.end],
    ['days (1=Sunday..7=Saturday)', applied ? [...new Set(applied.days)].sort().join('') : null],
    ['filtered_in_browser', applied?.filteredInBrowser ? 'true' : 'false'],
    ['time_zone', context.timeZone],
    ['exported_at', new Date(context.exportedAtMs).toISOString()],
  ];
}

/** What a page knows about its view; the time of the export is added on click. */
export type ViewContext = Omit<ExportContext, 'exportedAtMs'>;
