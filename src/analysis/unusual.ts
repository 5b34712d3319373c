/**
 * "Unusual, not just high": a period's average utilization against the same dates in each of the 8 weeks before
 * (the range shifted back 7, 14, … 56 days, so weekdays line up), the same hours and days. The usual is the median
 * of those weeks' averages with the 25–75 % band (R-7); the period is flagged unusual above or below the band. A week
 * without any window does not count; fewer than 4 weeks with windows make no usual. A period that reaches now is set
 * against each week cut at the same local time on its matching day (analysis/period-cut.ts), so an ordinary morning
 * is not read against whole days. The history is one request: hourly occupancy from the range's start − 56 days to
 * its end − 7 days.
 */
import type { OccupancyPoint } from '../api/schemas';
import { addDays } from '../lib/time';
import { averageUtilization } from './figure-values';
import { readStart } from './local-window';
import { comparedCutWallMs, cutAt } from './period-cut';
import { percentileInc } from './stats';

export const UNUSUAL_WEEKS = 8;
/** The longest range compared (its history is then at most 87 days of hourly windows, 3 pages). */
export const UNUSUAL_MAX_DAYS = 31;
const MIN_WEEKS = 4;

/** The dates of the history request for a range. */
export function unusualHistoryRange(range: { start: string; end: string }): { start: string; end: string } {
  return { start: addDays(range.start, -7 * UNUSUAL_WEEKS), end: addDays(range.end, -7) };
}

export interface UnusualValue {
  /** Each week's average utilization, the nearest week first (null: no window that week). */
  weeks: (number | null)[];
  low: number;
  median: number;
  high: number;
  verdict: 'above' | 'below' | 'usual';
}

/**
 * The usual for `current` over the history's points; null without a current value or enough weeks. `endWallMs`, when
 * the period reaches now, is where its data ends on the location's wall clock: each week is cut at the same time.
 */
export function unusualness(
  current: number | null,
  history: readonly OccupancyPoint[],
  range: { start: string; end: string },
  endWallMs: number | null = null,
): UnusualValue | null {
  if (current === null) return null;
  const byWeek: OccupancyPoint[][] = Array.from({ length: UNUSUAL_WEEKS }, () => []);
  const bounds = byWeek.map((_, i) => [addDays(range.start, -7 * (i + 1)), addDays(range.end, -7 * (i + 1))]);
  for (const point of history) {
    const { date } = readStart(point.window_start);
    bounds.forEach(([start, end], i) => {
      if (date >= start! && date <= end!) byWeek[i]!.push(point);
    });
  }
  const weeks = byWeek.map((points, i) =>
    averageUtilization(
      endWallMs === null ? points : cutAt('occupancy', points, comparedCutWallMs(endWallMs, 7 * (i + 1))),
    ),
  );
  const values = weeks.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (values.length < MIN_WEEKS) return null;
  const low = percentileInc(values, 0.25)!;
  const median = percentileInc(values, 0.5)!;
  const high = percentileInc(values, 0.75)!;
  return { weeks, low, median, high, verdict: current > high ? 'above' : current < low ? 'below' : 'usual' };
}
