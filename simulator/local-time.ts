/**
 * Civil dates and local time in IANA zones.
 *
 * A civil date is a `DayNumber`: whole days since 1970-01-01, independent of any zone. A `LocalDay` is
 * that date in one zone: its absolute start and end (local midnights, 23, 24 or 25 hours apart) and its
 * absolute hours, each labelled with its wall-clock hour and UTC offset. All DST transitions in the
 * simulator's zones fall on whole hours, so every absolute hour of a day has a single offset. Offsets
 * come from a per-zone, per-year table of transitions found with Intl.DateTimeFormat, so Intl is
 * asked a few dozen times per zone and year, never per day or per sample.
 */
import { LruCache } from './lru';

export type DayNumber = number;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Day codes of the API: 1 = Sunday ... 7 = Saturday. */
export type DayCode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

// ---------------------------------------------------------------------------------------------------
// Civil dates

export function dayNumberFromParts(year: number, month: number, day: number): DayNumber {
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** Parses `YYYY-MM-DD` (already validated as a calendar date). */
export function parseIsoDate(value: string): DayNumber {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return dayNumberFromParts(year, month, day);
}

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

export function civilDate(dayNumber: DayNumber): CivilDate {
  const date = new Date(dayNumber * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function formatIsoDate(dayNumber: DayNumber): string {
  const { year, month, day } = civilDate(dayNumber);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function weekdayCode(dayNumber: DayNumber): DayCode {
  // 1970-01-01 was a Thursday (code 5).
  return (((((dayNumber + 4) % 7) + 7) % 7) + 1) as DayCode;
}

/** The Monday starting the ISO week that contains the day. */
export function isoWeekStart(dayNumber: DayNumber): DayNumber {
  const daysSinceMonday = (weekdayCode(dayNumber) + 5) % 7;
  return dayNumber - daysSinceMonday;
}

export function nextMonthStart(dayNumber: DayNumber): DayNumber {
  const { year, month } = civilDate(dayNumber);
  return dayNumberFromParts(year, month + 1, 1);
}

/** 1 for January 1st. */
export function dayOfYear(dayNumber: DayNumber): number {
  return dayNumber - dayNumberFromParts(civilDate(dayNumber).year, 1, 1) + 1;
}

// ---------------------------------------------------------------------------------------------------
// UTC offsets

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset read from Intl at one instant: the slow, authoritative source. */
function intlOffsetMinutes(zone: string, epochMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of offsetFormatter(zone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    fields.year ?? 0,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  const wholeSecondMs = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wallClockAsUtc - wholeSecondMs) / MINUTE_MS);
}

/** A zone's offsets over one UTC calendar year: the offset on January 1st and each change after it. */
interface OffsetYear {
  initialOffset: number;
  transitions: readonly { atMs: number; offsetMinutes: number }[];
}

const offsetYears = new LruCache<string, OffsetYear>(2_000);

/**
 * Asks Intl at each UTC month boundary and bisects to the minute where the offset changed: about 45
 * Intl calls per zone and year instead of several per day. Assumes at most one change per month,
 * which holds for every zone the simulator uses.
 */
function scanOffsetYear(zone: string, year: number): OffsetYear {
  const initialOffset = intlOffsetMinutes(zone, Date.UTC(year, 0, 1));
  const transitions: { atMs: number; offsetMinutes: number }[] = [];
  let previousMinute = Date.UTC(year, 0, 1) / MINUTE_MS;
  let previousOffset = initialOffset;
  for (let month = 1; month <= 12; month++) {
    const boundaryMinute = Date.UTC(year, month, 1) / MINUTE_MS;
    const offset = intlOffsetMinutes(zone, boundaryMinute * MINUTE_MS);
    if (offset !== previousOffset) {
      let before = previousMinute;
      let after = boundaryMinute;
      while (after - before > 1) {
        const middle = Math.floor((before + after) / 2);
        if (intlOffsetMinutes(zone, middle * MINUTE_MS) === offset) after = middle;
        else before = middle;
      }
      transitions.push({ atMs: after * MINUTE_MS, offsetMinutes: offset });
    }
    previousMinute = boundaryMinute;
    previousOffset = offset;
  }
  return { initialOffset, transitions };
}

/** The zone's UTC offset in minutes at the instant (e.g. -240 for New York in summer). */
export function offsetMinutesAt(zone: string, epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const { initialOffset, transitions } = offsetYears.getOrCreate(`${zone}|${year}`, () => scanOffsetYear(zone, year));
  let offset = initialOffset;
  for (const transition of transitions) {
    if (epochMs < transition.atMs) break;
    offset = transition.offsetMinutes;
  }
  return offset;
}

/**
 * The instant of local midnight starting the civil date in the zone. Where the clock skipped midnight
 * (São Paulo's daylight saving time began at 00:00 until 2019), the date's first instant: 01:00.
 */
export function localMidnight(zone: string, dayNumber: DayNumber): number {
  const midnightAsUtc = dayNumber * DAY_MS;
  const firstGuess = midnightAsUtc - offsetMinutesAt(zone, midnightAsUtc) * MINUTE_MS;
  const midnight = midnightAsUtc - offsetMinutesAt(zone, firstGuess) * MINUTE_MS;
  const offsetThere = offsetMinutesAt(zone, midnight);
  // Still the day before on the wall clock there: midnight was skipped, and the day starts at the jump.
  if (midnight + offsetThere * MINUTE_MS < midnightAsUtc) return midnightAsUtc - offsetThere * MINUTE_MS;
  return midnight;
}

// ---------------------------------------------------------------------------------------------------
// Local days

export interface LocalHour {
  startMs: number;
  /** Wall-clock hour 0..23; repeated on a fall-back day, skipped on a spring-forward day. */
  wallHour: number;
  offsetMinutes: number;
}

export interface LocalDay {
  zone: string;
  dayNumber: DayNumber;
  weekday: DayCode;
  startMs: number;
  endMs: number;
  startOffsetMinutes: number;
  endOffsetMinutes: number;
  /** The absolute hours from local midnight to the next: 23, 24 or 25 of them. */
  hours: readonly LocalHour[];
}

const localDays = new LruCache<string, LocalDay>(20_000);

export function localDay(zone: string, dayNumber: DayNumber): LocalDay {
  return localDays.getOrCreate(`${zone}|${dayNumber}`, () => buildLocalDay(zone, dayNumber));
}

function buildLocalDay(zone: string, dayNumber: DayNumber): LocalDay {
  const startMs = localMidnight(zone, dayNumber);
  const endMs = localMidnight(zone, dayNumber + 1);
  const startOffsetMinutes = offsetMinutesAt(zone, startMs);
  const endOffsetMinutes = offsetMinutesAt(zone, endMs);
  const hourCount = Math.round((endMs - startMs) / HOUR_MS);
  const hasTransition = startOffsetMinutes !== endOffsetMinutes;
  const hours: LocalHour[] = [];
  for (let index = 0; index < hourCount; index++) {
    const hourStartMs = startMs + index * HOUR_MS;
    const offsetMinutes = hasTransition ? offsetMinutesAt(zone, hourStartMs) : startOffsetMinutes;
    const wallHour = Math.floor((hourStartMs + offsetMinutes * MINUTE_MS - dayNumber * DAY_MS) / HOUR_MS);
    hours.push({ startMs: hourStartMs, wallHour, offsetMinutes });
  }
  return {
    zone,
    dayNumber,
    weekday: weekdayCode(dayNumber),
    startMs,
    endMs,
    startOffsetMinutes,
    endOffsetMinutes,
    hours,
  };
}

/** The local day containing the instant. */
export function localDayAt(zone: string, epochMs: number): LocalDay {
  const guess = Math.floor((epochMs + offsetMinutesAt(zone, epochMs) * MINUTE_MS) / DAY_MS);
  return localDay(zone, guess);
}

/** The UTC offset at an instant inside the day, or at its very end (the next day's midnight). */
export function offsetInDay(day: LocalDay, epochMs: number): number {
  if (epochMs >= day.endMs) return day.endOffsetMinutes;
  const hour = day.hours[Math.floor((epochMs - day.startMs) / HOUR_MS)];
  return hour?.offsetMinutes ?? day.startOffsetMinutes;
}

// ---------------------------------------------------------------------------------------------------
// RFC 3339

const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => pad(value, 2));
/** Bounded by the supported dates (1970 to 2099): at most some 47,000 entries. */
const datePrefixes = new Map<DayNumber, string>();
const offsetSuffixes = new Map<number, string>();

/**
 * `2026-03-08T09:00:00+11:00`: seconds always, no fraction, the given offset. Hot (two calls per
 * data point), so it only concatenates cached pieces.
 */
export function formatLocalDateTime(epochMs: number, offsetMinutes: number): string {
  const wallSeconds = Math.floor(epochMs / 1000) + offsetMinutes * 60;
  const wallDay = Math.floor(wallSeconds / 86_400);
  const secondOfDay = wallSeconds - wallDay * 86_400;
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  const second = secondOfDay % 60;
  let date = datePrefixes.get(wallDay);
  if (date === undefined) {
    date = `${formatIsoDate(wallDay)}T`;
    datePrefixes.set(wallDay, date);
  }
  return `${date}${TWO_DIGITS[hour]}:${TWO_DIGITS[minute]}:${TWO_DIGITS[second]}${offsetSuffix(offsetMinutes)}`;
}

function offsetSuffix(offsetMinutes: number): string {
  let suffix = offsetSuffixes.get(offsetMinutes);
  if (suffix === undefined) {
    const sign = offsetMinutes < 0 ? '-' : '+';
    const absolute = Math.abs(offsetMinutes);
    suffix = `${sign}${pad(Math.floor(absolute / 60), 2)}:${pad(absolute % 60, 2)}`;
    offsetSuffixes.set(offsetMinutes, suffix);
  }
  return suffix;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
