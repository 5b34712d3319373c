/**
 * Whether a location is open now, and when it opens next, purely. Where it comes from, first that answers:
 * - the server's own word, `/now`'s `is_open`, when it sends one;
 * - the location's hours and days: its record's `operating_hours` and `operating_days` (our simulator's extension),
 *   else the `hour_range` and `days_of_week` a metric response echoes for a request without hour or day filters
 *   (spec 2.1: the location's configured operating hours and days).
 * Hours are inclusive, local wall hours (`7–19` is open from 07:00 until 20:00), and a range whose start is after its
 * end wraps past midnight; days are the spec's codes, 1 = Sunday … 7 = Saturday. A closed place has no "now" number:
 * it is closed with its next opening (live/open-words.ts: "Closed · opens Mon 07:00"), never 0; an open place with
 * nobody there reads 0.
 */
import { hourRangeTest } from '../lib/time';
import { DAY_MS, HOUR_MS } from '../lib/time-spans';

/** Hours and days a location is open, or a response says it includes (charts/time-axis.ts uses the same). */
export interface OpenSchedule {
  /** 0..23, end inclusive (24 in some echoes means until midnight); a start after the end wraps past midnight. */
  hours: { start: number; end: number };
  /** Day codes, 1 = Sunday … 7 = Saturday. */
  days: readonly number[];
}

export type OpenState =
  | { open: true }
  /** `opens`: the next opening on the location's wall clock (day code and hour), null when nothing says. */
  | { open: false; opens: { day: number; hour: number } | null };

/** How far ahead an opening is looked for: a week and a day covers any weekly schedule. */
const LOOK_AHEAD_HOURS = 8 * 24;

/** The schedule from a record's hours and days, else from a response to a request without hour or day filters. */
export function scheduleOf(
  record: { operating_hours?: { start: number; end: number }; operating_days?: readonly number[] } | undefined,
  echoed: OpenSchedule | null | undefined,
): OpenSchedule | null {
  if (record?.operating_hours && record.operating_days) {
    return { hours: record.operating_hours, days: record.operating_days };
  }
  return echoed ?? null;
}

/**
 * The hours and days a metric response echoes (`hour_range`, `days_of_week`), when its request had no hour or day
 * filters (`filtered` false): those are the location's own. A filtered request echoes its filters: null.
 */
export function echoedSchedule(
  page: { hour_range: { start: number; end: number }; days_of_week: readonly number[] } | undefined,
  filtered: boolean,
): OpenSchedule | null {
  return page && !filtered ? { hours: page.hour_range, days: page.days_of_week } : null;
}

/**
 * Open or closed at the wall clock `wallMs` (the location's wall time encoded as UTC ms), or null when nothing tells.
 * The server's `isOpen` wins over the schedule; when it says closed during scheduled hours (a holiday), the next
 * opening is looked for from the next local day on.
 */
export function openStateAt(
  wallMs: number | null,
  isOpen: boolean | null,
  schedule: OpenSchedule | null,
): OpenState | null {
  const scheduled = wallMs !== null && schedule ? isScheduledOpen(wallMs, schedule) : null;
  const open = isOpen ?? scheduled;
  if (open === null) return null;
  if (open) return { open: true };
  if (wallMs === null || !schedule) return { open: false, opens: null };
  const from = scheduled ? (Math.floor(wallMs / DAY_MS) + 1) * DAY_MS : nextHour(wallMs);
  for (let step = 0; step < LOOK_AHEAD_HOURS; step++) {
    const at = from + step * HOUR_MS;
    if (isScheduledOpen(at, schedule)) return { open: false, opens: { day: dayOf(at), hour: hourOf(at) } };
  }
  return { open: false, opens: null };
}

function isScheduledOpen(wallMs: number, schedule: OpenSchedule): boolean {
  return schedule.days.includes(dayOf(wallMs)) && hourRangeTest(schedule.hours)(hourOf(wallMs));
}

/** 1 January 1970 was a Thursday (code 5). */
const dayOf = (wallMs: number) => ((((Math.floor(wallMs / DAY_MS) + 4) % 7) + 7) % 7) + 1;
const hourOf = (wallMs: number) => Math.floor((((wallMs % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
const nextHour = (wallMs: number) => (Math.floor(wallMs / HOUR_MS) + 1) * HOUR_MS;
