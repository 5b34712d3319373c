/**
 * From API windows to chart rows: x positions in the location's wall clock, gaps where windows are missing,
 * and partial windows marked. Pure, so it is unit tested without a canvas.
 *
 * Rows are columns, not an object per window: a year at 15 minutes is 35,000 windows, and objects per window (and
 * `[x, y]` pairs that ECharts then deep-copies) were most of a year's final draw, in allocation and in garbage
 * collection. A page's timestamps are read once, into typed arrays kept with the page (`windowTimes`), so a chart
 * redrawn as pages stream in reads each page's strings once.
 */
import { t } from '@lingui/core/macro';

import { parseLocalDateTime } from '../lib/time';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/time-spans';

export interface Window {
  window_start: string;
  window_end: string;
}

/** One window as a tooltip or a test reads it (`rowAt`); the chart itself reads the columns of `ChartRows`. */
export interface ChartRow<P extends Window> {
  /** Wall-clock ms of the window start (see lib/time.ts); the repeated hour of a DST fall-back is folded. */
  x: number;
  /** Wall-clock ms of the window end. */
  xEnd: number;
  point: P;
  /** Why the window is not a whole one, or null: still going on, or cut short by the requested range. */
  partial: PartialReason | null;
  /** Where a gap before this window starts (a null value breaks the line), or null when none. */
  gapBefore: number | null;
  /** The window starts in the repeated hour of a DST fall-back: its wall clock alone is ambiguous. */
  inRepeatedHour: boolean;
}

/** Every window of a chart in time order, as columns: row `i` is `points[i]` at `x[i]`. */
export interface ChartRows<P extends Window> {
  readonly length: number;
  readonly points: readonly P[];
  /** Wall-clock ms of each window's start, folded in a DST fall-back's repeated hour. */
  readonly x: Float64Array;
  /** Wall-clock ms of each window's end, folded the same way. */
  readonly xEnd: Float64Array;
  /** Where a gap before the window starts, or NaN when none. */
  readonly gapBefore: Float64Array;
  /** How many windows have a gap before them. */
  readonly gaps: number;
  /** The few partial windows, by row index. */
  readonly partial: ReadonlyMap<number, PartialReason>;
  /** The rows starting in a DST fall-back's repeated hour (none on most charts). */
  readonly inRepeatedHour: ReadonlySet<number>;
}

/** A window still going on at `nowMs` (its value may change), or a week or month the range cuts short. */
export type PartialReason = 'ongoing' | 'clipped';

/** What a tooltip says of a partial window, and the short label of its shaded band. */
export function partialNote(reason: PartialReason): { tooltip: string; band: string } {
  return reason === 'ongoing'
    ? { tooltip: t`not over yet: the value may still change`, band: t`so far` }
    : { tooltip: t`only partly inside the chosen dates`, band: t`partial` };
}

export interface RowsOptions {
  interval: string;
  /** Windows ending after this instant are still filling up. */
  nowMs: number;
}

/** A series' windows: in one array, or in the pages the API gave them in (each page's times are then read once). */
export type Windows<P extends Window> = readonly P[] | { pages: readonly (readonly P[])[] };

/**
 * Rows in time order. A window that does not start where the previous one ended leaves a gap: an outage, or
 * hours and days the filters leave out; either way no line is drawn across it and no zero is invented.
 */
export function toChartRows<P extends Window>(windows: Windows<P>, options: RowsOptions): ChartRows<P> {
  const pages = 'pages' in windows ? windows.pages : [windows];
  const length = pages.reduce((sum, page) => sum + page.length, 0);
  const times = new WindowTimes(length);
  const points: P[] = new Array<P>(length);
  let at = 0;
  for (const page of pages) {
    times.set(windowTimes(page), at);
    for (let i = 0; i < page.length; i++) points[at + i] = page[i]!;
    at += page.length;
  }
  const fold = dstFolds(times);
  const calendar = options.interval === 'weekly' || options.interval === 'monthly';
  const x = new Float64Array(length);
  const xEnd = new Float64Array(length);
  const gapBefore = new Float64Array(length).fill(Number.NaN);
  const partial = new Map<number, PartialReason>();
  const inRepeatedHour = new Set<number>();
  let gaps = 0;
  for (let i = 0; i < length; i++) {
    const startInstant = times.startInstant[i]!;
    const endInstant = times.endInstant[i]!;
    const startWall = startInstant + times.startOffset[i]! * MINUTE_MS;
    const endWall = endInstant + times.endOffset[i]! * MINUTE_MS;
    x[i] = fold ? fold.at(startInstant, startWall) : startWall;
    xEnd[i] = fold ? fold.at(endInstant, endWall) : endWall;
    if (fold?.contains(startInstant)) inRepeatedHour.add(i);
    if (endInstant > options.nowMs) partial.set(i, 'ongoing');
    else if (calendar && isClippedCalendarWindow(options.interval, startWall, endWall)) partial.set(i, 'clipped');
    if (i > 0 && startInstant > times.endInstant[i - 1]!) {
      gapBefore[i] = xEnd[i - 1]!;
      gaps++;
    }
  }
  return { length, points, x, xEnd, gapBefore, gaps, partial, inRepeatedHour };
}

