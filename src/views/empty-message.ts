/**
 * Why a range has no data, in words a facility manager acts on: the data starts later, the place is closed
 * then, the chosen hours or days leave nothing, or (when none of these is knowable) a neutral line naming
 * what was asked. An outage is not here: it is an error (components/error-panel.tsx). Pure, unit tested.
 */
import { t } from '@lingui/core/macro';

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
  const name = record?.name ?? null;
  const when = formatDateRange(range.start, range.end);
  const daysInRange = weekdaysIn(range);
  const [hours, days] = [describeHours(applied.hours), describeDays(applied.days)];

  if (record?.start_date && range.end < record.start_date) {
    const start = longDate(record.start_date);
    return {
      reason: 'before-start',
      text:
        name === null
          ? t`No data yet for ${when}: this location’s data starts on ${start}.`
          : t`No data yet for ${when}: ${name}’s data starts on ${start}.`,
    };
  }
  if (chosen.days && !applied.days.some((day) => daysInRange.has(day))) {
    return {
      reason: 'filters-exclude',
      text: t`The chosen days (${days}) do not occur in ${when}. Choose other days or a longer range.`,
    };
  }
  const openDays = record?.operating_days;
  const openHours = record?.operating_hours;
  if (chosen.hours && openHours && !hoursOverlap(applied.hours, openHours)) {
    const opening = describeHours(openHours);
    return {
      reason: 'filters-exclude',
      text:
        name === null
          ? t`The chosen hours (${hours}) are outside this location’s opening hours (${opening}). Choose other hours.`
          : t`The chosen hours (${hours}) are outside ${name}’s opening hours (${opening}). Choose other hours.`,
    };
  }
  if (chosen.days && openDays && !applied.days.some((day) => openDays.includes(day) && daysInRange.has(day))) {
    const opens = describeDays(openDays);
    return {
      reason: 'filters-exclude',
      text:
        name === null
          ? t`This location is not open on the chosen days (${days}) in ${when}. It opens ${opens}.`
          : t`${name} is not open on the chosen days (${days}) in ${when}. It opens ${opens}.`,
    };
  }
  if (!chosen.days && openDays && openDays.length > 0 && !openDays.some((day) => daysInRange.has(day))) {
    const opens = openHours ? `${describeDays(openDays)}, ${describeHours(openHours)}` : describeDays(openDays);
    return {
      reason: 'closed',
      text:
        name === null
          ? t`This location is closed on ${when}. It opens ${opens}.`
          : t`${name} is closed on ${when}. It opens ${opens}.`,
    };
  }
  return { reason: 'none', text: t`No data for these filters: ${when}, ${hours}, ${days}.` };
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
