/**
 * The weekday × hour heatmap of utilization: 7 × 24 cells, one per spec weekday digit (1 = Sunday … 7 = Saturday)
 * and local wall hour (0..23) of each occupancy window's start, read from the window's own string.
 *
 * - 'average': the plain mean of avg_utilization_percentage over the cell's windows.
 * - 'peak': the max of peak_utilization_percentage over the cell's windows.
 *
 * A cell with no window is null (hours outside the filters or the operating hours, or lost to outages, are
 * simply absent from the data). Values are fractions; above 1 = over capacity. Cells come day-major: day 1 hour 0,
 * day 1 hour 1, … day 7 hour 23.
 */
import type { OccupancyPoint } from '../api/schemas';
import { readStart } from './local-window';

export type HeatmapMode = 'average' | 'peak';

export interface HeatmapCell {
  /** Spec weekday digit, 1 = Sunday … 7 = Saturday. */
  day: number;
  /** Local wall hour, 0..23. */
  hour: number;
  value: number | null;
  /** How many windows the value is over. */
  windows: number;
}

const DAYS = 7;
const HOURS = 24;

export function weekdayHourCells(occupancy: readonly OccupancyPoint[], mode: HeatmapMode): HeatmapCell[] {
  const values = valuesByCell(occupancy, mode);
  const cells: HeatmapCell[] = [];
  for (let day = 1; day <= DAYS; day++) {
    for (let hour = 0; hour < HOURS; hour++) {
      const cellValues = values.get(cellIndex(day, hour)) ?? [];
      cells.push({ day, hour, value: summarize(cellValues, mode), windows: cellValues.length });
    }
  }
  return cells;
}

/** The cell with the highest value; ties → the lowest day digit, then the earliest hour. Null when all are null. */
export function busiestCell(cells: readonly HeatmapCell[]): HeatmapCell | null {
  let best: HeatmapCell | null = null;
  for (const cell of cells) {
    if (cell.value === null) continue;
    if (best === null || best.value === null || cell.value > best.value) best = cell;
    else if (cell.value === best.value && cellIndex(cell.day, cell.hour) < cellIndex(best.day, best.hour)) best = cell;
  }
  return best;
}

function cellIndex(day: number, hour: number): number {
  return (day - 1) * HOURS + hour;
}

function valuesByCell(occupancy: readonly OccupancyPoint[], mode: HeatmapMode): Map<number, number[]> {
  const byCell = new Map<number, number[]>();
  for (const point of occupancy) {
    const { dayCode, hour } = readStart(point.window_start);
    const index = cellIndex(dayCode, hour);
    const list = byCell.get(index) ?? [];
    list.push(mode === 'average' ? point.avg_utilization_percentage : point.peak_utilization_percentage);
    byCell.set(index, list);
  }
  return byCell;
}

function summarize(values: readonly number[], mode: HeatmapMode): number | null {
  if (values.length === 0) return null;
  if (mode === 'peak') return Math.max(...values);
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