/** Row `i` as one object. */
export function rowAt<P extends Window>(rows: ChartRows<P>, i: number): ChartRow<P> {
  const gap = rows.gapBefore[i]!;
  return {
    x: rows.x[i]!,
    xEnd: rows.xEnd[i]!,
    point: rows.points[i]!,
    partial: rows.partial.get(i) ?? null,
    gapBefore: Number.isNaN(gap) ? null : gap,
    inRepeatedHour: rows.inRepeatedHour.has(i),
  };
}

/**
 * The row at each x, for a tooltip: built at its first hover, not with the option (a year is 35,000 rows, and most
 * charts are never hovered). `shiftMs` moves every x (a comparison drawn over the current period).
 */
export function rowFinder<P extends Window>(
  rows: ChartRows<P>,
  shiftMs = 0,
): (x: number | undefined) => ChartRow<P> | undefined {
  let byX: Map<number, number> | undefined;
  return (x) => {
    if (x === undefined) return undefined;
    if (!byX) {
      byX = new Map();
      for (let i = 0; i < rows.length; i++) byX.set(rows.x[i]! + shiftMs, i);
    }
    const index = byX.get(x);
    return index === undefined ? undefined : rowAt(rows, index);
  };
}

/**
 * Series data for ECharts, as one typed array of `x, value` pairs (`SERIES_DIMENSIONS`) in window order, with
 * `x, NaN` before each window that follows a gap (in window order, not x order: in a DST fold a gap and the next
 * window can share an x). NaN is a missing value: the line breaks there. `shiftMs` moves every x.
 */
export function seriesData<P extends Window>(
  rows: ChartRows<P>,
  value: (point: P) => number | null,
  shiftMs = 0,
): Float64Array {
  const data = new Float64Array(2 * (rows.length + rows.gaps));
  let at = 0;
  for (let i = 0; i < rows.length; i++) {
    const gap = rows.gapBefore[i]!;
    if (!Number.isNaN(gap)) {
      data[at++] = gap + shiftMs;
      data[at++] = Number.NaN;
    }
    data[at++] = rows.x[i]! + shiftMs;
    data[at++] = value(rows.points[i]!) ?? Number.NaN;
  }
  return data;
}

/** How ECharts reads `seriesData`'s typed array: two numbers a point, x then the value. */
export const SERIES_DIMENSIONS = { dimensions: ['x', 'y'], encode: { x: 0, y: 1 } } as const;

/** `seriesData`'s array as `[x, value]` pairs, null where the value is missing (tests, small series). */
export function seriesPairs(data: Float64Array): [number, number | null][] {
  const pairs: [number, number | null][] = [];
  for (let i = 0; i < data.length; i += 2) pairs.push([data[i]!, Number.isNaN(data[i + 1]!) ? null : data[i + 1]!]);
  return pairs;
}

/** The instants and UTC offsets of a run of windows' starts and ends; wall-clock ms is instant + offset. */
class WindowTimes {
  readonly startInstant: Float64Array;
  readonly endInstant: Float64Array;
  /** Minutes east of UTC (±14 h fits). */
  readonly startOffset: Int16Array;
  readonly endOffset: Int16Array;

  constructor(length: number) {
    this.startInstant = new Float64Array(length);
    this.endInstant = new Float64Array(length);
    this.startOffset = new Int16Array(length);
    this.endOffset = new Int16Array(length);
  }

  startWall(i: number): number {
    return this.startInstant[i]! + this.startOffset[i]! * MINUTE_MS;
  }

