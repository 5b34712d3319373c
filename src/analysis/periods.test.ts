import { describe, expect, it } from 'vitest';

import { alignWindows, comparisonRange } from './periods';
import {
  NY_DAYLIGHT,
  NY_FALL_DAY,
  NY_SPRING_DAY,
  NY_STANDARD,
  dayOf,
  hoursOf,
  win,
  type TestWindow,
} from '../test/test-windows';

describe('comparisonRange', () => {
  it.each([
    ['2026-03-08', '2026-03-08', '2026-03-01', '2026-03-01', 7],
    ['2026-03-02', '2026-03-08', '2026-02-23', '2026-03-01', 7],
    ['2026-03-01', '2026-03-08', '2026-02-15', '2026-02-22', 14],
    ['2026-03-01', '2026-03-14', '2026-02-15', '2026-02-28', 14],
    ['2026-03-01', '2026-03-30', '2026-01-25', '2026-02-23', 35],
  ])('previous of %s – %s is %s – %s (%i days back, whole weeks)', (start, end, prevStart, prevEnd, shiftDays) => {
    expect(comparisonRange({ start, end }, 'previous', false)).toEqual({ start: prevStart, end: prevEnd, shiftDays });
  });

  it.each([
    ['2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28', 28], // a whole month → the whole previous month
    ['2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31', 31],
    ['2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31', 31], // across the year
    ['2026-03-01', '2026-03-15', '2026-02-01', '2026-02-15', 28], // this month so far → the same day span
    ['2026-03-01', '2026-03-30', '2026-02-01', '2026-02-28', 28], // … clipped at the previous month's end
    ['2024-03-01', '2024-03-30', '2024-02-01', '2024-02-29', 29], // leap year
    ['2026-01-01', '2026-03-15', '2025-10-01', '2025-12-15', 92], // three months
  ])('month preset: previous of %s – %s is %s – %s', (start, end, prevStart, prevEnd, shiftDays) => {
    expect(comparisonRange({ start, end }, 'previous', true)).toEqual({ start: prevStart, end: prevEnd, shiftDays });
  });

  it.each([false, true])('year is 364 days earlier, on the same weekdays (month preset: %s)', (monthPreset) => {
    expect(comparisonRange({ start: '2026-03-01', end: '2026-03-31' }, 'year', monthPreset)).toEqual({
      start: '2025-03-02',
      end: '2025-04-01',
      shiftDays: 364,
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => comparisonRange({ start: '2026-03-02', end: '2026-03-01' }, 'previous', false)).toThrow(RangeError);
  });
});

const startsOf = (windows: readonly (TestWindow | null)[]) => windows.map((w) => w?.window_start ?? null);

describe('alignWindows', () => {
  it('pairs by local date − shiftDays and wall hour, in current order, and lists the unpaired previous ones', () => {
    const current = hoursOf('2026-03-17', NY_DAYLIGHT, [9, 10, 11]);
    const previous = [...hoursOf('2026-03-10', NY_DAYLIGHT, [8, 9, 11]), ...hoursOf('2026-03-11', NY_DAYLIGHT, [10])];
    const { pairs, unpairedPrevious } = alignWindows(current, previous, 7);
    expect(pairs.map((pair) => pair.current)).toEqual(current);
    expect(startsOf(pairs.map((pair) => pair.previous))).toEqual([
      '2026-03-10T09:00:00-04:00',
      null, // 10:00 lost to an outage
      '2026-03-10T11:00:00-04:00',
    ]);
    expect(startsOf(unpairedPrevious)).toEqual(['2026-03-10T08:00:00-04:00', '2026-03-11T10:00:00-04:00']);
  });

  it('pairs across a DST change on the calendar, not 7 × 24 h back', () => {
    // 2026-03-09 09:00−04:00 minus 168 h is 08:00−05:00; the local calendar pairs it with 09:00−05:00.
    const current = hoursOf('2026-03-09', NY_DAYLIGHT, [9]);
    const previous = hoursOf('2026-03-02', NY_STANDARD, [8, 9]);
    expect(startsOf(alignWindows(current, previous, 7).pairs.map((pair) => pair.previous))).toEqual([
      '2026-03-02T09:00:00-05:00',
    ]);
  });

  it('spring, current side: all 23 hours pair, the previous 02:00 stays unpaired', () => {
    const previous = dayOf('2026-03-01', NY_STANDARD);
    const { pairs, unpairedPrevious } = alignWindows(NY_SPRING_DAY, previous, 7);
    expect(pairs.every((pair) => pair.previous !== null)).toBe(true);
    expect(pairs[2]?.previous?.window_start).toBe('2026-03-01T03:00:00-05:00');
    expect(startsOf(unpairedPrevious)).toEqual(['2026-03-01T02:00:00-05:00']);
  });

  it('spring, previous side: the current 02:00 has no partner', () => {
    const current = dayOf('2026-03-15', NY_DAYLIGHT);
    const { pairs, unpairedPrevious } = alignWindows(current, NY_SPRING_DAY, 7);
    expect(pairs.filter((pair) => pair.previous === null).map((pair) => pair.current.window_start)).toEqual([
      '2026-03-15T02:00:00-04:00',
    ]);
    expect(unpairedPrevious).toEqual([]);
  });

  it('autumn, current side: the first 01:00 pairs, the repeated one does not', () => {
    const previous = dayOf('2026-10-25', NY_DAYLIGHT);
    const { pairs, unpairedPrevious } = alignWindows(NY_FALL_DAY, previous, 7);
    expect(pairs).toHaveLength(25);
    expect(startsOf([pairs[1]!.previous, pairs[2]!.previous])).toEqual(['2026-10-25T01:00:00-04:00', null]);
    expect(pairs.filter((pair) => pair.previous === null)).toHaveLength(1);
    expect(unpairedPrevious).toEqual([]);
  });

  it('autumn, previous side: the current 01:00 pairs with the first 01:00, the repeated one stays unpaired', () => {
    const current = dayOf('2026-11-08', NY_STANDARD);
    const { pairs, unpairedPrevious } = alignWindows(current, NY_FALL_DAY, 7);
    expect(pairs[1]?.previous?.window_start).toBe('2026-11-01T01:00:00-04:00');
    expect(startsOf(unpairedPrevious)).toEqual(['2026-11-01T01:00:00-05:00']);
  });

  it('autumn on both sides (52 weeks apart): first with first, second with second, whatever the order given', () => {
    const current = [NY_FALL_DAY[2]!, NY_FALL_DAY[1]!];
    const previous = [
      win('2025-11-02T01:00:00-04:00', '2025-11-02T01:00:00-05:00'),
      win('2025-11-02T01:00:00-05:00', '2025-11-02T02:00:00-05:00'),
    ];
    const { pairs, unpairedPrevious } = alignWindows(current, previous, 364);
    expect(pairs.map((pair) => [pair.current.window_start, pair.previous?.window_start])).toEqual([
      ['2026-11-01T01:00:00-05:00', '2025-11-02T01:00:00-05:00'],
      ['2026-11-01T01:00:00-04:00', '2025-11-02T01:00:00-04:00'],
    ]);
    expect(unpairedPrevious).toEqual([]);
  });

  it('handles empty sides', () => {
    expect(alignWindows([], [], 7)).toEqual({ pairs: [], unpairedPrevious: [] });
    const day = dayOf('2026-03-02', NY_STANDARD);
    expect(alignWindows([], day, 7)).toEqual({ pairs: [], unpairedPrevious: day });
    expect(alignWindows(day, [], 7).pairs.every((pair) => pair.previous === null)).toBe(true);
  });

  it('pairs the windows it was given, not copies', () => {
    const current = hoursOf('2026-03-09', NY_DAYLIGHT, [9]);
    const previous = hoursOf('2026-03-02', NY_STANDARD, [9]);
    expect(alignWindows(current, previous, 7).pairs[0]?.previous).toBe(previous[0]);
  });
});
