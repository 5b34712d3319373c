/**
 * The series cache is bounded by estimated bytes: every entry weighs at least its fixed overhead (so
 * empty series are bounded in number), large series weigh their buffers, and the total never exceeds
 * the budget.
 */
import { describe, expect, it } from 'vitest';

import type { Interval, Metric } from '../src/api/schemas';
import { type DayCode, parseIsoDate } from './local-time';
import { findLocation } from './locations';
import { createSeriesSource, SERIES_ENTRY_OVERHEAD_BYTES, type SeriesSource, type SeriesSpec } from './metric-series';
import { SAMPLE_MS } from './model';

const SETTINGS = { seed: 42, dwellUnit: 'minutes', utilizationScale: 'fraction' } as const;
const NOW_MS = Date.parse('2026-11-20T12:00:00-05:00');
const EVERY_DAY: readonly DayCode[] = [1, 2, 3, 4, 5, 6, 7];
const KIB = 1024;

function spec(overrides: Partial<SeriesSpec> & { interval: Interval; from: string; to: string }): SeriesSpec<Metric> {
  const { from, to, ...rest } = overrides;
  return {
    location: findLocation(11)!,
    metric: 'occupancy',
    startDay: parseIsoDate(from),
    endDay: parseIsoDate(to),
    hours: { start: 0, end: 23 },
    days: EVERY_DAY,
    nowMs: NOW_MS,
    ...rest,
  };
}

/** Fetches the series and checks the cache's bound right after. */
function fetchWithinBudget(source: SeriesSource, request: SeriesSpec<Metric>): number {
  const length = source(request).length;
  const stats = source.cacheStats();
  expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
  return length;
}

describe('series cache bounded by bytes', () => {
  it('weighs an empty series by its fixed overhead, so empty series are bounded in number', () => {
    const budget = 64 * KIB;
    const source = createSeriesSource(SETTINGS, budget);
    // A day filter matching no day gives no windows; each year makes another key.
    for (let year = 1971; year < 2071; year++) {
      const empty = spec({ interval: 'daily', from: `${year}-01-01`, to: `${year}-01-02`, days: [] });
      expect(fetchWithinBudget(source, empty)).toBe(0);
    }
    const { entries, bytes } = source.cacheStats();
    expect(bytes).toBeGreaterThanOrEqual(entries * SERIES_ENTRY_OVERHEAD_BYTES);
    expect(entries).toBeLessThanOrEqual(budget / SERIES_ENTRY_OVERHEAD_BYTES);
    expect(entries).toBeGreaterThan(0);
  });

  it('keeps the total within the budget over many large and empty series, evicting the oldest', () => {
    const budget = 512 * KIB;
    const source = createSeriesSource(SETTINGS, budget);
    // Two weeks at 15 minutes: 1,344 windows, about 110 KB each.
    for (const day of ['01', '03', '05', '07', '09', '11', '13', '15']) {
      const large = spec({ interval: '15min', from: `2026-10-${day}`, to: `2026-10-${Number(day) + 13}` });
      expect(fetchWithinBudget(source, large)).toBe(14 * 96);
      fetchWithinBudget(source, { ...large, days: [] });
    }
    const { entries, bytes } = source.cacheStats();
    expect(bytes).toBeGreaterThan(budget / 2);
    expect(entries).toBeLessThan(16);
  });

  it('makes a new key every 5 minutes of an open range, and stays within the budget for a whole day', () => {
    const budget = 128 * KIB;
    const source = createSeriesSource(SETTINGS, budget);
    const startOfDay = Date.parse('2026-11-20T00:00:00-05:00');
    for (let step = 0; step < 288; step++) {
      const today = spec({
        interval: '60min',
        from: '2026-11-16',
        to: '2026-11-20',
        nowMs: startOfDay + step * SAMPLE_MS,
      });
      fetchWithinBudget(source, today);
    }
    const { entries } = source.cacheStats();
    expect(entries).toBeLessThan(288);
    expect(entries).toBeLessThanOrEqual(budget / SERIES_ENTRY_OVERHEAD_BYTES);
  });

  it('serves a series larger than the whole budget without caching it', () => {
    const source = createSeriesSource(SETTINGS, 16 * KIB);
    const large = spec({ interval: '15min', from: '2026-10-01', to: '2026-10-14' });
    expect(source(large).points(0, 2)).toHaveLength(2);
    expect(source.cacheStats()).toEqual({ entries: 0, bytes: 0, maxBytes: 16 * KIB });
  });
});
