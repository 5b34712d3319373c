import { describe, expect, it } from 'vitest';

import type { OccupancyPoint } from '../api/schemas';
import { addDays, dayCode } from '../lib/time';
import {
  NY_DAYLIGHT,
  NY_FALL_DAY,
  NY_SPRING_DAY,
  NY_STANDARD,
  dayOf,
  hoursOf,
  occupancyAt,
  win,
  type TestWindow,
} from '../test/test-windows';
import {
  MIN_USUAL_SAMPLES,
  USUAL_WEEKS,
  compareWithUsual,
  usualDay,
  usualRange,
  type UsualPoint,
  type UsualValue,
} from './usual';
import { percentileInc } from './stats';

/** A Wednesday in summer: every date of the last 8 weeks is at New York daylight time. */
const TODAY = '2026-07-15';
const weekBack = (k: number, today = TODAY) => addDays(today, -7 * k);

const at = (window: TestWindow, avg: number) => occupancyAt(window, { avg });

/** Hour `hour` of the dates k weeks back, one window each, with the values in week order (k = 1, 2, …; null = none). */
function hourSeries(hour: number, values: readonly (number | null)[], today = TODAY): OccupancyPoint[] {
  return values.flatMap((avg, i) =>
    avg === null ? [] : [at(hoursOf(weekBack(i + 1, today), NY_DAYLIGHT, [hour])[0]!, avg)],
  );
}

describe('USUAL_WEEKS and MIN_USUAL_SAMPLES', () => {
  it('are 8 weeks and 3 samples', () => {
    expect(USUAL_WEEKS).toBe(8);
    expect(MIN_USUAL_SAMPLES).toBe(3);
  });
});

describe('usualRange', () => {
  it('asks for the 56 days before today, both ends inclusive', () => {
    expect(usualRange(TODAY)).toEqual({ start: '2026-05-20', end: '2026-07-14' });
    expect(usualRange('2026-03-01')).toEqual({ start: '2026-01-04', end: '2026-02-28' });
  });

  it('holds every same-weekday date the samples come from, the earliest at its start', () => {
    const { start, end } = usualRange(TODAY);
    expect(start).toBe(weekBack(8));
    for (let k = 1; k <= 8; k++) {
      expect(weekBack(k) >= start && weekBack(k) <= end).toBe(true);
      expect(dayCode(weekBack(k))).toBe(dayCode(TODAY));
    }
  });

  it('rejects what is not a date', () => {
    expect(() => usualRange('2026-02-30')).toThrow(RangeError);
    expect(() => usualRange('15/07/2026')).toThrow(RangeError);
  });
});

/** The usual value of one wall hour of `today`, as usualDay gives it. */
const usualAt = (points: Iterable<UsualPoint>, today: string, hour: number) => usualDay(points, today)[hour] ?? null;

