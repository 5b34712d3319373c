import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { addDays, dayCode } from '../lib/time';
import type { UiInterval } from './definitions';
import {
  coarserInterval,
  estimatePages,
  estimateWindows,
  isLargeRequest,
  LARGE_REQUEST_PAGES,
  type EstimateInput,
} from './page-estimate';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const MON_FRI = [2, 3, 4, 5, 6];
const ALL_HOURS = { start: 0, end: 23 };
const OFFICE_HOURS = { start: 7, end: 19 };

const year: EstimateInput = {
  start: '2025-11-19',
  end: '2026-11-18',
  today: '2026-11-18',
  interval: '15min',
  hours: ALL_HOURS,
  days: ALL_DAYS,
};

/** Counts by walking every day: the reference the fast path must agree with. */
function matchingDaysByWalking(start: string, last: string, days: readonly number[]): number {
  let count = 0;
  for (let date = start; date <= last; date = addDays(date, 1)) if (days.includes(dayCode(date))) count++;
  return count;
}

describe('estimateWindows and estimatePages', () => {
  it('a year at 15 minutes, all hours and days: 365 × 96 = 35,040 windows, 36 pages', () => {
    expect(estimateWindows(year)).toBe(35_040);
    expect(estimatePages(year)).toBe(36);
  });

  it.each([
    ['30min', 17_520, 18],
    ['60min', 8_760, 9],
    ['daily', 365, 1],
    ['monthly', 13, 1],
  ] as const)('the same year at %s: %d windows, %d pages', (interval, windows, pages) => {
    expect(estimateWindows({ ...year, interval })).toBe(windows);
    expect(estimatePages({ ...year, interval })).toBe(pages);
  });

  it('weekly: at least one window per week touched', () => {
    // 365 days touch 53 ISO weeks when the range starts mid-week (2025-11-19 is a Wednesday).
    expect(estimateWindows({ ...year, interval: 'weekly' })).toBeGreaterThanOrEqual(53);
    expect(
      estimateWindows({ ...year, interval: 'weekly', start: '2026-11-16', end: '2026-11-22' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('office hours 07–19 (inclusive) Monday to Friday', () => {
    // 2026-11-02 is a Monday; four whole weeks: 20 weekdays × 13 hours.
    const fourWeeks: EstimateInput = {
      start: '2026-11-02',
      end: '2026-11-29',
      today: '2026-12-31',
      interval: '60min',
      hours: OFFICE_HOURS,
      days: MON_FRI,
    };
    expect(estimateWindows(fourWeeks)).toBe(20 * 13);
    expect(estimateWindows({ ...fourWeeks, interval: '15min' })).toBe(20 * 13 * 4);
    expect(estimatePages({ ...fourWeeks, interval: '15min' })).toBe(2);
    // Saturday to Tuesday: only Monday and Tuesday count.
    expect(estimateWindows({ ...fourWeeks, start: '2026-11-07', end: '2026-11-10' })).toBe(2 * 13);
    // The whole year at 15 minutes in office hours.
    expect(estimateWindows({ ...year, hours: OFFICE_HOURS, days: MON_FRI })).toBe(261 * 13 * 4);
  });

  it('daily over a range with a days filter counts the matching days', () => {
    const input: EstimateInput = {
      start: '2026-11-01', // a Sunday
      end: '2026-11-30',
      today: '2026-12-31',
      interval: 'daily',
      hours: ALL_HOURS,
      days: [1, 7], // weekends
    };
    expect(estimateWindows(input)).toBe(9); // Sundays 1, 8, 15, 22, 29 and Saturdays 7, 14, 21, 28
    expect(estimateWindows({ ...input, days: MON_FRI })).toBe(21);
    expect(estimateWindows({ ...input, days: [] })).toBe(0);
  });

  it('counts matching days like walking every day would (property)', () => {
    const date = fc
      .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    const days = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 });
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 400 }), days, (start, length, codes) => {
        const end = addDays(start, length);
        const input: EstimateInput = {
          start,
          end,
          today: '2030-01-01',
          interval: 'daily',
          hours: ALL_HOURS,
          days: codes,
        };
        expect(estimateWindows(input)).toBe(matchingDaysByWalking(start, end, codes));
        expect(estimateWindows({ ...input, interval: '60min', hours: { start: 9, end: 10 } })).toBe(
          2 * matchingDaysByWalking(start, end, codes),
        );
      }),
    );
  });

  it('clips the range at today', () => {
    const clipped = { ...year, end: '2027-06-30' };
    expect(estimateWindows(clipped)).toBe(35_040);
    expect(estimateWindows({ ...year, today: '2025-11-20' })).toBe(2 * 96);
    expect(estimateWindows({ ...year, today: '2025-11-19' })).toBe(96);
  });

  it('a range starting after today has no windows, and still one page', () => {
    const future = { ...year, start: '2026-12-01', end: '2026-12-31' };
    expect(estimateWindows(future)).toBe(0);
    expect(estimateWindows({ ...future, interval: 'monthly' })).toBe(0);
    expect(estimatePages(future)).toBe(1);
  });

  it('counts one window for a single day, and pages by the page size', () => {
    const day: EstimateInput = { ...year, start: '2026-11-18', end: '2026-11-18' };
    expect(estimateWindows(day)).toBe(96);
    expect(estimatePages(day, 50)).toBe(2);
    expect(estimatePages(day, 96)).toBe(1);
  });
});

