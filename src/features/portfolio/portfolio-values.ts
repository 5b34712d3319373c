/**
 * What the portfolio knows of one location, from its row (use-portfolio-rows.ts) and its live reading
 * (use-now-readings.ts): whether it is open now, the value it is ranked by, its table row and its CSV row.
 */
import { openStateAt, scheduleOf, type OpenState } from '../../analysis/open-hours';
import { capacitySurplus, type PortfolioFigures } from '../../analysis/portfolio';
import type { LocationRecord } from '../../api/schemas';
import type { PortfolioExportRow } from './portfolio-csv';
import type { PortfolioSortKey } from './portfolio-params';
import type { TreeEntry } from '../../locations/location-tree';
import { parseLocalDateTime } from '../../lib/time';
import type { TableRow } from './table-row';
import type { ReadingState } from './now-readings-store';
import type { NowReadings } from './use-now-readings';
import type { RowState } from './use-portfolio-rows';

/** Open or closed at `nowMs`: the reading's `is_open`, else the location's hours and days on the reading's wall clock. */
export function openStateOf(
  reading: ReadingState | undefined,
  record: LocationRecord | undefined,
  row: RowState | undefined,
  nowMs: number,
): OpenState | null {
  if (!reading) return null;
  const taken = reading.reading.at ? parseLocalDateTime(reading.reading.at) : null;
  const wallMs = taken ? taken.wallMs + (nowMs - taken.instantMs) : null;
  return openStateAt(wallMs, reading.reading.open, scheduleOf(record, row?.loaded?.schedule));
}

const FIELD = {
  'average-utilization': 'averageUtilization',
  'peak-utilization': 'peakUtilization',
  'right-size-p95': 'rightSizeP95',
  'average-utilization-change': 'averageUtilizationChange',
} as const satisfies Record<string, keyof PortfolioFigures>;

/**
 * The value a location is ranked by: null when it has none (a failed row, a closed place's live number),
 * undefined while it is still to come (a row not loaded yet, a reading not in). `nowMs` is the clock the live
 * number's open state is read at.
 */
export function sortValue(
  key: Exclude<PortfolioSortKey, 'name'>,
  id: number,
  known: {
    states: ReadonlyMap<number, RowState>;
    readings: Pick<NowReadings, 'get' | 'offered'>;
    records: ReadonlyMap<number, LocationRecord>;
    nowMs: number;
  },
): number | null | undefined {
  const state = known.states.get(id);
  if (key === 'capacity') return state?.loaded?.figures?.capacity ?? known.records.get(id)?.capacity ?? null;
  if (key === 'data-coverage') {
    return state?.loaded ? (state.loaded.health?.coverage ?? null) : state?.error ? null : undefined;
  }
  if (key === 'occupancy-now') {
    // A closed place has no number: it ranks after the open ones, whichever the direction.
    const reading = known.readings.get(id);
    if (reading && openStateOf(reading, known.records.get(id), state, known.nowMs)?.open === false) return null;
    return reading ? reading.reading.people : known.readings.offered === false ? null : undefined;
  }
  const figures = state?.loaded?.figures;
  if (figures) return key === 'capacity-surplus' ? capacitySurplus(figures) : (figures[FIELD[key]] as number | null);
  return state?.error ? null : undefined;
}

/** A listed location's row of the table. */
export function tableRowOf(
  entry: TreeEntry,
  state: RowState | undefined,
  reading: ReadingState | undefined,
  known: { hasChildren: boolean; open: OpenState | null },
): TableRow {
  return {
    entry,
    figures: state?.loaded?.figures,
    health: state?.kept ? undefined : state?.loaded?.health,
    range: state?.loaded && { start: state.loaded.start, end: state.loaded.end },
    kept: state?.kept === true,
    failed: state?.error !== undefined && !state.loaded,
    now: reading && { ...reading.reading, receivedMs: reading.receivedMs, state: known.open },
    hasChildren: known.hasChildren,
  };
}

export function exportRow(row: TableRow): PortfolioExportRow {
  const { record, path } = row.entry;
  return {
    locationId: record.location_id,
    name: record.name,
    path: path.slice(0, -1),
    parentId: record.parent_id,
    status: record.status,
    capacity: row.figures?.capacity ?? record.capacity,
    now: row.now && { people: row.now.people, at: row.now.at, open: row.now.state ? row.now.state.open : null },
    figures: row.kept ? undefined : row.figures,
    start: row.range?.start,
    end: row.range?.end,
    state: row.failed ? 'failed' : row.figures && !row.kept ? 'loaded' : 'loading',
  };
}
