/**
 * Time, explicitly: how the location's local time is read and shown (a time string itself: lib/local-datetime.ts).
 *
 * The API sends local RFC 3339 strings (`2026-03-08T09:00:00+11:00`). We never let the browser's zone touch
 * them: a string's wall clock is read from its own fields (lib/local-datetime.ts, re-exported here), and kept as a
 * "wall-clock ms" value (the wall clock encoded as if it were UTC), which ECharts draws with `useUTC: true` and
 * lib/wall-format.ts formats in 'UTC'.
 * "Today" and presets are computed in the location's zone (an IANA name, or a fixed offset when the server
 * gives none).
 */
import { parseLocalDateTime, utcMs } from './local-datetime';
import { placeOffsetChange } from './offset-change';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time-spans';
import { formatWallMs, formatWallRange } from './wall-format';

export { parseLocalDateTime, READ_KEPT, type LocalDateTime } from './local-datetime';

/** Formats a wall-clock ms with a pattern of date-fns's letters in the language in force (lib/wall-format.ts). */
export function formatWall(wallMs: number, pattern: string): string {
  return formatWallMs(wallMs, pattern);
}

/** `UTC+11:00`, `UTC−05:00`, `UTC` */
export function formatOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '−';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------
// The location's zone

/**
 * Where the location's clock comes from: a named zone; a fixed offset; or, for a server that names no zone
 * (the real vendor's records have none), the bounds of one local day as the server itself reported them.
 */
export type LocationZone =
  { kind: 'zone'; name: string } | { kind: 'offset'; offsetMinutes: number } | { kind: 'day'; day: ProbedDay };

/** The zone's name, else its offset: at `atMs` when given, else a probed day's last. */
export function zoneLabel(zone: LocationZone, atMs?: number): string {
  if (zone.kind === 'zone') return zone.name;
  if (zone.kind === 'offset') return formatOffset(zone.offsetMinutes);
  return formatOffset(atMs === undefined ? zone.day.endOffsetMinutes : probedOffsetAt(zone.day, atMs));
}

/** The calendar date (YYYY-MM-DD) at `nowMs` in the location's zone. */
export function todayIn(zone: LocationZone, nowMs: number): string {
  if (zone.kind === 'day') {
    const date = localDateFromProbe(zone.day, nowMs);
    if (date !== null) return date;
  }
  return utcMsToIsoDate(wallClockAt(zone, nowMs));
}

/** An instant on the location's clock, with a pattern as `formatWall`'s. */
export function formatInstantIn(zone: LocationZone, instantMs: number, pattern: string): string {
  return formatWall(wallClockAt(zone, instantMs), pattern);
}

/**
 * An instant on the location's wall clock, as wall-clock ms: a named zone through `Intl` (the time zone database of
 * the browser), a fixed offset by shifting the instant, a probed day by its offset at the instant (`probedOffsetAt`).
 */
