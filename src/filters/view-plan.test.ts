import { describe, expect, it } from 'vitest';

import type { LocationZone } from '../lib/time';
import { metricBySlug } from '../metrics/definitions';
import type { Filters } from './model';
import { comparedDates, pinnedChartPlan, planView } from './view-plan';

const occupancy = metricBySlug('occupancy')!;
const newYork: LocationZone = { kind: 'zone', name: 'America/New_York' };
const yearAt15Minutes: Filters = {
  range: { kind: 'preset', preset: '12m' },
  interval: '15min',
  startHour: null,
  endHour: null,
  days: null,
  view: 'chart',
};
const plan = (filters: Filters, nowMs: number) =>
  planView({ locationId: 11, definition: occupancy, filters, zone: newYork, nowMs, record: undefined });

describe('planView', () => {
  const monday = Date.parse('2026-11-23T17:00:00Z');
  const tuesday = Date.parse('2026-11-24T17:00:00Z');

  it('asks before a very large walk only', () => {
    const threeYears: Filters = { ...yearAt15Minutes, range: { kind: 'custom', from: '2023-11-24', to: '2026-11-23' } };
    expect(plan(threeYears, monday).large).toBe(true);
    expect(plan({ ...threeYears, interval: 'daily' }, monday).large).toBe(false);
  });

  it('keeps a rolling view confirmed as it rolls on: the confirmation is keyed by the link, not the dates', () => {
    expect(plan(yearAt15Minutes, tuesday).requestKey).not.toBe(plan(yearAt15Minutes, monday).requestKey);
    expect(plan(yearAt15Minutes, tuesday).confirmKey).toBe(plan(yearAt15Minutes, monday).confirmKey);
  });

  it('confirms per view: other dates, filters or locations ask again; the chart/table switch does not', () => {
    const base = plan(yearAt15Minutes, monday).confirmKey;
    const pinned: Filters = { ...yearAt15Minutes, range: { kind: 'custom', from: '2025-11-24', to: '2026-11-23' } };
    expect(plan(pinned, monday).confirmKey).not.toBe(base);
    expect(plan({ ...yearAt15Minutes, days: [2, 3] }, monday).confirmKey).not.toBe(base);
    expect(plan({ ...yearAt15Minutes, view: 'table' }, monday).confirmKey).toBe(base);
    const elsewhere = planView({
      locationId: 12,
      definition: occupancy,
      filters: yearAt15Minutes,
      zone: newYork,
      nowMs: monday,
      record: undefined,
    });
    expect(elsewhere.confirmKey).not.toBe(base);
  });

  it('resolves the range on the location’s clock and says whether it is still open', () => {
    const today = plan(
      { ...yearAt15Minutes, range: { kind: 'preset', preset: 'today' } },
      Date.parse('2026-11-24T03:00:00Z'),
    );
    expect(today.request).toMatchObject({ start_date: '2026-11-23', end_date: '2026-11-23', interval: '15min' });
    expect(today.open).toBe(true);
    expect(plan({ ...yearAt15Minutes, range: { kind: 'preset', preset: 'yesterday' } }, monday).open).toBe(false);
  });
});

