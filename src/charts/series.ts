/**
 * From API windows to chart rows: x positions in the location's wall clock, gaps where windows are missing,
 * and partial windows marked. Pure, so it is unit tested without a canvas.
 */
import { parseLocalDateTime, type LocalDateTime } from '../lib/time';

export interface Window {
  window_start: string;
  window_end: string;
}

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

/** A window still going on at `nowMs` (its value may change), or a week or month the range cuts short. */
export type PartialReason = 'ongoing' | 'clipped';

/** What a tooltip says of a partial window, and the short label of its shaded band. */
export const PARTIAL_NOTES: Record<PartialReason, { tooltip: string; band: string }> = {
  ongoing: { tooltip: 'not over yet: the value may still change', band: 'so far' },
  clipped: { tooltip: 'only partly inside the chosen dates', band: 'partial' },
};

export interface RowsOptions {
  interval: string;
  /** Windows ending after this instant are still filling up. */
  nowMs: number;
}

/**
 * Rows in time order. A window that does not start where the previous one ended leaves a gap: an outage, or
 * hours and days the filters leave out; either way no line is drawn across it and no zero is invented.
 */
export function toChartRows<P extends Window>(points: readonly P[], options: RowsOptions): ChartRow<P>[] {
  const parsed = points.map(parsedWindow);
  const starts = parsed.map((window) => window.start);
  const ends = parsed.map((window) => window.end);
  const { fold, inFold } = dstFolds(starts);
  return points.map((point, i) => {
    const start = starts[i]!;
    const end = ends[i]!;
    const previousEnd = i > 0 ? ends[i - 1]! : null;
    return {
      x: fold(start),
      inRepeatedHour: inFold(start),
      xEnd: fold(end),
      point,
      partial:
        end.instantMs > options.nowMs
          ? 'ongoing'
          : isClippedCalendarWindow(options.interval, start.wallMs, end.wallMs)
            ? 'clipped'
            : null,
      gapBefore: previousEnd && start.instantMs > previousEnd.instantMs ? fold(previousEnd) : null,
    };
  });
}

/**
 * A window's two times, parsed once per point: a streaming chart is redrawn as pages arrive, and the points of
 * earlier pages are the same objects each time (a year at 15 minutes is ~70k strings).
 */
const parsedWindows = new WeakMap<Window, { start: LocalDateTime; end: LocalDateTime }>();

function parsedWindow(point: Window): { start: LocalDateTime; end: LocalDateTime } {
  let parsed = parsedWindows.get(point);
  if (!parsed) {
    parsed = { start: parseRepeated(point.window_start), end: parseRepeated(point.window_end) };
    parsedWindows.set(point, parsed);
  }
  return parsed;
}

/** The last string parsed: a window's start is, most of the time, the previous window's end (half the parsing). */
let lastParsed: { text: string; value: LocalDateTime } | null = null;

function parseRepeated(text: string): LocalDateTime {
  if (lastParsed?.text !== text) lastParsed = { text, value: parseLocalDateTime(text) };
  return lastParsed.value;
}

/**
 * Series data for ECharts: `[x, value]` pairs in window order, with `[x, null]` before each window that
 * follows a gap (in window order, not x order: in a DST fold a gap and the next window can share an x).
 */
export function seriesData<P extends Window>(
  rows: readonly ChartRow<P>[],
  value: (point: P) => number | null,
): [number, number | null][] {
  const data: [number, number | null][] = [];
  for (const row of rows) {
    if (row.gapBefore !== null) data.push([row.gapBefore, null]);
    data.push([row.x, value(row.point)]);
  }
  return data;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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
function dstFolds(starts: readonly LocalDateTime[]): {
  fold: (t: LocalDateTime) => number;
  inFold: (t: LocalDateTime) => boolean;
} {
  const folds: { fromInstant: number; toInstant: number; wallStart: number }[] = [];
  for (let i = 1; i < starts.length; i++) {
    const before = starts[i - 1]!;
    const after = starts[i]!;
    const drop = (before.offsetMinutes - after.offsetMinutes) * 60_000;
    // Only where the wall clock of consecutive windows does not move on by more than the repeated span.
    if (drop <= 0 || after.wallMs - before.wallMs >= drop) continue;
    // Zones change on whole local hours: the first window of the new offset lies in the hour it began.
    const transition = Math.floor(after.wallMs / HOUR_MS) * HOUR_MS - after.offsetMinutes * 60_000;
    const fromInstant = transition - drop;
    folds.push({ fromInstant, toInstant: transition + drop, wallStart: fromInstant + before.offsetMinutes * 60_000 });
  }
  const foldOf = (t: LocalDateTime) => folds.find((f) => t.instantMs >= f.fromInstant && t.instantMs < f.toInstant);
  return {
    fold: (t) => {
      const fold = foldOf(t);
      return fold ? fold.wallStart + (t.instantMs - fold.fromInstant) / 2 : t.wallMs;
    },
    inFold: (t) => foldOf(t) !== undefined,
  };
}
