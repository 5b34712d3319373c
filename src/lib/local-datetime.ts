/**
 * A window's time string read on its own clock (lib/time.ts re-exports it; the rest of time lives there): the API
 * sends local RFC 3339 strings (`2026-03-08T09:00:00+11:00`), whose wall clock is read from their own fields, never
 * through the browser's zone, and kept as a "wall-clock ms" value (the wall clock encoded as if it were UTC).
 */
import { MINUTE_MS } from './time-spans';

export interface LocalDateTime {
  /** The wall clock as if it were UTC: for drawing and formatting without the browser's zone. */
  readonly wallMs: number;
  /** The real instant. */
  readonly instantMs: number;
  /** Minutes east of UTC, from the string. */
  readonly offsetMinutes: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The string's wall clock, instant and offset. A string read before gives the same (frozen) object again: every
 * analysis of a page reads the same windows' strings (figures, coverage, what is usual, the chart), each several
 * times. At most READ_KEPT strings are kept; past that, the kept ones are let go and reading starts afresh.
 */
export function parseLocalDateTime(text: string): LocalDateTime {
  let read = readStrings.get(text);
  if (read === undefined) {
    read = Object.freeze(parseCanonical(text) ?? parseRfc3339(text));
    if (readStrings.size >= READ_KEPT) readStrings.clear();
    readStrings.set(text, read);
  }
  return read;
}

/** A year of 15-minute windows' bounds: 35,041 strings. */
export const READ_KEPT = 40_000;
const readStrings = new Map<string, LocalDateTime>();

/**
 * The shape servers send, `2026-11-18T09:15:00+01:00` or `…:00Z`, read digit by digit: a year of 15-minute windows
 * is 70,000 timestamps, and the regex with its strings was a large share of a chart's final draw. Null for any
 * other shape (no seconds, fractions, a lower-case z), which the regex reads. Same result as the regex.
 */
function parseCanonical(text: string): LocalDateTime | null {
  const length = text.length;
  if (length !== 20 && length !== 25) return null;
  const digit = (i: number) => {
    const code = text.charCodeAt(i) - 48;
    return code >= 0 && code <= 9 ? code : NaN;
  };
  const two = (i: number) => digit(i) * 10 + digit(i + 1);
  if (
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return null;
  }
  const year = two(0) * 100 + two(2);
  const month = two(5);
  const day = two(8);
  const hours = two(11);
  const minutes = two(14);
  const seconds = two(17);
  let offsetMinutes = 0;
  if (length === 20) {
    if (text.charCodeAt(19) !== 90 /* Z */) return null;
  } else {
    const sign = text.charCodeAt(19);
    if ((sign !== 43 && sign !== 45) || text.charCodeAt(22) !== 58) return null;
    offsetMinutes = (sign === 45 ? -1 : 1) * (two(20) * 60 + two(23));
  }
  // A non-digit anywhere made its field NaN, and so the sum.
  if (Number.isNaN(year + month + day + hours + minutes + seconds + offsetMinutes)) return null;
  const wallMs = utcMs(year, month - 1, day, hours, minutes, seconds);
  return { wallMs, instantMs: wallMs - offsetMinutes * MINUTE_MS, offsetMinutes };
}

function parseRfc3339(text: string): LocalDateTime {
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
  return { wallMs, instantMs: wallMs - offsetMinutes * MINUTE_MS, offsetMinutes };
}

/** `+05:30` → 330 (the regex above has checked the shape). */
function parseOffset(text: string): number {
  const sign = text.charCodeAt(0) === 45 /* - */ ? -1 : 1;
  return sign * (Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6)));
}

/** `Date.UTC` without its trap: it reads years 0..99 as 1900..1999. Month and day may overflow, as there. */
export function utcMs(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  if (year >= 100) return Date.UTC(year, month, day, hours, minutes, seconds);
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getTime();
}
