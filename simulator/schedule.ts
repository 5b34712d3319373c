/**
 * When a location is open: its operating days and hours (inclusive hours, local time), minus public
 * holidays for activities that close on them. A group is open while any of its children is.
 */
import { ACTIVITY_PROFILES } from './activity-profiles';
import { HOUR_MS, type LocalDay, localDayAt } from './local-time';
import { childrenOf, type Location } from './locations';
import { isPublicHoliday } from './regional-calendar';

/** Whether a leaf opens at all on the day. */
export function isOpenDay(location: Location, day: LocalDay): boolean {
  if (location.activity === null) return childrenOf(location).some((child) => isOpenDay(child, day));
  if (!location.operatingDays.includes(day.weekday)) return false;
  const closesOnHolidays = ACTIVITY_PROFILES[location.activity].closesOnPublicHolidays;
  return !(closesOnHolidays && isPublicHoliday(location.timeZone, day.dayNumber));
}

export function isOpenHour(location: Location, wallHour: number): boolean {
  return wallHour >= location.operatingHours.start && wallHour <= location.operatingHours.end;
}

export function isOpenAt(location: Location, epochMs: number): boolean {
  if (location.activity === null) return childrenOf(location).some((child) => isOpenAt(child, epochMs));
  const day = localDayAt(location.timeZone, epochMs);
  const hour = day.hours[Math.floor((epochMs - day.startMs) / HOUR_MS)];
  return hour !== undefined && isOpenDay(location, day) && isOpenHour(location, hour.wallHour);
}
