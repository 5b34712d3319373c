/**
 * What is usual now at a location: for each wall hour of today, the spread of the occupancy at that hour on the
 * same weekday of the previous weeks, from the API's hourly (60min) occupancy windows.
 *
 * - `USUAL_WEEKS` = 8 weeks of history; `MIN_USUAL_SAMPLES` = 3 samples at least, else null ("not enough
 *   history").
 * - `usualRange(today)`: the dates to request, `today − 56` … `today − 1`, both inclusive. Days of other weekdays
 *   in that range are ignored; `today` and later dates are never used.
 * - A weekday-hour is wall-clock. For `today` (YYYY-MM-DD, the location's date) and a wall hour h (0..23) the
 *   samples are, for each date `today − 7k` (k = 1..8), the value of hour h on that date: the mean avg_occupancy of
 *   the windows whose local date and wall hour, read from window_start's own string (readStart), are that date and
 *   h. One window normally; two on a 25-hour autumn DST day, whose repeated hour counts once, as their mean; none on
 *   a 23-hour spring day for the skipped hour, which then gives no sample. A missing window (a sensor outage) gives
 *   no sample; a closed day reported as zeros gives a sample of 0.
 * - `UsualValue`: of the n samples, `median`, `low` and `high` are the 50th, 25th and 75th percentiles by linear
 *   interpolation between closest ranks (R-7, the spreadsheet PERCENTILE.INC rule: position p × (n − 1) in the
 *   ascending list, 0-based, interpolated between its neighbours); `samples` = n.
 * - `compareWithUsual(people, usual)`: 'busier' when people > high, 'quieter' when people < low, else 'usual'
 *   (inside the 25–75 % band, its edges included).
 *
 * Offsets in the strings never matter, only their wall clocks: the same wall clock sent at −05:00 or +09:00 is the
 * same hour of the same date. No wording here: the sentences are written where they are shown.
 */
import type { OccupancyPoint } from '../api/schemas';
import { addDays } from '../lib/time';
import { readStart } from './local-window';
import { percentileInc } from './stats';

/** How many weeks of the same weekday the usual value is taken over. */
export const USUAL_WEEKS = 8;
/** Fewer samples than this at an hour give null: not enough history. */
export const MIN_USUAL_SAMPLES = 3;

const HOURS = 24;
const DAYS_PER_WEEK = 7;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What an occupancy window needs to count: its start (local string) and its mean number of people. */
export type UsualPoint = Pick<OccupancyPoint, 'window_start' | 'avg_occupancy'>;

/** The usual occupancy at one wall hour of one weekday, over the samples of the previous weeks. */
export interface UsualValue {
  /** The 50th percentile of the samples (people; may be fractional). */
  median: number;
  /** The 25th percentile of the samples: the low edge of the usual band. */
  low: number;
  /** The 75th percentile of the samples: the high edge of the usual band. */
  high: number;
  /** How many weeks gave a sample (MIN_USUAL_SAMPLES … USUAL_WEEKS). */
  samples: number;
}

/** How a number of people compares with the usual band. */
export type UsualComparison = 'busier' | 'quieter' | 'usual';

/** A request's date range, both ends inclusive (YYYY-MM-DD). */
export interface UsualRange {
  start: string;
  end: string;
}

/** The dates to request for the usual values of `today`: the USUAL_WEEKS × 7 days before it. */
export function usualRange(today: string): UsualRange {
  checkDate(today);
  return { start: addDays(today, -USUAL_WEEKS * DAYS_PER_WEEK), end: addDays(today, -1) };
}

/** The usual value of each wall hour of `today`: 24 entries, hour 0..23; null where there is not enough history. */
export function usualDay(points: Iterable<UsualPoint>, today: string): (UsualValue | null)[] {
  const slots = indexSlots(points, today);
  return Array.from({ length: HOURS }, (_, hour) => usualOf(samplesAt(slots, hour)));
}

/** 'busier' above the band, 'quieter' below it, 'usual' inside it (edges included). */
export function compareWithUsual(people: number, usual: UsualValue): UsualComparison {
  if (people > usual.high) return 'busier';
  if (people < usual.low) return 'quieter';
  return 'usual';
}

// ---------------------------------------------------------------------------------------------------
// The index: one pass over the points

/** Per week k (1..8) and wall hour: the sum and count of avg_occupancy, at (k − 1) × 24 + hour. */
interface Slots {
  sums: Float64Array;
  counts: Uint32Array;
}

/** Sums the points into their (week, hour) slots; points of other dates are skipped. */
function indexSlots(points: Iterable<UsualPoint>, today: string): Slots {
  checkDate(today);
  const weekOf = new Map<string, number>();
  for (let k = 1; k <= USUAL_WEEKS; k++) weekOf.set(addDays(today, -DAYS_PER_WEEK * k), k);
  const sums = new Float64Array(USUAL_WEEKS * HOURS);
  const counts = new Uint32Array(USUAL_WEEKS * HOURS);
  for (const point of points) {
    const { date, hour } = readStart(point.window_start);
    const k = weekOf.get(date);
    if (k === undefined) continue;
    const slot = (k - 1) * HOURS + hour;
    sums[slot]! += point.avg_occupancy;
    counts[slot]! += 1;
  }
  return { sums, counts };
}

/** The samples of one wall hour, one per week with a window at that hour, ascending. */
function samplesAt({ sums, counts }: Slots, hour: number): number[] {
  const samples: number[] = [];
  for (let k = 1; k <= USUAL_WEEKS; k++) {
    const slot = (k - 1) * HOURS + hour;
    const count = counts[slot]!;
    if (count > 0) samples.push(sums[slot]! / count);
  }
  return samples.sort((a, b) => a - b);
}

function usualOf(sorted: readonly number[]): UsualValue | null {
  if (sorted.length < MIN_USUAL_SAMPLES) return null;
  return {
    median: percentileInc(sorted, 0.5)!,
    low: percentileInc(sorted, 0.25)!,
    high: percentileInc(sorted, 0.75)!,
    samples: sorted.length,
  };
}

function checkDate(date: string): void {
  if (!ISO_DATE.test(date) || addDays(date, 0) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
}
