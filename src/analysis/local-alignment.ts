/**
 * Several locations on one axis of local wall-clock time: each window is placed at its own wall clock (the local
 * time its `window_start` names, encoded as UTC: lib/time.ts), so Monday 09:00 in Berlin and Monday 09:00 in New York
 * are one x, whatever their offsets. Pure.
 *
 * Around a DST change a location's wall clock skips an hour (spring: no window there, a gap in its line) or repeats
 * one (autumn: two windows at one wall time). A repeated wall time is drawn once, with the first window (the earlier
 * instant): a line never runs back on its own axis, and the hour that is drawn is the one the location lived first.
 */
import { parseLocalDateTime } from '../lib/time';

/** One location's values at their local wall-clock times (ms), in time order, each wall time once. */
export type AlignedPoints = readonly (readonly [wallMs: number, value: number | null])[];

export function alignOnLocalTime<P extends { window_start: string }>(
  points: readonly P[],
  value: (point: P) => number | null,
): AlignedPoints {
  const placed = points.map((point) => {
    const start = parseLocalDateTime(point.window_start);
    return { wallMs: start.wallMs, instantMs: start.instantMs, value: value(point) };
  });
  placed.sort((a, b) => a.wallMs - b.wallMs || a.instantMs - b.instantMs);
  const aligned: [number, number | null][] = [];
  for (const { wallMs, value: v } of placed) {
    if (aligned.length > 0 && aligned[aligned.length - 1]![0] === wallMs) continue;
    aligned.push([wallMs, v]);
  }
  return aligned;
}

/** The wall-clock span [first, last] over every location's points, or undefined when none has any. */
export function sharedSpan(series: readonly AlignedPoints[]): [number, number] | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const points of series) {
    if (points.length === 0) continue;
    min = Math.min(min, points[0]![0]);
    max = Math.max(max, points[points.length - 1]![0]);
  }
  return min <= max ? [min, max] : undefined;
}
