import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { OccupancyPoint, TrafficPoint } from '../api/schemas';
import { HOUR_MS } from '../lib/time-spans';
import { compareFigures, computeFigures } from './figures';
import { compareMetricFigures } from './metric-deltas';
import { computeMetricFigures } from './metric-figures';

/** Hourly windows from `startMs` (a UTC instant) in a zone at UTC+01:00, as the API writes them. */
function hourly<T>(startMs: number, values: readonly T[]) {
  const at = (ms: number) => new Date(ms + HOUR_MS).toISOString().replace('.000Z', '+01:00');
  return values.map((value, i) => ({
    timestamp: at(startMs + i * HOUR_MS),
    window_start: at(startMs + i * HOUR_MS),
    window_end: at(startMs + (i + 1) * HOUR_MS),
    ...value,
  }));
}

const occupancy = (avg: number, peak: number): Omit<OccupancyPoint, 'timestamp' | 'window_start' | 'window_end'> => ({
  avg_occupancy: avg,
  avg_utilization_percentage: avg / 10,
  peak_occupancy: peak,
  peak_utilization_percentage: peak / 10,
});

/** Mon 16 Nov 2026 and the Monday a week before, 00:00 local. */
const THIS_WEEK = Date.UTC(2026, 10, 15, 23);
const LAST_WEEK = THIS_WEEK - 7 * 24 * HOUR_MS;

describe('compareMetricFigures', () => {
  it('is each figure over this period less the same figure over the comparison, in the figure’s unit', () => {
    const current: OccupancyPoint[] = hourly(THIS_WEEK, [occupancy(4, 12), occupancy(8, 9)]);
    const previous: OccupancyPoint[] = hourly(LAST_WEEK, [occupancy(2, 5), occupancy(2, 11), occupancy(5, 6)]);
    const figures = (points: OccupancyPoint[]) =>
      computeMetricFigures({ metric: 'occupancy', interval: '60min', points, capacity: 10, dwellUnit: 'minutes' });
    const deltas = compareMetricFigures(figures(current), figures(previous));
    // Averages 6 and 3; peaks 12 (its "when" is not compared) and 11; over capacity 1/2 and 1/3 of the time.
    expect(deltas['average-occupancy']).toBe(3);
    expect(deltas['peak-occupancy']).toBe(1);
    expect(deltas['time-over-capacity']).toBeCloseTo(1 / 2 - 1 / 3, 12);
  });

  it('is null when either side has no value, or the comparison lacks the figure', () => {
    const traffic = (points: TrafficPoint[]) =>
      computeMetricFigures({ metric: 'traffic', interval: '60min', points, capacity: 0, dwellUnit: 'minutes' });
    const some: TrafficPoint[] = hourly(THIS_WEEK, [{ traffic: 5 }, { traffic: 7 }]);
    expect(compareMetricFigures(traffic(some), traffic([]))).toEqual({
      'total-entries': null,
      'busiest-day': null,
      'entries-per-day': null,
    });
    expect(compareMetricFigures(traffic([]), traffic(some))['total-entries']).toBeNull();
    expect(compareMetricFigures([{ key: 'total-entries', value: 12 }], [])).toEqual({ 'total-entries': null });
    // A real zero is a change of zero, not "nothing to compare".
    expect(compareMetricFigures([{ key: 'total-entries', value: 0 }], [{ key: 'total-entries', value: 0 }])).toEqual({
      'total-entries': 0,
    });
  });

  it('follows the same rule as the utilization page’s changes (compareFigures) for the figures they share', () => {
    const current: OccupancyPoint[] = hourly(THIS_WEEK, [occupancy(3, 7), occupancy(4, 9)]);
    const previous: OccupancyPoint[] = hourly(LAST_WEEK, [occupancy(1, 4)]);
    const metric = compareMetricFigures(
      computeMetricFigures({
        metric: 'occupancy',
        interval: '60min',
        points: current,
        capacity: 10,
        dwellUnit: 'minutes',
      }),
      computeMetricFigures({
        metric: 'occupancy',
        interval: '60min',
        points: previous,
        capacity: 10,
        dwellUnit: 'minutes',
      }),
    );
    const input = { capacity: 10, traffic: [], dwell: [], availability: [], dwellUnit: 'minutes' as const };
    const utilization = compareFigures(
      computeFigures({ ...input, occupancy: current }),
      computeFigures({ ...input, occupancy: previous }),
    );
    expect(metric['peak-occupancy']).toBe(utilization.peakOccupancy);
  });

  it('turns round with the periods: A against B is minus B against A', () => {
    const value = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(value, value, (a, b) => {
        const ab = compareMetricFigures([{ key: 'k', value: a }], [{ key: 'k', value: b }])['k'];
        const ba = compareMetricFigures([{ key: 'k', value: b }], [{ key: 'k', value: a }])['k'];
        if (a === null || b === null) return ab === null && ba === null;
        return ab === a - b && ba === b - a;
      }),
    );
  });
});