describe('usualDay', () => {
  it('gives median, 25th and 75th percentiles by interpolation, for an odd number of samples', () => {
    // Sorted: 3 7 9 12 20 → median at position 2, low at 1, high at 3.
    const points = hourSeries(9, [12, 3, null, 7, 20, null, 9, null]);
    expect(usualAt(points, TODAY, 9)).toEqual({ median: 9, low: 7, high: 12, samples: 5 });
  });

  it('interpolates between ranks for an even number of samples', () => {
    // Sorted 1..8: median at 3.5 → 4.5, low at 1.75 → 2.75, high at 5.25 → 6.25.
    expect(usualAt(hourSeries(9, [5, 1, 8, 3, 2, 7, 4, 6]), TODAY, 9)).toEqual({
      median: 4.5,
      low: 2.75,
      high: 6.25,
      samples: 8,
    });
    // Sorted 10 20 40 80: median at 1.5 → 30, low at 0.75 → 17.5, high at 2.25 → 50.
    expect(usualAt(hourSeries(14, [80, 10, 40, 20]), TODAY, 14)).toEqual({
      median: 30,
      low: 17.5,
      high: 50,
      samples: 4,
    });
  });

  it('needs 3 samples: 2 give null, 3 give a value', () => {
    expect(usualAt(hourSeries(9, [4, 6]), TODAY, 9)).toBeNull();
    expect(usualAt([], TODAY, 9)).toBeNull();
    expect(usualAt(hourSeries(9, [6, 0, 0]), TODAY, 9)).toEqual({ median: 0, low: 0, high: 3, samples: 3 });
  });

  it('skips a week with a missing window (an outage) instead of counting it as zero', () => {
    const points = hourSeries(9, [10, null, 20, null, null, 30, null, null]);
    expect(usualAt(points, TODAY, 9)).toEqual({ median: 20, low: 15, high: 25, samples: 3 });
  });

  it("counts a closed day's zeros as samples", () => {
    // Four closed weeks (zeros, as the server sends them) and four open ones.
    const points = hourSeries(9, [0, 40, 0, 40, 0, 40, 0, 40]);
    expect(usualAt(points, TODAY, 9)).toEqual({ median: 20, low: 0, high: 40, samples: 8 });
  });

  it('ignores windows of other weekdays, of dates outside the 8 weeks, of today and after', () => {
    const base = hourSeries(9, [10, 20, 30]);
    const noise = [
      ...[-1, 1, 2, 3, -3].map((shift) => at(hoursOf(addDays(weekBack(1), shift), NY_DAYLIGHT, [9])[0]!, 999)),
      at(hoursOf(weekBack(9), NY_DAYLIGHT, [9])[0]!, 999),
      at(hoursOf(TODAY, NY_DAYLIGHT, [9])[0]!, 999),
      at(hoursOf(addDays(TODAY, 7), NY_DAYLIGHT, [9])[0]!, 999),
    ];
    expect(usualAt([...noise, ...base], TODAY, 9)).toEqual(usualAt(base, TODAY, 9));
    expect(usualAt(base, TODAY, 9)).toEqual({ median: 20, low: 15, high: 25, samples: 3 });
    // Today's own windows alone are no history.
    expect(usualAt([...noise, ...hourSeries(9, [10, 20])], TODAY, 9)).toBeNull();
  });

  it('uses the week exactly 8 weeks back, not the one 9 weeks back', () => {
    const eightBack = hourSeries(9, [10, 20, null, null, null, null, null, 30]);
    expect(usualAt(eightBack, TODAY, 9)).toEqual({ median: 20, low: 15, high: 25, samples: 3 });
    const nineBack = [...hourSeries(9, [10, 20]), at(hoursOf(weekBack(9), NY_DAYLIGHT, [9])[0]!, 30)];
    expect(usualAt(nineBack, TODAY, 9)).toBeNull();
  });

  it('reads the wall hour and date of the window itself, whatever its offset', () => {
    // 23:00 on the date 1 week back at −04:00 is 03:00 UTC the next day: still hour 23 of that date.
    const late = [10, 20, 30].map((avg, i) => at(hoursOf(weekBack(i + 1), NY_DAYLIGHT, [23])[0]!, avg));
    expect(usualAt(late, TODAY, 23)).toEqual({ median: 20, low: 15, high: 25, samples: 3 });
    expect(usualAt(late, addDays(TODAY, 1), 3)).toBeNull();
  });

  it('gives 24 hours from one set of points', () => {
    const points = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((k) =>
      dayOf(weekBack(k), NY_DAYLIGHT).map((window, hour) => at(window, hour < 8 ? 0 : hour * k)),
    );
    const day = usualDay(points, TODAY);
    expect(day).toHaveLength(24);
    expect(day[0]).toEqual({ median: 0, low: 0, high: 0, samples: 8 });
    // Hour 10: samples 10, 20, … 80 → median 45, low at 1.75 → 27.5, high at 5.25 → 62.5.
    expect(day[10]).toEqual({ median: 45, low: 27.5, high: 62.5, samples: 8 });
  });

  it('reads each point once (one pass for the whole day)', () => {
    const points = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((k) => dayOf(weekBack(k), NY_DAYLIGHT).map((w) => at(w, k)));
    let reads = 0;
    const counted: UsualPoint[] = points.map((point) => ({
      avg_occupancy: point.avg_occupancy,
      get window_start() {
        reads++;
        return point.window_start;
      },
    }));
    const day = usualDay(counted, TODAY);
    expect(reads).toBe(points.length);
    expect(day.every((value) => value?.samples === 8)).toBe(true);
  });

  it('rejects a today that is not a date', () => {
    expect(() => usualDay([], '2026-7-15')).toThrow(RangeError);
  });
});

