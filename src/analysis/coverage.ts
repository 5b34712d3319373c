/**
 * Data health, purely: how much of what the API should have sent it did send. `data-coverage` is the share (0–1) of
 * the range's expected hourly windows for which the API returned a window. Expected are the hourly windows of each
 * local date of the range on the location's clock (lib/local-clock.ts: one real hour each from local midnight, so 23
 * on a spring-forward day and 25 on a fall-back day, its repeated wall hour twice) whose wall hour and date are in
 * the hours and days applied (the `hour_range` and `days_of_week` the response echoes), and which have ended by now.
 * An expected window is present when a returned window starts at the same instant, so each of a repeated hour's
 * two windows is matched on its own. Beside it, when the latest window it returned ended, and its gaps: each run of
 * expected windows with no data, from the first one's start to the last one's end (wall clock), a run going on until
 * no present window breaks it. A run that reaches now is the location going silent; one that began more than a day
 * ago is "silent for more than a day".
 */
import { localHours, type LocalClock } from '../lib/local-clock';
import { addDays, dayCode, hourRangeTest, parseLocalDateTime } from '../lib/time';
import { DAY_MS } from '../lib/time-spans';
import type { OpenSchedule } from './open-hours';

export interface CoverageInput {
  points: readonly { window_start: string; window_end: string }[];
  /** The range's local dates, inclusive. */
  start: string;
  end: string;
  /** The hours and days applied (the response's echo). */
  schedule: OpenSchedule;
  nowMs: number;
  /**
   * The clock the windows were cut on (lib/local-clock.ts `windowsClock`): a named zone's, else the offsets the
   * windows themselves carry.
   */
  clock: LocalClock;
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
  const { points, start, end, schedule, nowMs, clock } = input;
  const returned = new Set<number>();
  let latestMs: number | null = null;
  for (const point of points) {
    returned.add(parseLocalDateTime(point.window_start).instantMs);
    const endMs = Math.min(parseLocalDateTime(point.window_end).instantMs, nowMs);
    if (latestMs === null || endMs > latestMs) latestMs = endMs;
  }
  const inHours = hourRangeTest(schedule.hours);
  let expected = 0;
  let present = 0;
  const gaps: Gap[] = [];
  let run: Gap | null = null;
  let runStartMs = 0;
  dates: for (let date = start; date <= end; date = addDays(date, 1)) {
    if (!schedule.days.includes(dayCode(date))) continue;
    for (const hour of localHours(clock, date)) {
      if (hour.endMs > nowMs) break dates;
      if (!inHours(new Date(hour.startWall).getUTCHours())) continue;
      expected++;
      if (returned.has(hour.startMs)) {
        present++;
        run = null;
      } else if (run) {
        run.endWall = hour.endWall;
      } else {
        run = { startWall: hour.startWall, endWall: hour.endWall, ongoing: false };
        runStartMs = hour.startMs;
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
    silentOverADay: run !== null && nowMs - runStartMs > DAY_MS,
  };
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
