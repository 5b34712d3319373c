import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { windowAt } from '../test/fetch-fakes';
import type { OccupancyPoint } from './schemas';
import { detectUtilizationScale, normalizeUtilization } from './utilization';

/** One window: `avg` people on average, utilization `util` as reported; peak = avg + 1 at `peakUtil`. */
function point(avg: number, util: number, peakUtil = util, day = 5): OccupancyPoint {
  return {
    ...windowAt(day),
    avg_occupancy: avg,
    avg_utilization_percentage: util,
    peak_occupancy: avg + 1,
    peak_utilization_percentage: peakUtil,
  };
}

const times100 = (points: OccupancyPoint[]): OccupancyPoint[] =>
  points.map((p) => ({
    ...p,
    avg_utilization_percentage: p.avg_utilization_percentage * 100,
    peak_utilization_percentage: p.peak_utilization_percentage * 100,
  }));

describe('detectUtilizationScale', () => {
  const fractions = [point(2, 0.2), point(5, 0.5), point(9, 0.9), point(10, 1)];

  it('detects fractions', () => {
    expect(detectUtilizationScale(fractions, 10)).toBe('fraction');
  });

  it('detects the same values ×100 as percent', () => {
    expect(detectUtilizationScale(times100(fractions), 10)).toBe('percent');
  });

  it('keeps fractions above 1 (over capacity) as fraction', () => {
    expect(detectUtilizationScale([point(12, 1.2)], 10)).toBe('fraction');
    expect(detectUtilizationScale([point(15, 1.5), point(12, 1.2)], 10)).toBe('fraction');
    expect(detectUtilizationScale([point(12, 120)], 10)).toBe('percent');
  });

  it('ignores windows with avg_occupancy 0', () => {
    // With nobody there, 3 and 4 would fit only the percent scale (0.03, 0.04 are within 0 ± 0.5 people of 10):
    // counted, they would outvote the one real fraction window.
    expect(detectUtilizationScale([point(0, 3), point(0, 4), point(5, 0.5)], 10)).toBe('fraction');
    expect(detectUtilizationScale([point(0, 0.5), point(0, 0.6), point(5, 50)], 10)).toBe('percent');
  });

  it('lets tiny values where both scales fit not vote', () => {
    // 1 person of 1000 as 0.001: as a fraction it fits, and 0.001/100 fits too (within ±0.5 person), so no vote
    // either way; the one clear window decides.
    const tiny = point(1, 0.001);
    expect(detectUtilizationScale([tiny, tiny, point(200, 20)], 1000)).toBe('percent');
    expect(detectUtilizationScale([tiny, tiny, point(200, 0.2)], 1000)).toBe('fraction');
  });

  it('tolerates avg_occupancy being a rounded average (3 of 8 reported as 0.3437)', () => {
    expect(detectUtilizationScale([point(3, 0.3437)], 8)).toBe('fraction');
    expect(detectUtilizationScale([point(3, 34.37)], 8)).toBe('percent');
    // The true average may be anywhere in 2.5..3.5 people.
    expect(detectUtilizationScale([point(3, 2.5 / 8)], 8)).toBe('fraction');
    expect(detectUtilizationScale([point(3, 3.5 / 8)], 8)).toBe('fraction');
  });

  it('tolerates a reported value rounded to two decimals', () => {
    // 1 of 7 is 0.142857…, reported as 0.14 or as 14.29.
    expect(detectUtilizationScale([point(1, 0.14)], 7)).toBe('fraction');
    expect(detectUtilizationScale([point(1, 14.29)], 7)).toBe('percent');
  });

  it('returns fraction for an empty list', () => {
    expect(detectUtilizationScale([], 10)).toBe('fraction');
  });

  it('returns fraction for capacity 0 (nothing to check against)', () => {
    expect(detectUtilizationScale([point(5, 50)], 0)).toBe('fraction');
  });

  it('decides by majority, and a tie is fraction', () => {
    expect(detectUtilizationScale([point(5, 0.5), point(6, 60), point(7, 70)], 10)).toBe('percent');
    expect(detectUtilizationScale([point(5, 0.5), point(6, 0.6), point(7, 70)], 10)).toBe('fraction');
    expect(detectUtilizationScale([point(5, 0.5), point(7, 70)], 10)).toBe('fraction');
  });

  it('does not vote for a value that fits neither scale', () => {
    // 5 of 10 reported as 0.9: neither 0.9 nor 0.009 is near 0.5.
    expect(detectUtilizationScale([point(5, 0.9), point(5, 0.9), point(6, 60)], 10)).toBe('percent');
  });
});

describe('detectUtilizationScale: properties', () => {
  const windowArb = fc.record({
    avg: fc.integer({ min: 0, max: 3000 }),
    offset: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  });
  const caseArb = fc.record({
    capacity: fc.integer({ min: 1, max: 2000 }),
    windows: fc.array(windowArb, { maxLength: 30 }),
  });

  /** Windows where `util` is the true (unrounded) average over capacity, the average within ±0.5 of avg_occupancy. */
  function fractionPoints(capacity: number, windows: { avg: number; offset: number }[]): OccupancyPoint[] {
    return windows.map(({ avg, offset }) => point(avg, Math.max(0, avg + offset) / capacity));
  }

  it('util = avg / capacity is detected as fraction', () => {
    fc.assert(
      fc.property(caseArb, ({ capacity, windows }) => {
        expect(detectUtilizationScale(fractionPoints(capacity, windows), capacity)).toBe('fraction');
      }),
      { numRuns: 500 },
    );
  });

  it('the same ×100 is detected as percent when a window has avg_occupancy ≥ 1 and avg/capacity ≥ 0.01', () => {
    fc.assert(
      fc.property(caseArb, ({ capacity, windows }) => {
        fc.pre(windows.some(({ avg }) => avg >= 1 && avg / capacity >= 0.01));
        expect(detectUtilizationScale(times100(fractionPoints(capacity, windows)), capacity)).toBe('percent');
      }),
      { numRuns: 500 },
    );
  });
});

describe('normalizeUtilization', () => {
  it('returns the same array when the values are fractions', () => {
    const points = [point(5, 0.5, 0.6), point(12, 1.2, 1.3)];
    expect(normalizeUtilization(points, 10)).toBe(points);
  });

  it('divides both utilization fields by 100 when the values are percentages, leaving the rest', () => {
    const points = [point(5, 50, 60), point(8, 80, 90, 6)];
    const normalized = normalizeUtilization(points, 10);
    expect(normalized).toEqual([
      { ...points[0], avg_utilization_percentage: 0.5, peak_utilization_percentage: 0.6 },
      { ...points[1], avg_utilization_percentage: 0.8, peak_utilization_percentage: 0.9 },
    ]);
    expect(points[0]?.avg_utilization_percentage).toBe(50);
  });
});
