/**
 * What a spec server in a real IANA zone answers as `time_range` for `start_date` … `end_date`: from the first
 * instant of the first day (local midnight, or where DST skips midnight, as in Santiago, the first minute that
 * exists) to the first instant after the last day, each with its offset. Built on date-fns-tz only, never on the
 * app's own time code, so tests of that code have an independent reference.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

import { HOUR_MS, MINUTE_MS } from '../lib/time-spans';

export function zonedTimeRange(zone: string, startDate: string, endDate: string): { start: string; end: string } {
  const format = (instantMs: number) => formatInTimeZone(instantMs, zone, "yyyy-MM-dd'T'HH:mm:ssXXX");
  return { start: format(firstInstantOf(zone, startDate)), end: format(firstInstantOf(zone, nextDate(endDate))) };
}

/** The zone's calendar date at an instant. */
export function dateInZone(zone: string, instantMs: number): string {
  return formatInTimeZone(instantMs, zone, 'yyyy-MM-dd');
}

function firstInstantOf(zone: string, date: string): number {
  let ms = fromZonedTime(`${date}T00:00:00`, zone).getTime();
  while (dateInZone(zone, ms) < date) ms += MINUTE_MS;
  while (dateInZone(zone, ms - MINUTE_MS) === date) ms -= MINUTE_MS;
  return ms;
}

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The hourly windows a spec server in a real IANA zone sends for `startDate` … `endDate`, every hour of every day, in
 * the real vendor's shape (each bound with its own offset): one real hour each, stepping from each local day's first
 * instant to the next's, so 23 on a spring-forward day (`01:00+01:00` to `03:00+02:00` across the change) and 25 on a
 * fall-back day.
 */
export function zonedHours(zone: string, startDate: string, endDate: string) {
  const format = (instantMs: number) => formatInTimeZone(instantMs, zone, "yyyy-MM-dd'T'HH:mm:ssXXX");
  const windows: { window_start: string; window_end: string }[] = [];
  for (let date = startDate; date <= endDate; date = nextDate(date)) {
    const endMs = firstInstantOf(zone, nextDate(date));
    for (let at = firstInstantOf(zone, date); at < endMs; at += HOUR_MS) {
      windows.push({ window_start: format(at), window_end: format(Math.min(at + HOUR_MS, endMs)) });
    }
  }
  return windows;
}
