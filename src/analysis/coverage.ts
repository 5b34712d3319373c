/**
 * Data health, purely: how much of what the API should have sent it did send. `data-coverage` is the share (0–1) of
 * the range's expected hourly windows for which the API returned a window: expected are the wall hours of the
 * hours and days applied (the `hour_range` and `days_of_week` the response echoes) on each date of the range, up to
 * now (windows that have ended), less the hours a DST change skips. Beside it, when the latest window it returned
 * ended, and its gaps: each run of expected windows with no data, from the first one's start to the last one's end
 * (wall clock), a run going on until no present window breaks it. A run that reaches now is the location going
 * silent; one that began more than a day ago is "silent for more than a day".
 */
import { addDays, formatWall, hourRangeTest, isoDateToUtcMs, parseLocalDateTime } from '../lib/time';
import { DAY_MS, HOUR_MS } from '../lib/time-spans';
import type { OpenSchedule } from './open-hours';

export interface CoverageInput {
  points: readonly { window_start: string; window_end: string }[];
  /** The range's local dates, inclusive. */
  start: string;
  end: string;
  /** The hours and days applied (the response's echo). */
  schedule: OpenSchedule;
  /** Now on the location's wall clock (wall-clock ms), and as an instant. */
  nowWallMs: number;
  nowMs: number;
  /** The wall hours a date skips (spring forward), if the zone is known. */
  skippedHours?: (date: string) => readonly number[];
}

export interface Gap {
  /** Wall-clock ms of the first missing window's start and the last one's end. */
  startWall: number;
  endWall: number;
  /** The gap runs up to now: the location is silent. */
  ongoing: boolean;
}

export interface Coverage {
  /** Present ÷ expected; null when no window was expected yet. */
  share: number | null;
  expected: number;
  present: number;
  /** The instant the latest window returned ended (capped at now), or null when none came. */
  latestMs: number | null;
  gaps: Gap[];
  /** A gap reaching now began more than a day ago. */
  silentOverADay: boolean;
}

export function dataCoverage(input: CoverageInput): Coverage {
  const { points, start, end, schedule, nowWallMs, nowMs, skippedHours } = input;
  const returned = new Set<number>();
  let latestMs: number | null = null;
  for (const point of points) {
    returned.add(parseLocalDateTime(point.window_start).wallMs);
    const endMs = Math.min(parseLocalDateTime(point.window_end).instantMs, nowMs);
    if (latestMs === null || endMs > latestMs) latestMs = endMs;
  }
  const inHours = hourRangeTest(schedule.hours);
  let expected = 0;
  let present = 0;
  const gaps: Gap[] = [];
  let run: Gap | null = null;
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const dayMs = isoDateToUtcMs(date);
    if (dayMs >= nowWallMs) break;
    if (!schedule.days.includes(new Date(dayMs).getUTCDay() + 1)) continue;
    const skipped = skippedHours?.(date) ?? [];
    for (let hour = 0; hour < 24; hour++) {
      const wall = dayMs + hour * HOUR_MS;
      if (wall + HOUR_MS > nowWallMs) break;
      if (!inHours(hour) || skipped.includes(hour)) continue;
      expected++;
      if (returned.has(wall)) {
        present++;
        run = null;
      } else if (run) {
        run.endWall = wall + HOUR_MS;
      } else {
        run = { startWall: wall, endWall: wall + HOUR_MS, ongoing: false };
        gaps.push(run);
      }
    }
  }
  if (run) run.ongoing = true;
  return {
    share: expected === 0 ? null : present / expected,
    expected,
    present,
    latestMs,
    gaps,
    silentOverADay: run !== null && nowWallMs - run.startWall > DAY_MS,
  };
}

/** A gap in words, on the location's wall clock: `no data Tue 3 Jun 00:00 – Wed 4 Jun 00:00`, `no data since …`. */
export function gapWords(gap: Gap): string {
  const at = (wall: number) => formatWall(wall, 'EEE d MMM HH:mm');
  return gap.ongoing ? `no data since ${at(gap.startWall)}` : `no data ${at(gap.startWall)} – ${at(gap.endWall)}`;
}

/** What a portfolio row keeps of it: a few numbers. */
export interface DataHealth {
  coverage: number | null;
  latestMs: number | null;
  gaps: number;
  silentOverADay: boolean;
}

export function dataHealth(coverage: Coverage): DataHealth {
  return {
    coverage: coverage.share,
    latestMs: coverage.latestMs,
    gaps: coverage.gaps.length,
    silentOverADay: coverage.silentOverADay,
  };
}
