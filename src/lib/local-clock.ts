/**
 * A location's clock as its UTC offset over time, and what follows from it: which instants read a wall time, where
 * each local day starts, and the day's hourly windows as the API cuts them (docs/api.md: one real hour each, stepping
 * from local midnight to the next), so 23 on a spring-forward day and 25 on a fall-back day, the repeated wall hour
 * twice, each window with the wall clock at its start and end.
 *
 * Its offsets come from a named zone (the time zone database), a fixed offset, a probed day (lib/time.ts
 * `probedOffsetAt`), or, for a location whose zone has no name, the windows the API sent (lib/day-offsets.ts).
 */
import { offsetIn, offsetTimeline, windowObservations } from './day-offsets';
import { firstMinuteWhen, zoneOffsetMinutes } from './offset-change';
import { addDays, isoDateToUtcMs, probedOffsetAt, type LocationZone } from './time';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time-spans';

export interface LocalClock {
  /** Minutes east of UTC in force at an instant. */
  offsetAt(instantMs: number): number;
}

/** The clock of a location's zone. */
export function zoneClock(zone: LocationZone): LocalClock {
  if (zone.kind === 'zone') return namedClock(zone.name);
  if (zone.kind === 'offset') {
    const { offsetMinutes } = zone;
    return { offsetAt: () => offsetMinutes };
  }
  const { day } = zone;
  return { offsetAt: (instantMs) => probedOffsetAt(day, instantMs) };
}

/**
 * The clock a location's windows were cut on: a named zone's own; else the offsets the windows carry, with the
 * responses' `time_range` bounds and a probed day's as more instants seen, and the zone's where none is.
 */
export function windowsClock(
  zone: LocationZone,
  points: readonly { window_start: string; window_end: string }[],
  ranges: readonly { start: string; end: string }[] = [],
): LocalClock {
  if (zone.kind === 'zone') return zoneClock(zone);
  const observed = windowObservations(points);
  // A range's bounds are written as a window's are.
  observed.push(...windowObservations(ranges.map(({ start, end }) => ({ window_start: start, window_end: end }))));
  if (zone.kind === 'day') {
    const { startMs, endMs, startOffsetMinutes, endOffsetMinutes } = zone.day;
    observed.push(
      { instantMs: startMs, offsetMinutes: startOffsetMinutes },
      { instantMs: endMs, offsetMinutes: endOffsetMinutes },
    );
  }
  const timeline = offsetTimeline(observed);
  return timeline ? { offsetAt: (instantMs) => offsetIn(timeline, instantMs) } : zoneClock(zone);
}

/** One clock a zone name, its offsets kept by instant: a portfolio asks for the same midnights for every row of a zone. */
const namedClocks = new Map<string, LocalClock>();
const OFFSETS_KEPT = 20_000;

function namedClock(name: string): LocalClock {
  let clock = namedClocks.get(name);
  if (!clock) {
    const kept = new Map<number, number>();
    clock = {
      offsetAt(instantMs) {
        let offset = kept.get(instantMs);
        if (offset === undefined) {
          offset = zoneOffsetMinutes(name, instantMs);
          if (kept.size >= OFFSETS_KEPT) kept.clear();
          kept.set(instantMs, offset);
        }
        return offset;
      },
    };
    namedClocks.set(name, clock);
  }
  return clock;
}

// ---------------------------------------------------------------------------------------------------
// Wall times and local days

/**
 * The instants at which the clock reads `wallMs` (wall-clock ms), earliest first: one, two in the hour a fall-back
 * repeats, none in the hour a spring-forward skips. Offsets are those in force a day either side, as no clock
 * changes twice within two days.
 */
export function instantsOfWall(clock: LocalClock, wallMs: number): number[] {
  const offsets = new Set([clock.offsetAt(wallMs - DAY_MS), clock.offsetAt(wallMs + DAY_MS)]);
  return [...offsets]
    .map((offset) => ({ offset, instantMs: wallMs - offset * MINUTE_MS }))
    .filter(({ offset, instantMs }) => clock.offsetAt(instantMs) === offset)
    .map(({ instantMs }) => instantMs)
    .sort((a, b) => a - b);
}

/** The first instant of a local date: its (first) midnight, or where clocks skip midnight, the change. */
export function localDayStart(clock: LocalClock, date: string): number {
  const wallMs = isoDateToUtcMs(date);
  const first = instantsOfWall(clock, wallMs)[0];
  if (first !== undefined) return first;
  const before = clock.offsetAt(wallMs - DAY_MS);
  const after = clock.offsetAt(wallMs + DAY_MS);
  return firstMinuteWhen(
    wallMs - after * MINUTE_MS,
    wallMs - before * MINUTE_MS,
    (instantMs) => instantMs + clock.offsetAt(instantMs) * MINUTE_MS >= wallMs,
  );
}

export interface LocalHour {
  /** Its bounds as instants: one hour, the day's last cut at the next day's start. */
  startMs: number;
  endMs: number;
  /** The wall clock at them (wall-clock ms). */
  startWall: number;
  endWall: number;
}

/** The hourly windows of a local date, in order: 24, or 23 and 25 on the days the clock changes. */
export function localHours(clock: LocalClock, date: string): LocalHour[] {
  const startMs = localDayStart(clock, date);
  const endMs = localDayStart(clock, addDays(date, 1));
  const offset = clock.offsetAt(startMs);
  // A day of 24 hours that ends on the offset it started on has it throughout (no clock changes twice in a day).
  const steady = endMs - startMs === DAY_MS && clock.offsetAt(endMs) === offset;
  const wallAt = (instantMs: number) => instantMs + (steady ? offset : clock.offsetAt(instantMs)) * MINUTE_MS;
  const hours: LocalHour[] = [];
  for (let at = startMs; at < endMs; at += HOUR_MS) {
    const end = Math.min(at + HOUR_MS, endMs);
    hours.push({ startMs: at, endMs: end, startWall: wallAt(at), endWall: wallAt(end) });
  }
  return hours;
}