describe('usual values across New York DST changes', () => {
  it('the 23-hour spring day (2026-03-08) gives no sample for hour 2, and its 01:00 window counts for hour 1', () => {
    const today = '2026-03-15'; // a Sunday; 2026-03-08 is one week back
    expect(dayCode(today)).toBe(dayCode('2026-03-08'));
    const points = [
      ...NY_SPRING_DAY.map((window) => at(window, 1000 + Number(window.window_start.slice(11, 13)))),
      ...[2, 3, 4, 5, 6, 7, 8].flatMap((k) =>
        dayOf(weekBack(k, today), NY_STANDARD).map((window, hour) => at(window, hour * 10 + k)),
      ),
    ];
    // Hour 2: weeks 2..8 only → 22 … 28.
    expect(usualAt(points, today, 2)).toEqual({ median: 25, low: 23.5, high: 26.5, samples: 7 });
    // Hour 1: the spring day's 01:00−05:00 → 03:00−04:00 window (1001) and weeks 2..8 (12 … 18).
    expect(usualAt(points, today, 1)).toEqual({ median: 15.5, low: 13.75, high: 17.25, samples: 8 });
    // Hour 3 is there (at −04:00) on the spring day.
    expect(usualAt(points, today, 3)?.samples).toBe(8);
    expect(usualDay(points, today).map((value) => value?.samples)).toEqual(
      Array.from({ length: 24 }, (_, hour) => (hour === 2 ? 7 : 8)),
    );
  });

  it('the 25-hour autumn day (2026-11-01) gives one sample for hour 1: the mean of its two 01:00 windows', () => {
    const today = '2026-11-08'; // a Sunday; 2026-11-01 is one week back, the weeks before are at −04:00
    const fallDay = NY_FALL_DAY.map((window) => {
      if (window.window_start === '2026-11-01T01:00:00-04:00') return at(window, 10);
      if (window.window_start === '2026-11-01T01:00:00-05:00') return at(window, 30);
      return at(window, 50);
    });
    const others = [2, 3, 4, 5, 6, 7, 8].flatMap((k) =>
      hoursOf(weekBack(k, today), NY_DAYLIGHT, [1]).map((window) => at(window, k <= 4 ? 0 : 100)),
    );
    // Sorted: 0 0 0 20 100 100 100 100 → median at 3.5 → 60 (only the first window would give 55, only the second
    // 65, both as samples 9 of them).
    expect(usualAt([...fallDay, ...others], today, 1)).toEqual({ median: 60, low: 0, high: 100, samples: 8 });
    // The day's other hours are one window each.
    expect(usualAt(fallDay, today, 1)).toBeNull();
    expect(usualDay([...fallDay, ...others], today)[5]).toBeNull();
  });

  it('matches the same week at one offset, for a week spanning the spring change', () => {
    // Wall clocks at a single offset give the same result as the real New York strings of the spring day.
    const today = '2026-03-15';
    const real = NY_SPRING_DAY.map((window) => at(window, 7));
    const flat = NY_SPRING_DAY.map((window) =>
      at(win(window.window_start.slice(0, 19) + '+09:00', window.window_end.slice(0, 19) + '+09:00'), 7),
    );
    const weeks = [2, 3].flatMap((k) => dayOf(weekBack(k, today), NY_STANDARD).map((window) => at(window, 7)));
    expect(usualDay([...flat, ...weeks], today)).toEqual(usualDay([...real, ...weeks], today));
  });
});

describe('compareWithUsual', () => {
  const usual: UsualValue = { median: 4.5, low: 2.75, high: 6.25, samples: 8 };

  it('is busier above the band, quieter below it, usual inside it and at its edges', () => {
    expect(compareWithUsual(7, usual)).toBe('busier');
    expect(compareWithUsual(6.25, usual)).toBe('usual');
    expect(compareWithUsual(5, usual)).toBe('usual');
    expect(compareWithUsual(2.75, usual)).toBe('usual');
    expect(compareWithUsual(2, usual)).toBe('quieter');
  });

  it('is usual only at the value itself when the band is a point', () => {
    const flat: UsualValue = { median: 0, low: 0, high: 0, samples: 5 };
    expect(compareWithUsual(0, flat)).toBe('usual');
    expect(compareWithUsual(1, flat)).toBe('busier');
  });
});

describe('percentileInc', () => {
  it('follows PERCENTILE.INC', () => {
    expect(percentileInc([], 0.5)).toBeNull();
    expect(percentileInc([7], 0.25)).toBe(7);
    expect(percentileInc([1, 2, 3, 4], 0)).toBe(1);
    expect(percentileInc([1, 2, 3, 4], 1)).toBe(4);
    // =PERCENTILE.INC({15,20,35,40,50}, 0.4) = 29
    expect(percentileInc([15, 20, 35, 40, 50], 0.4)).toBeCloseTo(29, 12);
  });
});
