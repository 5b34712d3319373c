/** The filters' editing rules, shared by the URL parser (model.ts) and the controls, and the days and dates they check. */
import { t } from '@lingui/core/macro';

import { isoDateSchema } from '../api/schemas';
import { formatHour } from '../lib/format';

/** Day codes of the API, 1 = Sunday … 7 = Saturday. */
export const ALL_DAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

export function isIsoDate(value: string): boolean {
  return isoDateSchema.safeParse(value).success;
}

export function normalizeDays(days: readonly number[]): number[] {
  return [...new Set(days)].sort((a, b) => a - b);
}

/** Why an hour pair cannot be applied, or null. */
export function validateHours(startHour: number | null, endHour: number | null): string | null {
  if (startHour !== null && endHour !== null && startHour > endHour) {
    const [start, end] = [formatHour(startHour), formatHour(endHour)];
    return t`The start hour (${start}) must be at or before the end hour (${end})`;
  }
  return null;
}

/** Why a custom range typed by the user cannot be applied, or null. */
export function validateCustomRange(from: string, to: string): string | null {
  if (!isIsoDate(from)) return t`Enter a From date`;
  if (!isIsoDate(to)) return t`Enter a To date`;
  if (from > to) return t`From must be on or before To`;
  return null;
}

/**
 * The explicit day set after pressing `code`. Unset days mean "every operating day", so a press while unset
 * starts from the days the server applied (`appliedDays`, its echo of the operating days) and toggles the
 * pressed one: at a Mon–Fri location, Fri leaves Friday out and Sun adds Sunday, and no closed day is added
 * unasked. Until the echo is known (or when it lists no day), it starts from all seven. May return an empty
 * set: callers refuse it.
 */
export function toggleDay(days: readonly number[] | null, code: number, appliedDays?: readonly number[]): number[] {
  const current = days ?? (appliedDays && appliedDays.length > 0 ? normalizeDays(appliedDays) : ALL_DAYS);
  return current.includes(code) ? current.filter((day) => day !== code) : normalizeDays([...current, code]);
}
