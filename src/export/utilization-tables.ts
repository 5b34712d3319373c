/**
 * The utilization page's panels as CSV tables (csv.ts): the headline figures, the spaces (children) table and the
 * busiest-times (heatmap) cells. Values are those of analysis/, unrounded; every column with a unit names it.
 */
import type { FigureDeltas, FigureKey, FigureUnit, Figures } from '../analysis/figures';
import { FIGURE_DEFINITIONS, FIGURE_KEYS } from '../analysis/figures';
import type { HeatmapCell, HeatmapMode } from '../analysis/heatmap';
import type { ComparisonMode } from '../analysis/periods';
import { metaOf, type ExportContext } from './context';
import type { Cell, CsvTable } from './csv';

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

/** A comparison period as the files name it, in English whatever the interface's language. */
const COMPARISON_NAMES: Record<ComparisonMode, string> = {
  previous: 'Previous period',
  year: 'Same period last year',
};

export interface FiguresExport {
  figures: Figures;
  /** The comparison period, its figures (when in) and the changes (current − comparison). */
  comparison?: {
    mode: ComparisonMode;
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
      ...(comparison ? [['comparison', COMPARISON_NAMES[comparison.mode]] as const] : []),
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
