/**
 * Time, explicitly. The one module that knows how the location's local time is read and shown.
 *
 * The API sends local RFC 3339 strings (`2026-03-08T09:00:00+11:00`). We never let the browser's zone touch
 * them: a string's wall clock is read from its own fields, and kept as a "wall-clock ms" value (the wall clock
 * encoded as if it were UTC), which ECharts draws with `useUTC: true` and date-fns formats in 'UTC'.
 * "Today" and presets are computed in the location's zone (an IANA name, or a fixed offset when the server
 * gives none).
 */
import { formatInTimeZone } from 'date-fns-tz';

export interface LocalDateTime {
  /** The wall clock as if it were UTC: for drawing and formatting without the browser's zone. */
  wallMs: number;
  /** The real instant. */
  instantMs: number;
  /** Minutes east of UTC, from the string. */
  offsetMinutes: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

export function parseLocalDateTime(text: string): LocalDateTime {
  const match = RFC3339.exec(text);
  if (!match) throw new RangeError(`Not an RFC 3339 date-time with offset: ${text}`);
  const [, y, mo, d, h, mi, s, zone] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  const wallMs = utcMs(+y, +mo - 1, +d, +h, +mi, s ? +s : 0);
  const offsetMinutes = zone === undefined || /z/i.test(zone) ? 0 : parseOffset(zone);
  return { wallMs, instantMs: wallMs - offsetMinutes * 60_000, offsetMinutes };
}

function parseOffset(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const [hours, minutes] = text.slice(1).split(':').map(Number) as [number, number];
  return sign * (hours * 60 + minutes);
}

/** Formats a wall-clock ms with a date-fns pattern, whatever the browser's zone. */
export function formatWall(wallMs: number, pattern: string): string {
  return formatInTimeZone(wallMs, 'UTC', pattern);
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

/** Where the location's clock comes from: a named zone, or only the offset seen in the data. */
export type LocationZone = { kind: 'zone'; name: string } | { kind: 'offset'; offsetMinutes: number };

export function zoneLabel(zone: LocationZone): string {
  return zone.kind === 'zone' ? zone.name : formatOffset(zone.offsetMinutes);
}

/** The calendar date (YYYY-MM-DD) at `nowMs` in the location's zone. */
export function todayIn(zone: LocationZone, nowMs: number): string {
  return formatInstantIn(zone, nowMs, 'yyyy-MM-dd');
}

/**
 * An instant on the location's clock, with a date-fns pattern: a named zone through date-fns-tz, a fixed offset
 * (no zone name from the server) by shifting the instant and reading it in UTC.
 */
export function formatInstantIn(zone: LocationZone, instantMs: number, pattern: string): string {
  if (zone.kind === 'zone') return formatInTimeZone(instantMs, zone.name, pattern);
  return formatInTimeZone(instantMs + zone.offsetMinutes * 60_000, 'UTC', pattern);
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

/** `Date.UTC` without its trap: it reads years 0..99 as 1900..1999. Month and day may overflow, as there. */
function utcMs(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getTime();
}

export function addDays(date: string, days: number): string {
  return utcMsToIsoDate(isoDateToUtcMs(date) + days * 86_400_000);
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
  return Math.round((isoDateToUtcMs(end) - isoDateToUtcMs(start)) / 86_400_000) + 1;
}

/** ISO weekday code of the spec: 1 = Sunday … 7 = Saturday. */
export function dayCode(date: string): number {
  return new Date(isoDateToUtcMs(date)).getUTCDay() + 1;
}

/** A date range for people, both ends inclusive: `18 Nov – 24 Nov 2026`, `28 Dec 2026 – 3 Jan 2027`, `18 Nov 2026`. */
export function formatDateRange(start: string, end: string): string {
  const startMs = isoDateToUtcMs(start);
  const endMs = isoDateToUtcMs(end);
  if (start === end) return formatWall(startMs, 'd MMM yyyy');
  const startPattern = start.slice(0, 4) === end.slice(0, 4) ? 'd MMM' : 'd MMM yyyy';
  return `${formatWall(startMs, startPattern)} – ${formatWall(endMs, 'd MMM yyyy')}`;
}