describe('planView with a comparison', () => {
  const monday = Date.parse('2026-11-23T17:00:00Z');
  const week: Filters = {
    ...yearAt15Minutes,
    range: { kind: 'preset', preset: '7d' },
    interval: '60min',
    startHour: 8,
    endHour: 18,
    days: [2, 3, 4, 5, 6],
  };
  const compared = (filters: Filters, compare: 'previous' | 'year' | null, nowMs = monday) =>
    planView({ locationId: 11, definition: occupancy, filters, zone: newYork, nowMs, record: undefined, compare });

  it('asks for the same request over the compared dates: interval, hours and days as asked', () => {
    const plan = compared(week, 'previous');
    expect(plan.request).toMatchObject({ start_date: '2026-11-17', end_date: '2026-11-23' });
    expect(plan.comparison?.request).toEqual({
      ...plan.request,
      start_date: '2026-11-10',
      end_date: '2026-11-16',
    });
    expect(plan.comparison).toMatchObject({ mode: 'previous', open: false, range: { shiftDays: 7 } });
    expect(compared(week, 'year').comparison?.request).toMatchObject({
      start_date: '2025-11-18',
      end_date: '2025-11-24',
    });
    expect(compared(week, null).comparison).toBeNull();
  });

  it('compares a month preset with the calendar month before it', () => {
    const thisMonth: Filters = { ...week, range: { kind: 'preset', preset: 'this-month' } };
    expect(compared(thisMonth, 'previous').comparison?.request).toMatchObject({
      start_date: '2026-10-01',
      end_date: '2026-10-23',
    });
    const lastMonth: Filters = { ...week, range: { kind: 'preset', preset: 'last-month' } };
    expect(compared(lastMonth, 'previous').comparison?.range).toMatchObject({
      start: '2026-09-01',
      end: '2026-09-30',
      shiftDays: 30,
    });
    // A custom range of the same dates is not a month: it moves back by whole weeks.
    const custom: Filters = { ...week, range: { kind: 'custom', from: '2026-10-01', to: '2026-10-31' } };
    expect(compared(custom, 'previous').comparison?.range).toMatchObject({ start: '2026-08-27', shiftDays: 35 });
  });

  it('compares by one month rule, what the portfolio’s rows use too (comparedDates)', () => {
    const october = { start_date: '2026-10-01', end_date: '2026-10-31' } as const;
    const request = { ...october, interval: 'daily' } as const;
    expect(comparedDates({ kind: 'preset', preset: 'last-month' }, request, 'previous')).toEqual({
      start: '2026-09-01',
      end: '2026-09-30',
      shiftDays: 30,
    });
    expect(
      comparedDates({ kind: 'preset', preset: 'this-month' }, { ...request, end_date: '2026-10-23' }, 'previous'),
    ).toEqual({ start: '2026-09-01', end: '2026-09-23', shiftDays: 30 });
    // Any other range, the same dates as a custom range or a rolling 30 days, moves back by whole weeks.
    const weeksBack = { start: '2026-08-27', end: '2026-09-26', shiftDays: 35 };
    expect(comparedDates({ kind: 'custom', from: '2026-10-01', to: '2026-10-31' }, request, 'previous')).toEqual(
      weeksBack,
    );
    expect(comparedDates({ kind: 'preset', preset: '30d' }, request, 'previous')).toEqual(weeksBack);
    // A year back is 52 weeks, for a month too.
    expect(comparedDates({ kind: 'preset', preset: 'last-month' }, request, 'year')).toMatchObject({
      start: '2025-10-02',
      shiftDays: 364,
    });
  });

  it('counts the comparison’s pages toward a large request, and confirms the view with its comparison', () => {
    // About 30 pages a side: fine alone, large with its comparison.
    const halfYear: Filters = { ...yearAt15Minutes, range: { kind: 'custom', from: '2025-12-01', to: '2026-09-30' } };
    const alone = compared(halfYear, null);
    const both = compared(halfYear, 'previous');
    expect(alone.large).toBe(false);
    expect(both.comparison!.estimatedPages).toBeGreaterThan(0);
    expect(alone.estimatedPages + both.comparison!.estimatedPages).toBeGreaterThan(50);
    expect(both.large).toBe(true);
    expect(both.estimatedPages).toBe(alone.estimatedPages);
    expect(both.confirmKey).not.toBe(alone.confirmKey);
    expect(compared(halfYear, 'year').confirmKey).not.toBe(both.confirmKey);
    // No comparison: the key of a plan that was never told of one.
    expect(alone.confirmKey).toBe(plan(halfYear, monday).confirmKey);
  });

  it('says a comparison of today with the same day a week before is history', () => {
    const today = compared({ ...week, range: { kind: 'preset', preset: 'today' } }, 'previous');
    expect(today.open).toBe(true);
    expect(today.comparison).toMatchObject({ open: false, request: { start_date: '2026-11-16' } });
  });
});

describe('pinnedChartPlan', () => {
  const now = Date.parse('2026-11-18T15:30:00Z');
  const pinned = (from: string, to: string, extra: Partial<Filters> = {}) =>
    pinnedChartPlan({
      locationId: 11,
      definition: occupancy,
      filters: { ...yearAt15Minutes, range: { kind: 'custom', from, to }, ...extra },
      nowMs: now,
    });

  it('plans a pinned range over in every zone: the same request as on the location’s own clock', () => {
    const early = pinned('2025-11-18', '2026-11-16');
    expect(early?.request).toEqual({ start_date: '2025-11-18', end_date: '2026-11-16', interval: '15min' });
    // Wherever the location is, its page plans exactly this request (the query it asks for is this one).
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
      const onItsClock = planView({
        locationId: 11,
        definition: occupancy,
        filters: { ...yearAt15Minutes, range: { kind: 'custom', from: '2025-11-18', to: '2026-11-16' } },
        zone: { kind: 'zone', name: zone },
        nowMs: now,
        record: undefined,
      });
      expect(onItsClock.requestKey).toBe(early!.requestKey);
      expect(onItsClock.open).toBe(false);
    }
  });

  it('plans a range that ended yesterday once that day is over everywhere, and not before', () => {
    // 15:30 UTC on 18 Nov: 03:30 on the 18th at UTC−12, the earliest date on Earth; the 17th is over everywhere.
    expect(pinned('2026-11-10', '2026-11-17')?.request.end_date).toBe('2026-11-17');
    // 11:30 UTC on 18 Nov: 23:30 on the 17th at UTC−12, still the 17th there.
    const early = pinnedChartPlan({
      locationId: 11,
      definition: occupancy,
      filters: { ...yearAt15Minutes, range: { kind: 'custom', from: '2026-11-10', to: '2026-11-17' } },
      nowMs: Date.parse('2026-11-18T11:30:00Z'),
    });
    expect(early).toBeNull();
  });

  it('waits for the clock when the range may reach today somewhere, is rolling, a table or may be large', () => {
    expect(pinned('2026-11-10', '2026-11-18')).toBeNull();
    expect(pinned('2025-11-18', '2026-11-16', { view: 'table' })).toBeNull();
    expect(pinned('2020-01-01', '2026-11-16')).toBeNull();
    expect(pinnedChartPlan({ locationId: 11, definition: occupancy, filters: yearAt15Minutes, nowMs: now })).toBeNull();
  });
});
