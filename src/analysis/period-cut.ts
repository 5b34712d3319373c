/**
 * Like with like: a period that reaches now is set against the other period cut at the same point.
 *
 * This period's data ends at its end moment (the minute its data was read; its last window holds the data so far, with
 * its full bounds). The compared period is cut at the same local time on its matching day: that wall-clock moment,
 * `shiftDays` calendar days earlier (analysis/periods.ts `shiftDays`; wall-clock arithmetic, so a DST change in
 * between moves nothing). Each compared window, read on its own wall clock:
 * - ends at or before the cut: kept as it is;
 * - starts at or after the cut: left out;
 * - holds the cut: kept with its own bounds (as this period's last window keeps its own), its numbers those of its
 *   part before the cut. They are rebuilt from finer windows of the same metric when some are given (what a daily or
 *   longer window needs: `finerSpanAt` names the days to ask for at the metric's finest interval): a count summed, an
 *   average or a share weighted by each finer window's time before the cut, a peak the highest. Without finer windows
 *   a count is taken in proportion to the window's time before the cut, and an average, a share or a peak as it is.
 *   A finer window that itself holds the cut counts the same way, in proportion.
 * Pure.
 */
import type { Metric, PointOf } from '../api/schemas';
import { parseLocalDateTime, utcMsToIsoDate } from '../lib/time';
import { DAY_MS, MINUTE_MS } from '../lib/time-spans';
import type { DateSpan } from './periods';
import { weightedMean } from './stats';

/** Where this period ends on the location's wall clock (wall-clock ms): the minute of `wallMs`, its data's moment. */
export function periodEndWallMs(wallMs: number): number {
  return Math.floor(wallMs / MINUTE_MS) * MINUTE_MS;
}

/** The compared period's cut on its own wall clock: this period's end, `shiftDays` calendar days earlier. */
export function comparedCutWallMs(endWallMs: number, shiftDays: number): number {
  return endWallMs - shiftDays * DAY_MS;
}

interface WallWindow {
  startWall: number;
  endWall: number;
}

function wallOf(point: { window_start: string; window_end: string }): WallWindow {
  return {
    startWall: parseLocalDateTime(point.window_start).wallMs,
    endWall: parseLocalDateTime(point.window_end).wallMs,
  };
}

/** A window is complete when it ends, on the wall clock, at or before `untilWallMs`. */
export function isCompleteBy(point: { window_end: string }, untilWallMs: number): boolean {
  return parseLocalDateTime(point.window_end).wallMs <= untilWallMs;
}

/** The window the cut falls inside (it starts before the cut and ends after it), or null. */
export function windowAtCut<P extends { window_start: string; window_end: string }>(
  points: readonly P[],
  cutWallMs: number,
): P | null {
  return (
    points.find((point) => {
      const { startWall, endWall } = wallOf(point);
      return startWall < cutWallMs && endWall > cutWallMs;
    }) ?? null
  );
}

/**
 * The local dates whose finer windows rebuild the window the cut falls inside: from that window's start date to the
 * cut's date. Null when no window holds the cut.
 */
export function finerSpanAt(
  points: readonly { window_start: string; window_end: string }[],
  cutWallMs: number,
): DateSpan | null {
  const window = windowAtCut(points, cutWallMs);
  if (!window) return null;
  return { start: utcMsToIsoDate(wallOf(window).startWall), end: utcMsToIsoDate(cutWallMs) };
}

/**
 * The compared windows, cut at `cutWallMs` (the module's comment says how). `finer`, when given, holds the finer
 * windows of the days `finerSpanAt` names: the window the cut falls in is rebuilt from them, and left out when none of
 * them starts before the cut (nothing had been measured yet, as this period would have no such window).
 */
