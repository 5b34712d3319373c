/**
 * A location's UTC offsets over time, read from what the API wrote: every `window_start` and `window_end` carries the
 * offset in force at its instant (a window across a spring-forward change starts `01:00+01:00` and ends
 * `03:00+02:00`), and so does a probed day's `time_range`. Between two instants seen on different offsets lies one
 * change, placed by lib/offset-change.ts: exactly where windows meet it, by its rule across a stretch with none
 * (closed hours, an outage). Two instants seen on the same offset are taken to have none between them. What this
 * gives, the offset at any instant, is what lib/local-clock.ts makes local days and their hourly windows of: 23 on a
 * spring-forward day, 25 on a fall-back day, each with its wall hour.
 */
import { placeOffsetChange } from './offset-change';
import { parseLocalDateTime } from './time';

/** An instant the API wrote, with the offset it wrote it with. */
export interface OffsetObservation {
  instantMs: number;
  offsetMinutes: number;
}

export interface OffsetChange {
  /** The instant the new offset took effect. */
  atMs: number;
  /** Minutes east of UTC, before and from `atMs`. */
  from: number;
  to: number;
}

export interface OffsetTimeline {
  /** The offset before the first change, and everywhere when there is none. */
  first: number;
  /** In the order of their instants. */
  changes: readonly OffsetChange[];
}

/** Both bounds of every window. */
export function windowObservations(
  points: readonly { window_start: string; window_end: string }[],
): OffsetObservation[] {
  const observed: OffsetObservation[] = [];
  for (const point of points) {
    for (const text of [point.window_start, point.window_end]) {
      const { instantMs, offsetMinutes } = parseLocalDateTime(text);
      observed.push({ instantMs, offsetMinutes });
    }
  }
  return observed;
}

/** The offsets over time the observations show, in any order; null when there are none. */
export function offsetTimeline(observations: readonly OffsetObservation[]): OffsetTimeline | null {
  if (observations.length === 0) return null;
  const sorted = [...observations].sort((a, b) => a.instantMs - b.instantMs);
  const first = sorted[0]!;
  const changes: OffsetChange[] = [];
  let current = first.offsetMinutes;
  let lastSeenMs = first.instantMs;
  for (const { instantMs, offsetMinutes } of sorted) {
    if (offsetMinutes !== current) {
      const stretch = { lastOldMs: lastSeenMs, firstNewMs: instantMs, from: current, to: offsetMinutes };
      changes.push({ atMs: placeOffsetChange(stretch), from: current, to: offsetMinutes });
      current = offsetMinutes;
    }
    lastSeenMs = instantMs;
  }
  return { first: first.offsetMinutes, changes };
}

/** The offset in force at an instant: the first's before every change, the last's after them all. */
export function offsetIn(timeline: OffsetTimeline, instantMs: number): number {
  const { changes } = timeline;
  // The last change at or before the instant, by bisection: a year of hourly windows may hold a few dozen.
  let low = -1;
  let high = changes.length;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (changes[middle]!.atMs <= instantMs) low = middle;
    else high = middle;
  }
  return low < 0 ? timeline.first : changes[low]!.to;
}
