import { describe, expect, it } from 'vitest';

import { computeFigures } from './figures';
import {
  dailyAverageUtilization,
  portfolioFigures,
  summarizePortfolio,
  type PortfolioFigures,
  type SummaryRow,
  capacitySurplus,
} from './portfolio';
import { placesToRelease, releaseCost } from './release-cost';
import { NY_FALL_DAY, NY_STANDARD, dayOf, hoursOf, occupancyAt } from '../test/test-windows';

const BANDS = { underUsedBelow: 0.3, nearFullAt: 0.85 };

describe('portfolioFigures', () => {
  const occupancy = [
    ...hoursOf('2026-11-16', NY_STANDARD, [9, 10]).map((w, i) =>
      occupancyAt(w, { avg: 10 + i * 10, util: 0.1 + i * 0.1, peak: 20 + i * 70, peakUtil: 0.2 + i * 0.7 }),
    ),
    ...hoursOf('2026-11-18', NY_STANDARD, [9]).map((w) =>
      occupancyAt(w, { avg: 60, util: 0.6, peak: 60, peakUtil: 0.6 }),
    ),
  ];
  const previous = hoursOf('2026-11-09', NY_STANDARD, [9, 10]).map((w) =>
    occupancyAt(w, { avg: 10, util: 0.1, peak: 10, peakUtil: 0.1 }),
  );
  const figures = portfolioFigures({ capacity: 100, occupancy, previous, start: '2026-11-16', end: '2026-11-18' });

  it('are the utilization page’s figures over the same windows', () => {
    const page = computeFigures({
      capacity: 100,
      occupancy,
      traffic: [],
      dwell: [],
      availability: [],
      dwellUnit: 'minutes',
    });
    expect(figures.averageUtilization).toBe(page.averageUtilization);
    expect(figures.peakUtilization).toBe(page.peakUtilization);
    expect(figures.rightSizeP95).toBe(page.rightSizeP95);
    expect(figures.averageUtilization).toBeCloseTo(0.3);
    expect(figures.peakUtilization).toBeCloseTo(0.9);
    expect(figures.rightSizeP95).toBe(90);
  });

  it('change is the difference of the two averages, in fraction points', () => {
    expect(figures.averageUtilizationChange).toBeCloseTo(0.3 - 0.1);
  });

  it('change is null when the previous period has no windows', () => {
    const none = portfolioFigures({ capacity: 100, occupancy, previous: [], start: '2026-11-16', end: '2026-11-18' });
    expect(none.averageUtilizationChange).toBeNull();
  });

  it('has a daily value for every date, null where no window starts', () => {
    expect(figures.daily).toHaveLength(3);
    expect(figures.daily[0]).toBeCloseTo(0.15);
    expect(figures.daily[1]).toBeNull();
    expect(figures.daily[2]).toBeCloseTo(0.6);
  });
});

describe('dailyAverageUtilization', () => {
  it('weights a 25-hour day’s windows by their real length', () => {
    const points = NY_FALL_DAY.map((w, i) => occupancyAt(w, { util: i === 1 ? 1 : 0 }));
    // The 01:00 window at −04:00 lasts one real hour of 25.
    expect(dailyAverageUtilization(points, '2026-11-01', '2026-11-01')[0]).toBeCloseTo(1 / 25);
  });

  it('counts a window on the local date it starts', () => {
    const points = dayOf('2026-11-20', NY_STANDARD).map((w) => occupancyAt(w, { util: 0.5 }));
    expect(dailyAverageUtilization(points, '2026-11-19', '2026-11-21')).toEqual([null, 0.5, null]);
  });
});

function row(locationId: number, figures: Partial<PortfolioFigures> | undefined, name = `Space ${locationId}`) {
  return {
    locationId,
    name,
    figures: figures && {
      capacity: 10,
      averageUtilization: null,
      peakUtilization: null,
      rightSizeP95: null,
      averageUtilizationChange: null,
      daily: [],
      ...figures,
    },
  } satisfies SummaryRow;
}

describe('summarizePortfolio', () => {
  it('counts spaces in the bands, at their edges as the wording says', () => {
    const summary = summarizePortfolio(
      [
        row(1, { averageUtilization: 0.29, peakUtilization: 0.85 }),
        row(2, { averageUtilization: 0.3, peakUtilization: 0.849 }),
        row(3, { averageUtilization: 0.05, peakUtilization: 1.2 }),
        row(4, undefined),
      ],
      BANDS,
    );
    expect(summary).toMatchObject({ spaces: 4, loaded: 3, underUsed: 2, nearFull: 2 });
  });

  it('sums capacity and right-size over the spaces that have a right-size figure', () => {
    const summary = summarizePortfolio(
      [
        row(1, { capacity: 100, rightSizeP95: 40 }),
        row(2, { capacity: 50, rightSizeP95: 60 }),
        row(3, { capacity: 70, rightSizeP95: null }),
      ],
      BANDS,
    );
    expect(summary.capacity).toBe(150);
    expect(summary.rightSize).toBe(100);
    // Space 1 could release 60 places, space 2 is 10 short; space 3 has no right-size figure.
    expect(summary.toRelease).toBe(60);
    expect(summary.short).toBe(10);
  });

  it('gives each row its surplus: capacity − right-size P95, negative when short', () => {
    expect(capacitySurplus({ capacity: 100, rightSizeP95: 40 })).toBe(60);
    expect(capacitySurplus({ capacity: 50, rightSizeP95: 60 })).toBe(-10);
    expect(capacitySurplus({ capacity: 50, rightSizeP95: null })).toBeNull();
  });

  it('counts the loaded spaces with gaps in their data, and those silent for more than a day', () => {
    const summary = summarizePortfolio(
      [
        { ...row(1, {}), health: { gaps: 2, silentOverADay: false } },
        { ...row(2, {}), health: { gaps: 1, silentOverADay: true } },
        { ...row(3, {}), health: { gaps: 0, silentOverADay: false } },
        { ...row(4, undefined), health: { gaps: 3, silentOverADay: true } },
      ],
      BANDS,
    );
    expect(summary).toMatchObject({ withGaps: 2, silent: 1 });
  });

  it('names the busiest and emptiest, ties to the lower id whatever the order', () => {
    const rows = [
      row(5, { averageUtilization: 0.5 }),
      row(2, { averageUtilization: 0.9 }),
      row(3, { averageUtilization: 0.1 }),
      row(1, { averageUtilization: 0.9 }),
      row(4, { averageUtilization: 0.1 }),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const summary = summarizePortfolio(order, BANDS);
      expect(summary.busiest?.locationId).toBe(1);
      expect(summary.emptiest?.locationId).toBe(3);
    }
  });

  it('has no busiest or emptiest before any figure is in', () => {
    const summary = summarizePortfolio([row(1, undefined)], BANDS);
    expect(summary).toMatchObject({ spaces: 1, loaded: 0, busiest: null, emptiest: null });
  });
});

describe('releaseCost', () => {
  it('prices the places to release at the yearly cost of a place, and never a place a location is short of', () => {
    expect(releaseCost(262, 1200)).toBe(314_400);
    expect(placesToRelease({ capacity: 100, rightSizeP95: 40 })).toBe(60);
    expect(placesToRelease({ capacity: 100, rightSizeP95: 120 })).toBe(0);
    expect(releaseCost(placesToRelease({ capacity: 100, rightSizeP95: null }), 1200)).toBeNull();
  });
});
