import { describe, expect, it } from 'vitest';

import type { OccupancyPoint } from '../api/schemas';
import { DAY_MS } from '../lib/time-spans';
import { unusualHistoryRange, unusualness } from './unusual';

/** One hourly window at 10:00 on `date`, in UTC+01:00, at `share` utilization. */
function at(date: string, share: number): OccupancyPoint {
  return {
    timestamp: `${date}T10:00:00+01:00`,
    window_start: `${date}T10:00:00+01:00`,
    window_end: `${date}T11:00:00+01:00`,
    avg_occupancy: share * 100,
    avg_utilization_percentage: share,
    peak_occupancy: share * 100,
    peak_utilization_percentage: share,
  };
}

const RANGE = { start: '2026-11-12', end: '2026-11-18' };
/** The same Thursday in each of the 8 weeks before, at 0.1, 0.2, … 0.8. */
const HISTORY = Array.from({ length: 8 }, (_, i) =>
  at(new Date(Date.parse('2026-11-12T00:00:00Z') - 7 * (i + 1) * DAY_MS).toISOString().slice(0, 10), (i + 1) / 10),
);

describe('unusualness', () => {
  it('asks for the 8 weeks before in one range', () => {
    expect(unusualHistoryRange(RANGE)).toEqual({ start: '2026-09-17', end: '2026-11-11' });
  });

  it('takes each week’s average, the median and the middle half, and flags outside it', () => {
    const usual = unusualness(0.9, HISTORY, RANGE)!;
    expect(usual.weeks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
    expect(usual.median).toBeCloseTo(0.45, 12);
    expect(usual.low).toBeCloseTo(0.275, 12);
    expect(usual.high).toBeCloseTo(0.625, 12);
    expect(usual.verdict).toBe('above');
    expect(unusualness(0.2, HISTORY, RANGE)!.verdict).toBe('below');
    expect(unusualness(0.5, HISTORY, RANGE)!.verdict).toBe('usual');
  });

  it('has no usual with fewer than 4 weeks of windows, or without a value', () => {
    expect(unusualness(0.5, HISTORY.slice(0, 3), RANGE)).toBeNull();
    expect(unusualness(null, HISTORY, RANGE)).toBeNull();
  });

  it('cuts each week at the same local time when the period reaches now', () => {
    // Each week's Wednesday (the range's last day, 18 Nov, less 7·k days) at 10:00 (0.2) and at 14:00 (empty). At
    // 10:30 on 18 Nov only the mornings have happened: against whole days the period reads unusually high.
    const wednesday = (k: number) =>
      new Date(Date.parse('2026-11-18T00:00:00Z') - 7 * k * DAY_MS).toISOString().slice(0, 10);
    const history = Array.from({ length: 8 }, (_, i) => [
      at(wednesday(i + 1), 0.2),
      {
        ...at(wednesday(i + 1), 0),
        window_start: `${wednesday(i + 1)}T14:00:00+01:00`,
        window_end: `${wednesday(i + 1)}T15:00:00+01:00`,
      },
    ]).flat();
    const whole = unusualness(0.2, history, RANGE)!;
    expect(whole.median).toBeCloseTo(0.1, 12);
    expect(whole.verdict).toBe('above');
    const morning = unusualness(0.2, history, RANGE, Date.parse('2026-11-18T10:30:00Z'))!;
    expect(morning.weeks).toEqual(Array(8).fill(0.2));
    expect(morning.verdict).toBe('usual');
  });
});