describe('isLargeRequest', () => {
  it('is large above 50 pages, never at 50', () => {
    expect(LARGE_REQUEST_PAGES).toBe(50);
    expect([1, 50, 51, 400].map(isLargeRequest)).toEqual([false, false, true, true]);
  });
});

describe('coarserInterval', () => {
  const occupancyIntervals: UiInterval[] = ['15min', '30min', '60min', 'daily', 'weekly', 'monthly'];
  const twoYears: EstimateInput = { ...year, start: '2024-11-19', end: '2026-11-18' };

  it('suggests the finest offered interval under the threshold', () => {
    expect(estimatePages(twoYears)).toBe(71); // 731 days × 96
    expect(estimatePages(twoYears)).toBeGreaterThan(LARGE_REQUEST_PAGES);
    expect(coarserInterval(twoYears, occupancyIntervals)).toEqual({ interval: '30min', pages: 36 });
  });

  it('skips intervals the metric does not offer', () => {
    expect(coarserInterval(twoYears, ['15min', 'daily', 'weekly', 'monthly'])).toEqual({ interval: 'daily', pages: 1 });
  });

  it('skips intervals still over the threshold', () => {
    // Five years: 30 minutes is 88 pages, hourly 44.
    const fiveYears: EstimateInput = { ...year, start: '2021-11-19', end: '2026-11-18' };
    expect(estimatePages({ ...fiveYears, interval: '30min' })).toBeGreaterThan(LARGE_REQUEST_PAGES);
    expect(coarserInterval(fiveYears, occupancyIntervals)).toEqual({ interval: '60min', pages: 44 });
  });

  it('adds up a range and its comparison period: one request, one suggestion', () => {
    // Two years and the two before them: 30 minutes is 36 + 36 pages, hourly 18 + 18.
    const before: EstimateInput = { ...twoYears, start: '2022-11-19', end: '2024-11-18' };
    expect(coarserInterval([twoYears, before], occupancyIntervals)).toEqual({ interval: '60min', pages: 36 });
  });

  it('is null when no coarser interval is offered', () => {
    expect(coarserInterval(twoYears, ['15min'])).toBeNull();
    expect(coarserInterval({ ...twoYears, interval: 'monthly' }, occupancyIntervals)).toBeNull();
  });

  it('never suggests a finer interval', () => {
    const hourlyTenYears: EstimateInput = { ...year, interval: '60min', start: '2016-11-19', end: '2026-11-18' };
    expect(coarserInterval(hourlyTenYears, occupancyIntervals)).toEqual({ interval: 'daily', pages: 4 });
  });
});