export function wallClockAt(zone: LocationZone, instantMs: number): number {
  if (zone.kind === 'zone') return wallClockInZone(zone.name, instantMs);
  const offset = zone.kind === 'offset' ? zone.offsetMinutes : probedOffsetAt(zone.day, instantMs);
  return instantMs + offset * MINUTE_MS;
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockInZone(name: string, instantMs: number): number {
  let clock = zoneClocks.get(name);
  if (clock === undefined) {
    const digits = '2-digit';
    const fields = { month: digits, day: digits, hour: digits, minute: digits, second: digits } as const;
    clock = new Intl.DateTimeFormat('en-US', { year: 'numeric', ...fields, hourCycle: 'h23', timeZone: name });
    zoneClocks.set(name, clock);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of clock.formatToParts(instantMs)) part[type] = Number(value);
  const wallMs = utcMs(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  // Intl gives whole seconds; the milliseconds are the instant's own (no zone is offset by a fraction of a second).
  return wallMs + (((instantMs % 1000) + 1000) % 1000);
}

/**
 * A probed day's offset at an instant. Its start's and its end's differ on a DST change, which is then placed in the
 * day by lib/offset-change.ts (the instant the time zone database's zones with those two offsets that day agree on,
 * else 02:00 on the old offset): the start's offset before it, the end's from it on, also on the days either side.
 */
export function probedOffsetAt(day: ProbedDay, instantMs: number): number {
  const { startMs, endMs, startOffsetMinutes: from, endOffsetMinutes: to } = day;
  if (from === to) return from;
  return instantMs < placeOffsetChange({ lastOldMs: startMs, firstNewMs: endMs, from, to }) ? from : to;
}

// ---------------------------------------------------------------------------------------------------
// A location without a zone name: today's date from the server's own day bounds
//
// The spec gives no zone, but every metric response carries `time_range`: for a one-day request (start_date =
// end_date = D) it is [local midnight of D, local midnight after D), both with their offsets
// (docs/api.md, "The location's time zone"). Those two instants decide the location's date at any
// instant near them, exactly, with no guess of an offset: before the start it is D − 1, inside it D, after the end
// D + 1. The probe's date depends on the clock alone (the UTC date), never on an answer, so no response can change
// the request that produced it.

/** The bounds of one local day, from a one-day response's `time_range`. */
export interface ProbedDay {
  /** The requested date, D. */
  date: string;
  /** Local midnight of D, and the one after it (exclusive), as instants. */
  startMs: number;
  endMs: number;
  startOffsetMinutes: number;
  endOffsetMinutes: number;
}

/** The date to probe at `nowMs`: the UTC date, which is the location's date or a neighbour (offsets −12…+14 h). */
export function probeDateAt(nowMs: number): string {
  return utcMsToIsoDate(nowMs);
}

/** A day's bounds from the `time_range` the server answered a request for `date` … `date` with. */
export function probedDayFrom(date: string, timeRange: { start: string; end: string }): ProbedDay {
  const start = parseLocalDateTime(timeRange.start);
  const end = parseLocalDateTime(timeRange.end);
  return {
    date,
    startMs: start.instantMs,
    endMs: end.instantMs,
    startOffsetMinutes: start.offsetMinutes,
    endOffsetMinutes: end.offsetMinutes,
  };
}

/** No local day is shorter than this (a spring-forward day has 23 hours). */
const SHORTEST_DAY_MS = 23 * HOUR_MS;

/**
 * The location's date at `nowMs`, from a probed day: exact while `nowMs` is within a shortest day of its
 * bounds (always so for the probe of the current UTC date, and for the previous one until well after UTC
 * midnight), else null.
 */
export function localDateFromProbe(day: ProbedDay, nowMs: number): string | null {
  if (nowMs >= day.startMs && nowMs < day.endMs) return day.date;
  if (nowMs >= day.endMs && nowMs < day.endMs + SHORTEST_DAY_MS) return addDays(day.date, 1);
  if (nowMs < day.startMs && nowMs >= day.startMs - SHORTEST_DAY_MS) return addDays(day.date, -1);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Calendar dates (YYYY-MM-DD), zone-free arithmetic

export function isoDateToUtcMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return utcMs(y, m - 1, d);
}

export function utcMsToIsoDate(ms: number): string {
  const date = new Date(ms);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  return utcMsToIsoDate(isoDateToUtcMs(date) + days * DAY_MS);
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(utcMs(y, m - 1 + months, 1));
  const lastDay = new Date(utcMs(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return utcMsToIsoDate(utcMs(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** Inclusive count of calendar days from `start` to `end`. */
export function daysBetweenInclusive(start: string, end: string): number {
  return Math.round((isoDateToUtcMs(end) - isoDateToUtcMs(start)) / DAY_MS) + 1;
}

/** ISO weekday code of the spec: 1 = Sunday … 7 = Saturday. */
export function dayCode(date: string): number {
  return new Date(isoDateToUtcMs(date)).getUTCDay() + 1;
}

/** A date range for people, both ends inclusive: `18 Nov – 24 Nov 2026`, `28 Dec 2026 – 3 Jan 2027`, `18 Nov 2026`. */
export function formatDateRange(start: string, end: string): string {
  const startMs = isoDateToUtcMs(start);
  const endMs = isoDateToUtcMs(end);
  const range = formatWallRange(startMs, endMs);
  if (range !== null) return range;
  if (start === end) return formatWall(startMs, 'd MMM yyyy');
  const startPattern = start.slice(0, 4) === end.slice(0, 4) ? 'd MMM' : 'd MMM yyyy';
  return `${formatWall(startMs, startPattern)} – ${formatWall(endMs, 'd MMM yyyy')}`;
}

/**
 * Whether an hour (0–23) is in an hour range: both ends inclusive (24 = until midnight), and a range whose start is
 * after its end wraps past midnight (`22–6`).
 */
export function hourRangeTest({ start, end }: { start: number; end: number }): (hour: number) => boolean {
  return start <= end ? (hour) => hour >= start && hour <= end : (hour) => hour >= start || hour <= end;
}
