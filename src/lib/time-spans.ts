/**
 * Spans of time in milliseconds, for arithmetic on instants and on wall-clock ms (lib/time.ts). A day here is
 * 24 hours: exact on UTC and wall-clock values; a location's calendar day is a date (lib/time.ts's `addDays`), whose
 * length in instants a DST change makes 23 or 25 hours.
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
