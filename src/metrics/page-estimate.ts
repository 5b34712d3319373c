/**
 * How many windows, and so pages, a request will return: for the progress line ("page 12 of about 36") and
 * the warning before a very large request. An estimate, from the range, the interval and the hours and days
 * that apply (the server's echo once the first page is in; the filters or operating hours before).
 */
import { MAX_PAGE_SIZE } from '../api/schemas';
import { addDays, dayCode, daysBetweenInclusive } from '../lib/time';
import { UI_INTERVALS, WINDOWS_PER_HOUR, type UiInterval } from './definitions';

export interface EstimateInput {
  start: string;
  end: string;
  /** Don't count days after this one (data stops at now). */
  today: string;
  interval: UiInterval;
  hours: { start: number; end: number };
  days: readonly number[];
}

/** Above this many pages a view asks before walking them all, and suggests a coarser interval if there is one. */
export const LARGE_REQUEST_PAGES = 50;

/**
 * Whether a view's pages, every series, space and comparison period it walks counted, are too many to walk without
 * asking (views/large-request-panel.tsx asks).
 */
export function isLargeRequest(pages: number): boolean {
  return pages > LARGE_REQUEST_PAGES;
}

export function estimateWindows(input: EstimateInput): number {
  const last = input.end < input.today ? input.end : input.today;
  if (last < input.start) return 0;
  const dayCount = daysBetweenInclusive(input.start, last);
  const included = new Set(input.days);
  let matchingDays = 0;
  // Count matching weekdays without walking every day: whole weeks, then the remainder.
  const wholeWeeks = Math.floor(dayCount / 7);
  matchingDays += wholeWeeks * included.size;
  for (let i = wholeWeeks * 7; i < dayCount; i++) if (included.has(dayCode(addDays(input.start, i)))) matchingDays++;

  switch (input.interval) {
    case 'daily':
      return matchingDays;
    case 'weekly':
      return Math.ceil(dayCount / 7) + 1;
    case 'monthly':
      return monthsTouched(input.start, last);
    default: {
      const hours = Math.min(24, Math.max(0, input.hours.end - input.hours.start + 1));
      return matchingDays * hours * WINDOWS_PER_HOUR[input.interval];
    }
  }
}

export function estimatePages(input: EstimateInput, pageSize = MAX_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(estimateWindows(input) / pageSize));
}

function monthsTouched(start: string, end: string): number {
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [ey, em] = end.split('-').map(Number) as [number, number];
  return (ey - sy) * 12 + (em - sm) + 1;
}

/**
 * The finest interval the metric offers that keeps the request under the threshold, if any. Several inputs (a
 * range and its comparison period) are one request: their pages add up.
 */
export function coarserInterval(
  input: EstimateInput | readonly EstimateInput[],
  offered: readonly UiInterval[],
): { interval: UiInterval; pages: number } | null {
  const inputs: readonly EstimateInput[] = Array.isArray(input) ? input : [input as EstimateInput];
  const finest = inputs[0]!.interval;
  // UI_INTERVALS runs from the finest to the coarsest.
  for (const interval of UI_INTERVALS.slice(UI_INTERVALS.indexOf(finest) + 1)) {
    if (!offered.includes(interval)) continue;
    const pages = inputs.reduce((sum, each) => sum + estimatePages({ ...each, interval }), 0);
    if (!isLargeRequest(pages)) return { interval, pages };
  }
  return null;
}
