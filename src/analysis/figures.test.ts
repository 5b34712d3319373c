import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';

import {
  FIGURE_DEFINITIONS,
  FIGURE_KEYS,
  compareFigures,
  computeFigures,
  type Figures,
  type FiguresInput,
} from './figures';
import {
  NY_DAYLIGHT,
  NY_FALL_DAY,
  NY_SPRING_DAY,
  NY_STANDARD,
  availabilityAt,
  dailyWindow,
  dayOf,
  dwellAt,
  hoursOf,
  occupancyAt,
  range,
  trafficAt,
  win,
} from '../test/test-windows';

const EMPTY: FiguresInput = {
  capacity: 100,
  occupancy: [],
  traffic: [],
  dwell: [],
  availability: [],
  dwellUnit: 'minutes',
};

const NO_FIGURES: Figures = {
  averageUtilization: null,
  peakUtilization: null,
  peakOccupancy: null,
  peakOccupancyAt: null,
  totalEntries: null,
  averageDwellMinutes: null,
  inUseShare: null,
  hoursOverCapacity: null,
  rightSizeP95: null,
  busiestHour: null,
  busiestWeekday: null,
};

const figures = (input: Partial<FiguresInput>) => computeFigures({ ...EMPTY, ...input });

describe('computeFigures', () => {
  it('gives null for every figure without data', () => {
    expect(computeFigures(EMPTY)).toEqual(NO_FIGURES);
  });

  describe('averageUtilization', () => {
    it('weights each window by its length, so a partial 30-minute window counts half', () => {
      const occupancy = [
        occupancyAt(win('2026-03-02T09:00:00-05:00', '2026-03-02T10:00:00-05:00'), { util: 0.5 }),
        occupancyAt(win('2026-03-02T10:00:00-05:00', '2026-03-02T10:30:00-05:00'), { util: 0.2 }),
      ];
      expect(figures({ occupancy }).averageUtilization).toBeCloseTo((0.5 * 60 + 0.2 * 30) / 90, 12);
    });

    it('measures a window across the spring change by its instants (01:00−05:00 to 03:00−04:00 is one hour)', () => {
      const [midnight, acrossGap] = NY_SPRING_DAY as [never, never];
      const occupancy = [occupancyAt(midnight, { util: 0 }), occupancyAt(acrossGap, { util: 1 })];
      expect(figures({ occupancy }).averageUtilization).toBe(0.5);
    });

    it('ignores windows missing for an outage (they are not zeros)', () => {
      const occupancy = hoursOf('2026-03-02', NY_STANDARD, [9, 10, 12]).map((w) => occupancyAt(w, { util: 0.6 }));
      expect(figures({ occupancy }).averageUtilization).toBeCloseTo(0.6, 12);
    });

    it('counts a closed day reported as zeros', () => {
      const open = dayOf('2026-03-02', NY_STANDARD).map((w) => occupancyAt(w, { util: 0.5 }));
      const closed = dayOf('2026-03-01', NY_STANDARD).map((w) => occupancyAt(w));
      expect(figures({ occupancy: [...closed, ...open] }).averageUtilization).toBeCloseTo(0.25, 12);
    });

    it('keeps values over capacity (above 1)', () => {
      const occupancy = hoursOf('2026-03-02', NY_STANDARD, [9, 10]).map((w, i) => occupancyAt(w, { util: 1 + i }));
      expect(figures({ occupancy }).averageUtilization).toBe(1.5);
    });
  });

  describe('peaks', () => {
    it('takes the highest peak utilization and peak occupancy, with the start of the first window reaching it', () => {
      const occupancy = hoursOf('2026-03-02', NY_STANDARD, [9, 10, 11, 12]).map((w, i) =>
        occupancyAt(w, { peak: [5, 40, 12, 40][i], peakUtil: [0.05, 0.4, 1.2, 0.4][i] }),
      );
      expect(figures({ occupancy })).toMatchObject({
        peakUtilization: 1.2,
        peakOccupancy: 40,
        peakOccupancyAt: '2026-03-02T10:00:00-05:00',
      });
    });

    it('on the repeated autumn hour, the first by instant is the earlier offset, whatever the order given', () => {
      const first = occupancyAt(NY_FALL_DAY[1]!, { peak: 30 });
      const second = occupancyAt(NY_FALL_DAY[2]!, { peak: 30 });
      const result = figures({ occupancy: [second, first] });
      expect(result.peakOccupancyAt).toBe('2026-11-01T01:00:00-04:00');
      expect(second.window_start).toBe('2026-11-01T01:00:00-05:00');
    });

    it('a closed day of zeros has a peak of 0 at its first hour, not null', () => {
      const occupancy = dayOf('2026-03-01', NY_STANDARD).map((w) => occupancyAt(w));
      expect(figures({ occupancy })).toMatchObject({
        peakOccupancy: 0,
        peakOccupancyAt: '2026-03-01T00:00:00-05:00',
        peakUtilization: 0,
      });
    });
  });

  describe('totalEntries', () => {
    it('sums traffic; a closed day of zeros gives 0', () => {
      const traffic = hoursOf('2026-03-02', NY_STANDARD, [9, 10, 11]).map((w, i) => trafficAt(w, [3, 0, 7][i]!));
      expect(figures({ traffic }).totalEntries).toBe(10);
      const closed = dayOf('2026-03-01', NY_STANDARD).map((w) => trafficAt(w, 0));
      expect(figures({ traffic: closed }).totalEntries).toBe(0);
    });
  });

  describe('averageDwellMinutes', () => {
    const day1 = hoursOf('2026-03-02', NY_STANDARD, [9, 10]).map((w) => trafficAt(w, 5)); // 10 entries
    const day2 = hoursOf('2026-03-03', NY_STANDARD, [9, 10, 11]).map((w) => trafficAt(w, 10)); // 30 entries
    const traffic = [...day1, ...day2];

    it("weights each day's dwell time by that day's entries", () => {
      const dwell = [
        dwellAt(dailyWindow('2026-03-02', NY_STANDARD), 30),
        dwellAt(dailyWindow('2026-03-03', NY_STANDARD), 60),
      ];
      expect(figures({ dwell, traffic }).averageDwellMinutes).toBe((30 * 10 + 60 * 30) / 40);
    });

    it('converts seconds to minutes', () => {
      const dwell = [
        dwellAt(dailyWindow('2026-03-02', NY_STANDARD), 1800),
        dwellAt(dailyWindow('2026-03-03', NY_STANDARD), 3600),
      ];
      expect(figures({ dwell, traffic, dwellUnit: 'seconds' }).averageDwellMinutes).toBe((30 * 10 + 60 * 30) / 40);
    });

    it('skips null days and days without traffic windows (outage)', () => {
      const dwell = [
        dwellAt(dailyWindow('2026-03-02', NY_STANDARD), null),
        dwellAt(dailyWindow('2026-03-03', NY_STANDARD), 60),
        dwellAt(dailyWindow('2026-03-04', NY_STANDARD), 999),
      ];
      expect(figures({ dwell, traffic }).averageDwellMinutes).toBe(60);
    });

    it('matches traffic by the local date of the window start (23:00−05:00 is still that day, not the UTC one)', () => {
      const late = trafficAt(hoursOf('2026-03-02', NY_STANDARD, [23])[0]!, 10);
      const early = trafficAt(hoursOf('2026-03-03', NY_STANDARD, [0])[0]!, 30);
      const dwell = [
        dwellAt(dailyWindow('2026-03-02', NY_STANDARD), 20),
        dwellAt(dailyWindow('2026-03-03', NY_STANDARD), 40),
      ];
      expect(figures({ dwell, traffic: [late, early] }).averageDwellMinutes).toBe((20 * 10 + 40 * 30) / 40);
    });

    it('is null when every weight is 0 (closed days)', () => {
      const closed = dayOf('2026-03-01', NY_STANDARD).map((w) => trafficAt(w, 0));
      const dwell = [dwellAt(dailyWindow('2026-03-01', NY_STANDARD), 0)];
      expect(figures({ dwell, traffic: closed }).averageDwellMinutes).toBeNull();
    });

    it('is null when all dwell values are null', () => {
      const dwell = [dwellAt(dailyWindow('2026-03-02', NY_STANDARD), null)];
      expect(figures({ dwell, traffic }).averageDwellMinutes).toBeNull();
    });
  });

  describe('inUseShare', () => {
    it('is 1 − availability weighted by window length over non-null windows', () => {
      const availability = [
        availabilityAt(win('2026-03-02T09:00:00-05:00', '2026-03-02T10:00:00-05:00'), 0.25),
        availabilityAt(win('2026-03-02T10:00:00-05:00', '2026-03-02T10:30:00-05:00'), 1),
        availabilityAt(win('2026-03-02T10:30:00-05:00', '2026-03-02T11:00:00-05:00'), null),
      ];
      expect(figures({ availability }).inUseShare).toBeCloseTo((0.75 * 60 + 0 * 30) / 90, 12);
    });

    it('is null when all availability is null', () => {
      const availability = dayOf('2026-03-01', NY_STANDARD).map((w) => availabilityAt(w, null));
      expect(figures({ availability }).inUseShare).toBeNull();
    });
  });

  describe('hoursOverCapacity', () => {
    const occupancy = hoursOf('2026-03-02', NY_STANDARD, [9, 10, 11, 12]).map((w, i) =>
      occupancyAt(w, { peak: [99, 100, 101, 250][i] }),
    );

    it('counts windows whose peak is strictly above capacity', () => {
      expect(figures({ occupancy, capacity: 100 }).hoursOverCapacity).toBe(2);
    });

    it('is 0 for a closed day and null when capacity is 0', () => {
      const closed = dayOf('2026-03-01', NY_STANDARD).map((w) => occupancyAt(w));
      expect(figures({ occupancy: closed }).hoursOverCapacity).toBe(0);
      expect(figures({ occupancy, capacity: 0 }).hoursOverCapacity).toBeNull();
    });
  });

  describe('rightSizeP95', () => {
    const windows = dayOf('2026-03-02', NY_STANDARD);
    const withPeaks = (peaks: number[]) => peaks.map((peak, i) => occupancyAt(windows[i]!, { peak }));

    it.each([
      [range(1, 20), 19], // ⌈0.95 × 20⌉ = 19
      [range(1, 21), 20], // ⌈19.95⌉ = 20
      [[7], 7],
      [[3, 1, 2], 3], // ⌈2.85⌉ = 3, after sorting
    ])('nearest rank of %j is %i', (peaks, expected) => {
      expect(figures({ occupancy: withPeaks([...peaks].reverse()) }).rightSizeP95).toBe(expected);
    });
  });

  describe('busiestHour and busiestWeekday', () => {
    it('take the highest mean avg_occupancy, not the highest sum', () => {
      // 09:00 has 10 on two Mondays (sum 20, mean 10); 10:00 has 15 on one, the other lost to an outage (mean 15).
      // Mondays: 10, 15, 10 (sum 35, mean 11.7); one Tuesday window of 12 (mean 12).
      const occupancy = [
        ...hoursOf('2026-03-02', NY_STANDARD, [9, 10]).map((w, i) => occupancyAt(w, { avg: [10, 15][i] })),
        ...hoursOf('2026-03-09', NY_DAYLIGHT, [9]).map((w) => occupancyAt(w, { avg: 10 })),
        ...hoursOf('2026-03-03', NY_STANDARD, [11]).map((w) => occupancyAt(w, { avg: 12 })),
      ];
      expect(figures({ occupancy })).toMatchObject({ busiestHour: 10, busiestWeekday: 3 });
    });

    it('break ties to the earliest hour and the lowest weekday digit', () => {
      const occupancy = [
        ...hoursOf('2026-03-07', NY_STANDARD, [15]).map((w) => occupancyAt(w, { avg: 8 })), // Saturday (7)
        ...hoursOf('2026-03-03', NY_STANDARD, [14]).map((w) => occupancyAt(w, { avg: 8 })), // Tuesday (3)
      ];
      expect(figures({ occupancy })).toMatchObject({ busiestHour: 14, busiestWeekday: 3 });
    });

    it('count a closed day of zeros in its weekday mean', () => {
      const sunday = dayOf('2026-03-01', NY_STANDARD).map((w) => occupancyAt(w));
      const saturday = hoursOf('2026-03-07', NY_STANDARD, [12]).map((w) => occupancyAt(w, { avg: 1 }));
      const otherSunday = hoursOf('2026-03-08', NY_DAYLIGHT, [12]).map((w) => occupancyAt(w, { avg: 20 }));
      // Sunday: 20 / 25 = 0.8 < Saturday 1
      expect(figures({ occupancy: [...sunday, ...saturday, ...otherSunday] }).busiestWeekday).toBe(7);
    });

    it('read the wall hour of the window start, on both DST days', () => {
      const spring = NY_SPRING_DAY.map((w) =>
        occupancyAt(w, { avg: w.window_start.startsWith('2026-03-08T03') ? 9 : 1 }),
      );
      expect(figures({ occupancy: spring })).toMatchObject({ busiestHour: 3, busiestWeekday: 1 });
      // Autumn: hour 1 has two windows (mean of 6 and 2 = 4), hour 5 has 3.
      const fall = NY_FALL_DAY.map((w, i) =>
        occupancyAt(w, { avg: i === 1 ? 6 : i === 2 ? 2 : w.window_start.includes('T05') ? 3 : 0 }),
      );
      expect(figures({ occupancy: fall }).busiestHour).toBe(1);
    });
  });
});

