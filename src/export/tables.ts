/**
 * What each view shows, as CSV tables (csv.ts): the metric rows of a metric page, the utilization figures, the
 * spaces (children) table and the busiest-times (heatmap) cells. Pure: the pages hand over what they already hold.
 *
 * Timestamps are the API's own strings, so they keep the offsets the server gave them (ISO 8601 / RFC 3339).
 * Values are the parsed API values (utilization and availability as fractions, after a 0..100 server's values are
 * scaled by api/; dwell times in the unit the server sends, named by `config.dwellTimeUnit`), or the figures of
 * analysis/figures.ts, unrounded. Every column with a unit names it in parentheses.
 */
import type { FigureDeltas, FigureKey, FigureUnit, Figures } from '../analysis/figures';
import { FIGURE_DEFINITIONS, FIGURE_KEYS } from '../analysis/figures';
import type { HeatmapCell, HeatmapMode } from '../analysis/heatmap';
import type { DwellUnit, Metric, MetricResponse, PointOf } from '../api/schemas';
import type { Cell, CsvTable, MetaEntry } from './csv';

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
function metaOf(context: ExportContext, extra: readonly MetaEntry[]): MetaEntry[] {
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

// ---------------------------------------------------------------------------------------------------
// A metric page

type MetricColumns<M extends Metric> = readonly (readonly [header: string, value: (point: PointOf<M>) => Cell])[];

function metricColumns(metric: Metric, dwellUnit: DwellUnit): MetricColumns<Metric> {
  const columns: { [M in Metric]: MetricColumns<M> } = {
    occupancy: [
      ['avg_occupancy (people)', (p) => p.avg_occupancy],
      ['avg_utilization (fraction)', (p) => p.avg_utilization_percentage],
      ['peak_occupancy (people)', (p) => p.peak_occupancy],
      ['peak_utilization (fraction)', (p) => p.peak_utilization_percentage],
    ],
    traffic: [['traffic (entries)', (p) => p.traffic]],
    dwell_time: [
      [`avg_dwell (${dwellUnit})`, (p) => p.avg_dwell_time],
      [`peak_dwell (${dwellUnit})`, (p) => p.peak_dwell_time],
    ],
    availability: [['availability (fraction)', (p) => p.availability_percentage]],
  };
  return columns[metric] as MetricColumns<Metric>;
}

/** Every window of every page, in the order the pages come (a walk's pages are in range order). */
export function metricTable(
  metric: Metric,
  pages: readonly MetricResponse[],
  context: ExportContext,
  dwellUnit: DwellUnit,
): CsvTable {
  const columns = metricColumns(metric, dwellUnit);
  const rows: Cell[][] = [];
  for (const page of pages) {
    for (const point of page.data as readonly PointOf<Metric>[]) {
      rows.push([point.window_start, point.window_end, ...columns.map(([, value]) => value(point))]);
    }
  }
  return {
    meta: metaOf(context, [['metric', metric]]),
    columns: ['window_start', 'window_end', ...columns.map(([header]) => header)],
    rows,
  };
}

// ---------------------------------------------------------------------------------------------------
// The utilization page

const UNIT_NAMES: Record<FigureUnit, string> = {
  fraction: 'fraction',
  people: 'people',
  count: 'entries',
  minutes: 'minutes',
  hours: 'hours',
  'hour-of-day': 'local hour 0-23',
  weekday: '1=Sunday..7=Saturday',
};

/** `average-utilization` → `average_utilization (fraction)`. */
export function figureColumn(key: FigureKey): string {
  return `${key.replaceAll('-', '_')} (${UNIT_NAMES[FIGURE_DEFINITIONS[key].unit]})`;
}

const PEAK_AT = 'peak_occupancy_at';

/** The figures' columns, with the time of the peak beside the peak. */
function figureColumns(keys: readonly FigureKey[]): string[] {
  return keys.flatMap((key) => (key === 'peak-occupancy' ? [figureColumn(key), PEAK_AT] : [figureColumn(key)]));
}

function figureCells(keys: readonly FigureKey[], figures: Figures | undefined): Cell[] {
  return keys.flatMap((key) => {
    const value = figures?.[FIGURE_DEFINITIONS[key].field] ?? null;
    return key === 'peak-occupancy' ? [value, figures?.peakOccupancyAt ?? null] : [value];
  });
}

/** Differences of an hour or a weekday are no quantity: the change row leaves them empty. */
const NO_DIFFERENCE: ReadonlySet<FigureUnit> = new Set(['hour-of-day', 'weekday']);

export const FIGURES_FROM = 'occupancy 60min, traffic 60min, dwell_time daily, availability 60min';

export interface FiguresExport {
  figures: Figures;
  /** The comparison period, its figures (when in) and the changes (current − comparison). */
  comparison?: {
    label: string;
    start: string;
    end: string;
    figures: Figures | undefined;
    deltas: FigureDeltas | undefined;
  };
}

/**
 * The headline figures: one row per period (`current`, then with a comparison `comparison` and `change`, current
 * minus comparison; a change is a signed number, written as data).
 */
export function figuresTable({ figures, comparison }: FiguresExport, context: ExportContext): CsvTable {
  const keys = FIGURE_KEYS;
  const rows: Cell[][] = [['current', context.start, context.end, ...figureCells(keys, figures)]];
  if (comparison) {
    rows.push(['comparison', comparison.start, comparison.end, ...figureCells(keys, comparison.figures)]);
    const { deltas } = comparison;
    const changes = keys.flatMap((key): Cell[] => {
      const definition = FIGURE_DEFINITIONS[key];
      const delta = NO_DIFFERENCE.has(definition.unit) ? null : (deltas?.[definition.field] ?? null);
      return key === 'peak-occupancy' ? [delta, null] : [delta];
    });
    rows.push(['change', null, null, ...changes]);
  }
  return {
    meta: metaOf(context, [
      ['panel', 'headline figures'],
      ['series', FIGURES_FROM],
      ...(comparison ? [['comparison', comparison.label] as const] : []),
    ]),
    columns: ['period', 'range_start', 'range_end (inclusive)', ...figureColumns(keys)],
    rows,
  };
}

export interface SpaceRow {
  locationId: number;
  name: string;
  capacity: number;
  status: string;
  figures: Figures | undefined;
  failed: boolean;
}

/** The spaces table: one row per space, in the order shown, with the figures the table shows. */
export function spacesTable(spaces: readonly SpaceRow[], keys: readonly FigureKey[], context: ExportContext): CsvTable {
  return {
    meta: metaOf(context, [
      ['panel', 'spaces in this location'],
      ['series', FIGURES_FROM],
    ]),
    columns: ['location_id', 'name', 'capacity (people)', 'status', 'state', ...figureColumns(keys)],
    rows: spaces.map((space) => [
      space.locationId,
      space.name,
      space.capacity,
      space.status,
      space.failed ? 'failed' : space.figures ? 'loaded' : 'loading',
      ...figureCells(keys, space.failed ? undefined : space.figures),
    ]),
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The busiest-times cells, day-major (Sunday 00 … Saturday 23); a cell without windows has an empty value. */
export function heatmapTable(cells: readonly HeatmapCell[], mode: HeatmapMode, context: ExportContext): CsvTable {
  const value = mode === 'average' ? 'avg_utilization (fraction, mean of windows)' : 'peak_utilization (fraction, max)';
  return {
    meta: metaOf(context, [
      ['panel', 'busiest times'],
      ['series', 'occupancy 60min'],
      ['heatmap_value', mode],
    ]),
    columns: ['weekday (1=Sunday..7=Saturday)', 'weekday_name', 'hour (local 0-23)', value, 'windows (count)'],
    rows: cells.map((cell) => [cell.day, WEEKDAYS[cell.day - 1] ?? null, cell.hour, cell.value, cell.windows]),
  };
}
