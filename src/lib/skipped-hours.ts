/**
 * The wall hours a location's clock skips on a given day (its spring-forward hour), asked for by every chart, figure
 * and coverage computation that walks a local day hour by hour.
 */
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz';

import { isoDateToUtcMs, type LocationZone } from './time';
import { DAY_MS, HOUR_MS } from './time-spans';

/**
 * The wall hours (0..23) of `date` that the location's clock skips: the spring-forward hour of a named zone. A fixed
 * offset skips none; so does a zone known only from a probed day (a server without zone names): its bounds tell a
 * 23-hour day but not which hour it lacks. Kept per zone and date: a portfolio's coverage asks for every day of
 * every row.
 */
export function skippedWallHours(zone: LocationZone, date: string): readonly number[] {
  if (zone.kind !== 'zone') return [];
  const key = `${zone.name} ${date}`;
  let skipped = skippedHoursKept.get(key);
  if (skipped === undefined) {
    skipped = offsetChangesAround(zone.name, date) ? findSkippedWallHours(zone.name, date) : [];
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
  const first = getTimezoneOffset(timeZone, from);
  for (let at = from + 6 * HOUR_MS; at <= from + DAY_MS + 28 * HOUR_MS; at += 6 * HOUR_MS) {
    if (getTimezoneOffset(timeZone, at) !== first) return true;
  }
  return false;
}

function findSkippedWallHours(timeZone: string, date: string): number[] {
  const skipped: number[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const wall = `${date}T${String(hour).padStart(2, '0')}:00:00`;
    const instant = fromZonedTime(wall, timeZone).getTime();
    // A wall time that exists comes back as itself; one in a gap comes back an hour off.
    if (formatInTimeZone(instant, timeZone, "yyyy-MM-dd'T'HH:mm:ss") !== wall) skipped.push(hour);
  }
  return skipped;
}
