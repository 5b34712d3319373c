/**
 * How many people are in a location now, from what the server can tell, purely:
 * - `now`: a reading of `/locations/{id}/now` with a count in it (api/now.ts reads it leniently), taken at its own
 *   `timestamp` when the body has one, else when it was received;
 * - `latest-window`: where `/now` has no count to read, the latest 15-minute occupancy window of today that has
 *   started (the current one while it runs, else the last complete one): its `avg_occupancy`, as of its start.
 * Whichever it is, the reading says so, and how old it is.
 */
import type { NowReading } from '../api/now';
import type { OccupancyPoint } from '../api/schemas';
import { parseLocalDateTime } from '../lib/time';

export type ReadingSource = 'now' | 'latest-window';

export interface LiveReading {
  people: number;
  /** The instant the reading stands for. */
  takenMs: number;
  source: ReadingSource;
  /** For a window: its bounds, as the server sent them. */
  window?: { start: string; end: string };
}

/** A `/now` reading with a count, or null. */
export function fromNow(reading: NowReading | null | undefined, receivedMs: number): LiveReading | null {
  if (!reading || reading.people === null) return null;
  const takenMs = reading.at ? parseLocalDateTime(reading.at).instantMs : receivedMs;
  return { people: reading.people, takenMs, source: 'now' };
}

/** The latest window that has started by `nowMs`, or null when none has. */
export function fromLatestWindow(points: readonly OccupancyPoint[], nowMs: number): LiveReading | null {
  let latest: { point: OccupancyPoint; startMs: number } | null = null;
  for (const point of points) {
    const startMs = parseLocalDateTime(point.window_start).instantMs;
    if (startMs > nowMs || (latest && startMs <= latest.startMs)) continue;
    latest = { point, startMs };
  }
  if (!latest) return null;
  const { point, startMs } = latest;
  return {
    people: point.avg_occupancy,
    takenMs: startMs,
    source: 'latest-window',
    window: { start: point.window_start, end: point.window_end },
  };
}
