import { describe, expect, it } from 'vitest';

import type { LocationZone } from '../lib/time';
import { metricBySlug } from '../metrics/definitions';
import type { Filters } from './model';
import { pinnedChartPlan, planView } from './view-plan';

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
