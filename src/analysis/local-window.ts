/**
 * Where a window sits on the location's clock, read from the window's own RFC 3339 strings (lib/time), never
 * through the viewer's zone: its local date, wall hour, wall minute of the day, the spec's weekday digit
 * (1 = Sunday … 7 = Saturday), its start instant and its length in real time (end − start instants, so a window
 * across a DST change has its true length).
 */
import { parseLocalDateTime, utcMsToIsoDate } from '../lib/time';

export interface WindowBounds {
  window_start: string;
  window_end: string;
}

export interface LocalStart {
  /** Local calendar date of the window start, YYYY-MM-DD. */
  date: string;
  /** Wall hour of the window start, 0..23. */
  hour: number;
  /** Wall minutes since local midnight of the window start, 0..1439. */
  minuteOfDay: number;
  /** Spec weekday digit of the local date: 1 = Sunday … 7 = Saturday. */
  dayCode: number;
  /** The real instant of the window start. */
  startMs: number;
}

export interface LocalWindow extends LocalStart {
  /** window_end − window_start, as instants (ms). */
  lengthMs: number;
}

export function readStart(windowStart: string): LocalStart {
  const { wallMs, instantMs } = parseLocalDateTime(windowStart);
  const wall = new Date(wallMs);
  return {
    date: utcMsToIsoDate(wallMs),
    hour: wall.getUTCHours(),
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    dayCode: wall.getUTCDay() + 1,
    startMs: instantMs,
  };
}

export function readWindow(point: WindowBounds): LocalWindow {
  const start = readStart(point.window_start);
  return { ...start, lengthMs: parseLocalDateTime(point.window_end).instantMs - start.startMs };
}