  set(other: WindowTimes, at: number): void {
    this.startInstant.set(other.startInstant, at);
    this.endInstant.set(other.endInstant, at);
    this.startOffset.set(other.startOffset, at);
    this.endOffset.set(other.endOffset, at);
  }
}

/** Each page's times, read once: a streaming chart is redrawn as pages arrive, over the same page arrays. */
const timesOfPages = new WeakMap<readonly Window[], WindowTimes>();

/**
 * The times of a page's windows (read now, or kept from an earlier read). Call it as a page arrives, so the final
 * draw finds every page read.
 */
export function windowTimes(page: readonly Window[]): WindowTimes {
  let times = timesOfPages.get(page);
  if (times) return times;
  times = new WindowTimes(page.length);
  // A window's start is, most of the time, the previous window's end: read once.
  let previousEnd: string | null = null;
  let previous = { instantMs: 0, offsetMinutes: 0 };
  for (let i = 0; i < page.length; i++) {
    const { window_start, window_end } = page[i]!;
    const start = window_start === previousEnd ? previous : parseLocalDateTime(window_start);
    const end = parseLocalDateTime(window_end);
    times.startInstant[i] = start.instantMs;
    times.startOffset[i] = start.offsetMinutes;
    times.endInstant[i] = end.instantMs;
    times.endOffset[i] = end.offsetMinutes;
    previousEnd = window_end;
    previous = end;
  }
  timesOfPages.set(page, times);
  return times;
}

/** A weekly or monthly window cut short by the requested range (a partial week or month). */
function isClippedCalendarWindow(interval: string, startWall: number, endWall: number): boolean {
  if (interval === 'weekly') return endWall - startWall < 7 * DAY_MS - 2 * HOUR_MS;
  if (interval === 'monthly') {
    const start = new Date(startWall);
    const end = new Date(endWall);
    const nextMonth = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    return start.getUTCDate() !== 1 || end.getTime() !== nextMonth;
  }
  return false;
}

/**
 * On a DST fall-back day the wall clock repeats an hour (01:00–02:00 twice in New York). Drawn at their wall
 * clock, the two runs would sit on top of each other; instead, windows inside the repeated span are folded
 * into it in true time order at half scale, so 25 hourly windows stay 25 distinct points and labels outside
 * the fold keep reading local time.
 */
function dstFolds(times: WindowTimes): {
  /** The x of a time given as its instant and its wall clock. */
  at: (instantMs: number, wallMs: number) => number;
  contains: (instantMs: number) => boolean;
} | null {
  const folds: { fromInstant: number; toInstant: number; wallStart: number }[] = [];
  for (let i = 1; i < times.startInstant.length; i++) {
    const drop = (times.startOffset[i - 1]! - times.startOffset[i]!) * MINUTE_MS;
    // Only where the wall clock of consecutive windows does not move on by more than the repeated span.
    if (drop <= 0 || times.startWall(i) - times.startWall(i - 1) >= drop) continue;
    // Zones change on whole local hours: the first window of the new offset lies in the hour it began.
    const transition = Math.floor(times.startWall(i) / HOUR_MS) * HOUR_MS - times.startOffset[i]! * MINUTE_MS;
    const fromInstant = transition - drop;
    folds.push({
      fromInstant,
      toInstant: transition + drop,
      wallStart: fromInstant + times.startOffset[i - 1]! * MINUTE_MS,
    });
  }
  if (folds.length === 0) return null;
  // Most windows lie outside every fold: two comparisons, not a search.
  const first = Math.min(...folds.map((f) => f.fromInstant));
  const last = Math.max(...folds.map((f) => f.toInstant));
  const foldOf = (instantMs: number) =>
    instantMs < first || instantMs >= last
      ? undefined
      : folds.find((f) => instantMs >= f.fromInstant && instantMs < f.toInstant);
  return {
    at: (instantMs, wallMs) => {
      const fold = foldOf(instantMs);
      return fold ? fold.wallStart + (instantMs - fold.fromInstant) / 2 : wallMs;
    },
    contains: (instantMs) => foldOf(instantMs) !== undefined,
  };
}

/**
 * Reads the times of pages that have arrived (each page once, kept with it), so that a chart drawn when the last
 * page comes in finds the earlier ones read: called as pages stream in, between two drawings.
 */
export function readPageTimes(pages: readonly { data: readonly Window[] }[]): void {
  for (const page of pages) windowTimes(page.data);
}