describe('compareFigures', () => {
  const current: Figures = {
    ...NO_FIGURES,
    averageUtilization: 0.5,
    peakOccupancy: 40,
    peakOccupancyAt: '2026-03-09T10:00:00-04:00',
    totalEntries: 120,
    busiestHour: 14,
  };
  const previous: Figures = {
    ...NO_FIGURES,
    averageUtilization: 0.25,
    peakOccupancy: 50,
    totalEntries: null,
    busiestHour: 9,
  };

  it('gives current − previous per figure, null when either side is null', () => {
    expect(compareFigures(current, previous)).toEqual({
      averageUtilization: 0.25,
      peakUtilization: null,
      peakOccupancy: -10,
      totalEntries: null,
      averageDwellMinutes: null,
      inUseShare: null,
      hoursOverCapacity: null,
      rightSizeP95: null,
      busiestHour: 5,
      busiestWeekday: null,
    });
  });
});

describe('FIGURE_DEFINITIONS', () => {
  it('defines every numeric figure exactly once, with text for people, a formula and a source', () => {
    const fields = FIGURE_KEYS.map((key) => FIGURE_DEFINITIONS[key].field);
    const numeric = Object.keys(NO_FIGURES).filter((field) => field !== 'peakOccupancyAt');
    expect([...fields].sort()).toEqual([...numeric].sort());
    for (const key of FIGURE_KEYS) {
      const { label, definition, formula, sources } = FIGURE_DEFINITIONS[key];
      expect(i18n._(label).length).toBeGreaterThan(0);
      expect(i18n._(definition)).toMatch(/\.$/);
      expect(formula.length).toBeGreaterThan(0);
      expect(sources.length).toBeGreaterThan(0);
    }
  });
});
