/**
 * The wall hours a location's clock skips on a given day (its spring-forward hour), asked for by every chart and
 * figure that walks a local day hour by hour.
 */
import { instantsOfWall, zoneClock, type LocalClock } from './local-clock';
import { zoneOffsetMinutes } from './offset-change';
import { isoDateToUtcMs, type LocationZone } from './time';
import { DAY_MS, HOUR_MS } from './time-spans';

/**
 * The wall hours (0..23) of `date` whose first minute the location's clock never reads: the spring-forward hour of a
 * named zone, or of a probed day whose two offsets differ (its change placed as lib/time.ts `probedOffsetAt` places
 * it). A fixed offset skips none. Kept per named zone and date: a portfolio asks for every day of every row.
 */
export function skippedWallHours(zone: LocationZone, date: string): readonly number[] {
  if (zone.kind === 'offset') return [];
  if (zone.kind === 'day') {
    const { day } = zone;
    return day.startOffsetMinutes === day.endOffsetMinutes ? [] : missingWallHours(zoneClock(zone), date);
  }
  const key = `${zone.name} ${date}`;
  let skipped = skippedHoursKept.get(key);
  if (skipped === undefined) {
    skipped = offsetChangesAround(zone.name, date) ? missingWallHours(zoneClock(zone), date) : [];
    if (skippedHoursKept.size >= SKIPPED_HOURS_KEPT) skippedHoursKept.clear();
    skippedHoursKept.set(key, skipped);
  }
  return skipped;
}

/** Zones × dates kept by skippedWallHours: a year of days for a dozen zones. */
const SKIPPED_HOURS_KEPT = 5_000;
const skippedHoursKept = new Map<string, readonly number[]>();

/**
 * Whether the zone's offset from UTC changes anywhere from 14 hours before the UTC date to 14 hours after it, which
 * holds every zone's local day of that date: read every 6 hours, as no zone changes twice within hours.
 */
function offsetChangesAround(timeZone: string, date: string): boolean {
  const from = isoDateToUtcMs(date) - 14 * HOUR_MS;
  const first = zoneOffsetMinutes(timeZone, from);
  for (let at = from + 6 * HOUR_MS; at <= from + DAY_MS + 28 * HOUR_MS; at += 6 * HOUR_MS) {
    if (zoneOffsetMinutes(timeZone, at) !== first) return true;
  }
  return false;
}

function missingWallHours(clock: LocalClock, date: string): number[] {
  const dayMs = isoDateToUtcMs(date);
  const skipped: number[] = [];
  for (let hour = 0; hour < 24; hour++) {
    if (instantsOfWall(clock, dayMs + hour * HOUR_MS).length === 0) skipped.push(hour);
  }
  return skipped;
}
