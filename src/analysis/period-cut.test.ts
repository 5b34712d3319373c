import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseLocalDateTime } from '../lib/time';
import { DAY_MS } from '../lib/time-spans';
import { comparedCutWallMs, cutAt, finerSpanAt, isCompleteBy, periodEndWallMs, windowAtCut } from './period-cut';
import {
  availabilityAt,
  dayOf,
  dwellAt,
  hoursOf,
  NY_DAYLIGHT,
  NY_STANDARD,
  occupancyAt,
  range,
  trafficAt,
  win,
} from '../test/test-windows';

const wall = (text: string) => parseLocalDateTime(text).wallMs;
/** 10:30 on Wednesday 11 November 2026, New York (the wall clock, as wall-clock ms). */
const CUT = wall('2026-11-11T10:30:00Z');

describe('where the periods are cut', () => {
  it('this period ends at the minute its data was read; the other one the same wall time shiftDays earlier', () => {
    expect(periodEndWallMs(wall('2026-11-18T10:30:59.900Z'))).toBe(wall('2026-11-18T10:30:00Z'));
    expect(comparedCutWallMs(wall('2026-11-18T10:30:00Z'), 7)).toBe(CUT);
    // Across a DST change the wall clock is what moves back: 10:30 stays 10:30.
    expect(comparedCutWallMs(wall('2026-11-04T10:30:00Z'), 7)).toBe(wall('2026-10-28T10:30:00Z'));
  });

  it('finds the window that holds the cut, and the days of finer windows that rebuild it', () => {
    const days = [
      trafficAt(win('2026-11-10T00:00:00-05:00', '2026-11-11T00:00:00-05:00'), 100),
      trafficAt(win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00'), 80),
    ];
    expect(windowAtCut(days, CUT)).toBe(days[1]);
    expect(finerSpanAt(days, CUT)).toEqual({ start: '2026-11-11', end: '2026-11-11' });
    const week = [trafficAt(win('2026-11-09T00:00:00-05:00', '2026-11-16T00:00:00-05:00'), 700)];
    expect(finerSpanAt(week, CUT)).toEqual({ start: '2026-11-09', end: '2026-11-11' });
    // A cut on a window's boundary falls in none.
    expect(finerSpanAt(days, wall('2026-11-11T00:00:00Z'))).toBeNull();
  });

  it('a window is complete when it ends at or before the moment', () => {
    const day = win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00');
    expect(isCompleteBy(day, CUT)).toBe(false);
    expect(isCompleteBy(day, wall('2026-11-12T00:00:00Z'))).toBe(true);
  });
});

describe('cutAt', () => {
  const hours = hoursOf('2026-11-11', NY_STANDARD, range(8, 12)).map((w, i) => trafficAt(w, 10 * (i + 1)));

  it('keeps the windows before the cut, leaves out those after, and counts the one it falls in by its share', () => {
    const cut = cutAt('traffic', hours, CUT);
    // 08:00 (10), 09:00 (20), and half of 10:00 (30); 11:00 and 12:00 are after.
    expect(cut.map((point) => point.window_start)).toEqual([
      '2026-11-11T08:00:00-05:00',
      '2026-11-11T09:00:00-05:00',
      '2026-11-11T10:00:00-05:00',
    ]);
    expect(cut.map((point) => point.traffic)).toEqual([10, 20, 15]);
    // The window the cut falls in keeps its bounds, as this period's last window does.
    expect(cut[2]!.window_end).toBe('2026-11-11T11:00:00-05:00');
  });

  it('a daily window is rebuilt from finer windows before the cut', () => {
    const day = trafficAt(win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00'), 1_000);
    const [rebuilt] = cutAt('traffic', [day], CUT, hours);
    // 10 + 20 + half of 30: the finer windows before 10:30.
    expect(rebuilt).toEqual({ ...day, traffic: 45 });
  });

  it('occupancy: averages weighted by the time before the cut, peaks the highest of the parts', () => {
    const day = occupancyAt(win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00'), {
      avg: 99,
      util: 0.99,
      peak: 999,
      peakUtil: 9.99,
    });
    const finer = [
      occupancyAt(win('2026-11-11T09:00:00-05:00', '2026-11-11T10:00:00-05:00'), {
        avg: 10,
        util: 0.1,
        peak: 20,
        peakUtil: 0.2,
      }),
      occupancyAt(win('2026-11-11T10:00:00-05:00', '2026-11-11T11:00:00-05:00'), {
        avg: 40,
        util: 0.4,
        peak: 60,
        peakUtil: 0.6,
      }),
      occupancyAt(win('2026-11-11T11:00:00-05:00', '2026-11-11T12:00:00-05:00'), {
        avg: 90,
        util: 0.9,
        peak: 95,
        peakUtil: 0.95,
      }),
    ];
    const [rebuilt] = cutAt('occupancy', [day], CUT, finer);
    // An hour at 10 and half an hour at 40: (10 × 1 + 40 × 0.5) ÷ 1.5 = 20.
    expect(rebuilt!.avg_occupancy).toBeCloseTo(20, 10);
    expect(rebuilt!.avg_utilization_percentage).toBeCloseTo(0.2, 10);
    expect(rebuilt!.peak_occupancy).toBe(60);
    expect(rebuilt!.peak_utilization_percentage).toBe(0.6);
  });

  it('availability and dwell time: shares and averages over the parts with a value', () => {
    const day = win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00');
    const finer = hoursOf('2026-11-11', NY_STANDARD, [8, 9, 10]);
    const [free] = cutAt('availability', [availabilityAt(day, 0.9)], CUT, [
      availabilityAt(finer[0]!, 0.5),
      availabilityAt(finer[1]!, null),
      availabilityAt(finer[2]!, 0.8),
    ]);
    // An hour at 0.5 and half an hour at 0.8.
    expect(free!.availability_percentage).toBeCloseTo((0.5 + 0.4) / 1.5, 10);
    // Dwell time comes by day at the finest: a daily window without finer windows is kept as it is.
    const [dwell] = cutAt('dwell_time', [dwellAt(day, 12)], CUT);
    expect(dwell).toEqual(dwellAt(day, 12));
  });

  it('a window with no finer window before the cut is left out (nothing had happened yet)', () => {
    const day = trafficAt(win('2026-11-11T00:00:00-05:00', '2026-11-12T00:00:00-05:00'), 500);
    const afternoon = hoursOf('2026-11-11', NY_STANDARD, [14]).map((w) => trafficAt(w, 7));
    expect(cutAt('traffic', [day], CUT, afternoon)).toEqual([]);
  });

  it('reads each window on its own wall clock across a DST change', () => {
    // Sunday 1 November 2026 in New York has 25 hours, 01:00 twice. The first 01:00 hour (−04:00) ends, on the wall,
    // at 01:00 again: a cut at 01:30 falls in the second one.
    const fallDay = [
      ...hoursOf('2026-11-01', NY_DAYLIGHT, [0]),
      win('2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00'),
      ...hoursOf('2026-11-01', NY_STANDARD, [1, 2]),
    ].map((w) => trafficAt(w, 10));
    const cut = cutAt('traffic', fallDay, wall('2026-11-01T01:30:00Z'));
    expect(cut.map((point) => point.traffic)).toEqual([10, 10, 5]);
  });

  it('property: the total of a cut never exceeds the total, and a cut after the last window keeps everything', () => {
    const day = dayOf('2026-11-11', NY_STANDARD);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 24, maxLength: 24 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        (counts, minute) => {
          const points = day.map((w, i) => trafficAt(w, counts[i]!));
          const total = counts.reduce((a, b) => a + b, 0);
          const at = wall('2026-11-11T00:00:00Z') + minute * 60_000;
          const sum = cutAt('traffic', points, at).reduce((a, p) => a + p.traffic, 0);
          expect(sum).toBeLessThanOrEqual(total + 1e-9);
          // Counted in proportion within the hour the cut falls in: at most that hour's count away from whole hours.
          const whole = counts.slice(0, Math.floor(minute / 60)).reduce((a, b) => a + b, 0);
          expect(sum).toBeGreaterThanOrEqual(whole - 1e-9);
          expect(cutAt('traffic', points, wall('2026-11-12T00:00:00Z') + DAY_MS)).toEqual(points);
        },
      ),
    );
  });
});
