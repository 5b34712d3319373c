/**
 * Why a range has no data, in words a facility manager acts on: the data starts later, the place is closed
 * then, the chosen hours or days leave nothing, or (when none of these is knowable) a neutral line naming
 * what was asked. An outage is not here: it is an error (components/error-panel.tsx). Pure, unit tested.
 */
import type { LocationRecord } from '../api/schemas';
import { describeDays, describeHours } from '../filters/filter-words';
import { formatDateRange, formatWall, hourRangeTest, isoDateToUtcMs } from '../lib/time';
import { DAY_MS } from '../lib/time-spans';

export interface EmptyContext {
  /** The dates asked for, inclusive. */
  range: { start: string; end: string };
  /** The hours and days the server applied (its echo). */
  applied: { hours: { start: number; end: number }; days: readonly number[] };
  /** Whether the user chose hours or days (else the applied ones are the location's own). */
  chosen: { hours: boolean; days: boolean };
  /** The location's record, when the server lists one: its first day with data, its hours and days. */
  record?: Pick<LocationRecord, 'name' | 'start_date' | 'operating_hours' | 'operating_days'>;
}

export type EmptyReason = 'before-start' | 'filters-exclude' | 'closed' | 'none';

export interface EmptyMessage {
  reason: EmptyReason;
  text: string;
}

export function emptyMessage(context: EmptyContext): EmptyMessage {
  const { range, applied, chosen, record } = context;
  const name = record?.name ?? 'This location';
  const when = formatDateRange(range.start, range.end);
  const daysInRange = weekdaysIn(range);

  if (record?.start_date && range.end < record.start_date) {
    return {
      reason: 'before-start',
      text: `No data yet for ${when}: ${name}’s data starts on ${longDate(record.start_date)}.`,
    };
  }
  if (chosen.days && !applied.days.some((day) => daysInRange.has(day))) {
    return {
      reason: 'filters-exclude',
      text: `The chosen days (${describeDays(applied.days)}) do not occur in ${when}. Choose other days or a longer range.`,
    };
  }
  const openDays = record?.operating_days;
  const openHours = record?.operating_hours;
  if (chosen.hours && openHours && !hoursOverlap(applied.hours, openHours)) {
    return {
      reason: 'filters-exclude',
      text: `The chosen hours (${describeHours(applied.hours)}) are outside ${name}’s opening hours (${describeHours(openHours)}). Choose other hours.`,
    };
  }
  if (chosen.days && openDays && !applied.days.some((day) => openDays.includes(day) && daysInRange.has(day))) {
    return {
      reason: 'filters-exclude',
      text: `${name} is not open on the chosen days (${describeDays(applied.days)}) in ${when}. It opens ${describeDays(openDays)}.`,
    };
  }
  if (!chosen.days && openDays && openDays.length > 0 && !openDays.some((day) => daysInRange.has(day))) {
    const opens = openHours ? `${describeDays(openDays)}, ${describeHours(openHours)}` : describeDays(openDays);
    return { reason: 'closed', text: `${name} is closed on ${when}. It opens ${opens}.` };
  }
  return {
    reason: 'none',
    text: `No data for these filters: ${when}, ${describeHours(applied.hours)}, ${describeDays(applied.days)}.`,
  };
}

/** The API's day codes (1 = Sunday) of the dates in range; all seven once it spans a week. */
function weekdaysIn(range: { start: string; end: string }): Set<number> {
  const days = new Set<number>();
  const end = isoDateToUtcMs(range.end);
  for (let t = isoDateToUtcMs(range.start); t <= end && days.size < 7; t += DAY_MS)
    days.add(new Date(t).getUTCDay() + 1);
  return days;
}

/** Whether two inclusive hour ranges (each may wrap past midnight) share an hour. */
function hoursOverlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const [inA, inB] = [hourRangeTest(a), hourRangeTest(b)];
  for (let hour = 0; hour < 24; hour++) if (inA(hour) && inB(hour)) return true;
  return false;
}

function longDate(date: string): string {
  return formatWall(isoDateToUtcMs(date), 'EEE d MMM yyyy');
}
