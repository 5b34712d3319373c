import { describe, expect, it } from 'vitest';

import type { AvailabilityPoint, DwellTimePoint, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { HOUR_MS } from '../lib/time-spans';
import { computeFigures } from './figures';
import { computeMetricFigures, METRIC_FIGURE_DEFINITIONS, type MetricFigure } from './metric-figures';

/** Windows of `hours` each, from 2026-11-16 00:00 in Berlin (UTC+01:00), as the API writes them. */
function windows<T>(
  hours: number,
  values: readonly T[],
): (T & { timestamp: string; window_start: string; window_end: string })[] {
  const at = (ms: number) => new Date(ms + HOUR_MS).toISOString().replace('.000Z', '+01:00');
  const start = Date.UTC(2026, 10, 15, 23);
  return values.map((value, i) => ({
    timestamp: at(start + i * hours * HOUR_MS),
    window_start: at(start + i * hours * HOUR_MS),
    window_end: at(start + (i + 1) * hours * HOUR_MS),
    ...value,
  }));
}

const byKey = (figures: MetricFigure[]) => Object.fromEntries(figures.map((f) => [f.key, f]));

describe('computeMetricFigures', () => {
  it('occupancy: average by window length, the peak and its first window, the time over capacity', () => {
    const occupancy: OccupancyPoint[] = windows(6, [
      { avg_occupancy: 10, avg_utilization_percentage: 0.1, peak_occupancy: 50, peak_utilization_percentage: 0.5 },
      { avg_occupancy: 30, avg_utilization_percentage: 0.3, peak_occupancy: 120, peak_utilization_percentage: 1.2 },
      { avg_occupancy: 20, avg_utilization_percentage: 0.2, peak_occupancy: 120, peak_utilization_percentage: 1.2 },
      { avg_occupancy: 0, avg_utilization_percentage: 0, peak_occupancy: 0, peak_utilization_percentage: 0 },
    ]);
    const figures = byKey(
      computeMetricFigures({
        metric: 'occupancy',
        interval: '60min',
        points: occupancy,
        capacity: 100,
        dwellUnit: 'minutes',
      }),
    );
    expect(figures['average-occupancy']!.value).toBe(15);
    expect(figures['peak-occupancy']).toMatchObject({ value: 120, at: '2026-11-16T06:00:00+01:00' });
    expect(figures['time-over-capacity']!.value).toBe(0.5);
  });

  it('peak occupancy is the utilization page’s figure: the same name, definition and value', () => {
    const occupancy: OccupancyPoint[] = windows(1, [
      { avg_occupancy: 3, avg_utilization_percentage: 0.3, peak_occupancy: 7, peak_utilization_percentage: 0.7 },
      { avg_occupancy: 4, avg_utilization_percentage: 0.4, peak_occupancy: 9, peak_utilization_percentage: 0.9 },
    ]);
    const mine = byKey(
      computeMetricFigures({
        metric: 'occupancy',
        interval: '60min',
        points: occupancy,
        capacity: 10,
        dwellUnit: 'minutes',
      }),
    )['peak-occupancy']!;
    const theirs = computeFigures({
      capacity: 10,
      occupancy,
      traffic: [],
      dwell: [],
      availability: [],
      dwellUnit: 'minutes',
    });
    expect(mine.value).toBe(theirs.peakOccupancy);
    expect(mine.at).toBe(theirs.peakOccupancyAt);
  });

  it('traffic: the total over the page’s windows, the busiest day and entries a day over its daily windows', () => {
    const traffic: TrafficPoint[] = windows(12, [
      { traffic: 5 },
      { traffic: 15 },
      { traffic: 12 },
      { traffic: 8 },
      { traffic: 1 },
    ]);
    const days: TrafficPoint[] = windows(24, [{ traffic: 20 }, { traffic: 20 }, { traffic: 1 }]);
    const figures = byKey(
      computeMetricFigures({
        metric: 'traffic',
        interval: '60min',
        points: traffic,
        days,
        capacity: 0,
        dwellUnit: 'minutes',
      }),
    );
    expect(figures['total-entries']!.value).toBe(41);
    // 16 Nov: 20, 17 Nov: 20 (a tie: the earlier), 18 Nov: 1.
    expect(figures['busiest-day']).toMatchObject({ value: 20, at: '2026-11-16' });
    expect(figures['entries-per-day']!.value).toBeCloseTo(41 / 3, 12);
  });

  it('per-day figures are the same at every interval: a week or a month is never read as a day', () => {
    const days: TrafficPoint[] = windows(24, [{ traffic: 30 }, { traffic: 50 }, { traffic: 10 }]);
    const week: TrafficPoint[] = windows(72, [{ traffic: 90 }]);
    const at = (interval: '60min' | 'daily' | 'weekly' | 'monthly', points: TrafficPoint[]) =>
      byKey(
        computeMetricFigures({
          metric: 'traffic',
          interval,
          points,
          ...(interval === 'daily' ? {} : { days }),
          capacity: 0,
          dwellUnit: 'minutes',
        }),
      );
    for (const figures of [at('daily', days), at('weekly', week), at('monthly', week), at('60min', week)]) {
      expect(figures['busiest-day']).toMatchObject({ value: 50, at: '2026-11-17' });
      expect(figures['entries-per-day']!.value).toBe(30);
      expect(figures['total-entries']!.value).toBe(90);
    }
  });

  it('entries a day counts only the days that have ended by the moment given: today (18 Nov) is left out', () => {
    const days: TrafficPoint[] = windows(24, [{ traffic: 20 }, { traffic: 20 }, { traffic: 1 }]);
    // 18 Nov, 10:30 on the location's wall clock.
    const now = Date.UTC(2026, 10, 18, 10, 30);
    const over = (points: TrafficPoint[]) =>
      byKey(
        computeMetricFigures({
          metric: 'traffic',
          interval: 'daily',
          points,
          capacity: 0,
          dwellUnit: 'minutes',
          completeUntilWallMs: now,
        }),
      );
    expect(over(days)['entries-per-day']!.value).toBe(20);
    expect(over(days)['total-entries']!.value).toBe(41);
    // Only today in the range: no day is complete, and the figure says so.
    const todayOnly = over(days.slice(2))['entries-per-day']!;
    expect(todayOnly.value).toBeNull();
    expect(todayOnly.why).toEqual({ kind: 'no-complete-day' });
  });

  it('time over capacity is the share of hourly windows over capacity, whatever the chart’s interval', () => {
    const hours: OccupancyPoint[] = windows(1, [
      { avg_occupancy: 5, avg_utilization_percentage: 0.5, peak_occupancy: 12, peak_utilization_percentage: 1.2 },
      { avg_occupancy: 5, avg_utilization_percentage: 0.5, peak_occupancy: 9, peak_utilization_percentage: 0.9 },
      { avg_occupancy: 5, avg_utilization_percentage: 0.5, peak_occupancy: 9, peak_utilization_percentage: 0.9 },
      { avg_occupancy: 5, avg_utilization_percentage: 0.5, peak_occupancy: 10, peak_utilization_percentage: 1 },
    ]);
    // The same hours as one window: its peak is over capacity, but only one hour of four was.
    const day: OccupancyPoint[] = windows(4, [
      { avg_occupancy: 5, avg_utilization_percentage: 0.5, peak_occupancy: 12, peak_utilization_percentage: 1.2 },
    ]);
    const over = (interval: '60min' | 'daily', points: OccupancyPoint[]) =>
      byKey(
        computeMetricFigures({
          metric: 'occupancy',
          interval,
          points,
          hours,
          capacity: 10,
          dwellUnit: 'minutes',
        }),
      )['time-over-capacity']!.value;
    expect(over('60min', hours)).toBe(0.25);
    expect(over('daily', day)).toBe(0.25);
  });

  it('dwell time: by window length and the longest visit, in minutes whatever unit the server sends', () => {
    const dwell: DwellTimePoint[] = windows(1, [
      { avg_dwell_time: 600, peak_dwell_time: 1800 },
      { avg_dwell_time: null, peak_dwell_time: null },
      { avg_dwell_time: 1200, peak_dwell_time: 3600 },
    ]);
    const figures = byKey(
      computeMetricFigures({
        metric: 'dwell_time',
        interval: '60min',
        points: dwell,
        capacity: 0,
        dwellUnit: 'seconds',
      }),
    );
    expect(figures['visit-length-by-window']!.value).toBe(15);
    expect(figures['longest-visit']).toMatchObject({ value: 60, at: '2026-11-16T02:00:00+01:00' });
  });

  it('availability: the average free share by window length, and the least free window', () => {
    const availability: AvailabilityPoint[] = windows(2, [
      { availability_percentage: 0.5 },
      { availability_percentage: 0.25 },
      { availability_percentage: null },
      { availability_percentage: 0.25 },
    ]);
    const figures = byKey(
      computeMetricFigures({
        metric: 'availability',
        interval: '60min',
        points: availability,
        capacity: 0,
        dwellUnit: 'minutes',
      }),
    );
    expect(figures['average-free']!.value).toBeCloseTo(1 / 3, 12);
    expect(figures['least-free']).toMatchObject({ value: 0.25, at: '2026-11-16T02:00:00+01:00' });
  });

  it('says no data rather than zero when there are no windows', () => {
    for (const metric of ['occupancy', 'traffic', 'dwell_time', 'availability'] as const) {
      const figures = computeMetricFigures({
        metric,
        interval: 'daily',
        points: [],
        capacity: 10,
        dwellUnit: 'minutes',
      });
      expect(figures.map((f) => f.key)).toEqual(METRIC_FIGURE_DEFINITIONS[metric].map((d) => d.key));
      expect(
        figures.every((f) => f.value === null),
        metric,
      ).toBe(true);
    }
  });
});