export function cutAt<M extends Metric>(
  metric: M,
  points: readonly PointOf<M>[],
  cutWallMs: number,
  finer?: readonly PointOf<M>[],
): PointOf<M>[] {
  const cut: PointOf<M>[] = [];
  for (const point of points) {
    const { startWall, endWall } = wallOf(point);
    if (endWall <= cutWallMs) cut.push(point);
    else if (startWall < cutWallMs) {
      const parts = finer
        ? partsBefore(finer, startWall, endWall, cutWallMs)
        : [{ point, share: shareBefore({ startWall, endWall }, cutWallMs) }];
      const rebuilt = combine(metric, point, parts);
      if (rebuilt) cut.push(rebuilt);
    }
  }
  return cut;
}

/** A window and the share of it before the cut (1: all of it). */
interface Part<P> {
  point: P;
  share: number;
}

function shareBefore({ startWall, endWall }: WallWindow, cutWallMs: number): number {
  if (endWall <= cutWallMs) return 1;
  return endWall > startWall ? Math.max(0, (cutWallMs - startWall) / (endWall - startWall)) : 0;
}

/** The finer windows inside [startWall, endWall) that start before the cut, each with its share before it. */
function partsBefore<P extends { window_start: string; window_end: string }>(
  finer: readonly P[],
  startWall: number,
  endWall: number,
  cutWallMs: number,
): Part<P>[] {
  const parts: Part<P>[] = [];
  for (const point of finer) {
    const wall = wallOf(point);
    if (wall.startWall < startWall || wall.startWall >= cutWallMs || wall.endWall > endWall) continue;
    parts.push({ point, share: shareBefore(wall, cutWallMs) });
  }
  return parts;
}

/** The weight of a part in an average: its real length before the cut. */
function weightOf(part: Part<{ window_start: string; window_end: string }>): number {
  const { point, share } = part;
  return (parseLocalDateTime(point.window_end).instantMs - parseLocalDateTime(point.window_start).instantMs) * share;
}

/** `window`'s bounds with the numbers of `parts` (null when no part has time before the cut). */
function combine<M extends Metric>(
  metric: M,
  window: PointOf<M>,
  parts: readonly Part<PointOf<M>>[],
): PointOf<M> | null {
  const timed = parts.filter((part) => part.share > 0);
  if (timed.length === 0) return null;
  const bounds = { timestamp: window.timestamp, window_start: window.window_start, window_end: window.window_end };
  const mean = (value: (point: PointOf<M>) => number | null) =>
    weightedMean(
      timed.flatMap((part) => {
        const v = value(part.point);
        return v === null ? [] : [{ value: v, weight: weightOf(part) }];
      }),
    );
  const highest = (value: (point: PointOf<M>) => number | null) =>
    timed.reduce<number | null>((max, part) => {
      const v = value(part.point);
      return v === null || (max !== null && max >= v) ? max : v;
    }, null);
  type Any = PointOf<Metric> & Record<string, number | null>;
  const field = (name: string) => (point: PointOf<M>) => (point as Any)[name] ?? null;
  switch (metric) {
    case 'traffic':
      return {
        ...bounds,
        traffic: timed.reduce((sum, part) => sum + (part.point as PointOf<'traffic'>).traffic * part.share, 0),
      } as PointOf<M>;
    case 'occupancy':
      return {
        ...bounds,
        avg_occupancy: mean(field('avg_occupancy')) ?? 0,
        avg_utilization_percentage: mean(field('avg_utilization_percentage')) ?? 0,
        peak_occupancy: highest(field('peak_occupancy')) ?? 0,
        peak_utilization_percentage: highest(field('peak_utilization_percentage')) ?? 0,
      } as PointOf<M>;
    case 'availability':
      return { ...bounds, availability_percentage: mean(field('availability_percentage')) } as PointOf<M>;
    case 'dwell_time':
      return {
        ...bounds,
        avg_dwell_time: mean(field('avg_dwell_time')),
        peak_dwell_time: highest(field('peak_dwell_time')),
      } as PointOf<M>;
  }
  return null;
}
