/**
 * Period comparison: which range to compare with, and which window of it each current window is compared with.
 *
 * `comparisonRange` (dates YYYY-MM-DD, both ends inclusive):
 * - 'previous': the range shifted back by its length rounded up to whole weeks (1–7 days → 7, 8–14 → 14, …), so
 *   weekdays line up. For a month preset instead: the same number of calendar months just before (a whole month
 *   → the whole previous month; a partial one, "this month" so far → the same day span of the previous month,
 *   clipped at its end: 1–30 March → 1–28 February).
 * - 'year': 52 weeks (364 days) earlier, so weekdays line up (month preset or not).
 * Its `shiftDays` is how many calendar days the comparison starts before the range: what `alignWindows` takes.
 *
 * `alignWindows` pairs on the local calendar, never on `− n × 24 h` (pitfalls: "previous week" across DST): the
 * current window starting at local date D and wall time T pairs with the previous window starting at local date
 * D − shiftDays and wall time T. A wall time that exists on one side only (the hour skipped in spring) stays
 * unpaired; a wall time that occurs twice (the hour repeated in autumn, with two offsets) pairs by order of
 * occurrence: first with first, second with second.
 */
import { addDays, addMonths, daysBetweenInclusive, startOfMonth } from '../lib/time';
import { readStart } from './local-window';

/** Local calendar dates, YYYY-MM-DD, both ends inclusive: what a range of the filters means on a given day. */
export interface DateSpan {
  start: string;
  end: string;
}

/**
 * What a period is compared with: the period just before it, or the same period a year earlier. Also the values of
 * the `compare` URL parameter (filters/compare.ts).
 */
export const COMPARISON_MODES = ['previous', 'year'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

export interface ComparisonRange extends DateSpan {
  /** Calendar days from the comparison's start to the range's start. */
  shiftDays: number;
}

const WEEK = 7;
const YEAR_OF_WEEKS = 52 * WEEK;

export function comparisonRange(range: DateSpan, mode: ComparisonMode, monthPreset: boolean): ComparisonRange {
  if (range.start > range.end) throw new RangeError(`Range starts after it ends: ${range.start} – ${range.end}`);
  if (mode === 'year') return shiftedBack(range, YEAR_OF_WEEKS);
  if (monthPreset) return previousMonths(range);
  return shiftedBack(range, Math.ceil(daysBetweenInclusive(range.start, range.end) / WEEK) * WEEK);
}

function shiftedBack(range: DateSpan, days: number): ComparisonRange {
  return { start: addDays(range.start, -days), end: addDays(range.end, -days), shiftDays: days };
}

/** The same count of calendar months just before; an end on its month's last day maps to the last day. */
function previousMonths(range: DateSpan): ComparisonRange {
  const months = monthNumber(range.end) - monthNumber(range.start) + 1;
  const start = addMonths(range.start, -months);
  const end = isLastDayOfMonth(range.end)
    ? lastDayOfMonth(addMonths(range.end, -months))
    : addMonths(range.end, -months); // addMonths clips to the month's end
  return { start, end, shiftDays: daysBetweenInclusive(start, range.start) - 1 };
}

function monthNumber(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

function lastDayOfMonth(date: string): string {
  return addDays(addMonths(startOfMonth(date), 1), -1);
}

function isLastDayOfMonth(date: string): boolean {
  return lastDayOfMonth(date) === date;
}

// ---------------------------------------------------------------------------------------------------
// Window alignment

export interface WindowPair<P> {
  current: P;
  previous: P | null;
}

export interface AlignedWindows<P> {
  /** One per current window, in the current series' order. */
  pairs: WindowPair<P>[];
  /** Previous windows no current window paired with, in the previous series' order. */
  unpairedPrevious: P[];
}

export function alignWindows<P extends { window_start: string }>(
  current: readonly P[],
  previous: readonly P[],
  shiftDays: number,
): AlignedWindows<P> {
  const previousBySlot = new Map<string, P>();
  slotsOf(previous, 0).forEach((slot, index) => previousBySlot.set(slot, previous[index]!));

  const paired = new Set<P>();
  const pairs = slotsOf(current, -shiftDays).map((slot, index): WindowPair<P> => {
    const match = previousBySlot.get(slot) ?? null;
    if (match !== null) paired.add(match);
    return { current: current[index]!, previous: match };
  });
  return { pairs, unpairedPrevious: previous.filter((point) => !paired.has(point)) };
}

/**
 * Each window's slot: its local date moved by `dayShift`, its wall time, and its occurrence among the windows with
 * that same local date and wall time, counted in order of their instants (0, or 1 for the repeated autumn hour).
 */
function slotsOf(points: readonly { window_start: string }[], dayShift: number): string[] {
  const starts = points.map((point) => readStart(point.window_start));
  const walls = starts.map((start) => `${addDays(start.date, dayShift)} ${start.minuteOfDay}`);
  const occurrence = occurrencesByInstant(
    walls,
    starts.map((start) => start.startMs),
  );
  return walls.map((wall, index) => `${wall} #${occurrence[index]}`);
}

/** For each entry, how many entries with the same key start at an earlier instant. */
function occurrencesByInstant(keys: readonly string[], instants: readonly number[]): number[] {
  const groups = new Map<string, number[]>();
  keys.forEach((key, index) => {
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  const occurrence = new Array<number>(keys.length).fill(0);
  for (const indexes of groups.values()) {
    indexes.sort((a, b) => instants[a]! - instants[b]!);
    indexes.forEach((index, rank) => (occurrence[index] = rank));
  }
  return occurrence;
}
