import { describe, expect, it } from 'vitest';

import { formatDateRange, hourRangeTest } from './time';

describe('formatDateRange', () => {
  it.each([
    ['2026-11-18', '2026-11-24', '18 Nov – 24 Nov 2026'],
    ['2026-10-26', '2026-11-01', '26 Oct – 1 Nov 2026'],
    ['2026-12-28', '2027-01-03', '28 Dec 2026 – 3 Jan 2027'],
    ['2026-11-18', '2026-11-18', '18 Nov 2026'],
  ])('%s to %s → %s', (start, end, text) => {
    expect(formatDateRange(start, end)).toBe(text);
  });

  it("does not depend on the viewer's time zone", () => {
    // Pago Pago is UTC−11: formatting the date's UTC midnight in the viewer's zone would show the day before.
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Kiritimati';
      expect(formatDateRange('2026-01-01', '2026-01-02')).toBe('1 Jan – 2 Jan 2026');
      process.env.TZ = 'Pacific/Pago_Pago';
      expect(formatDateRange('2026-01-01', '2026-01-02')).toBe('1 Jan – 2 Jan 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('hourRangeTest', () => {
  it('takes both ends as inclusive, and wraps past midnight when the start is after the end', () => {
    const hours = (range: { start: number; end: number }) =>
      Array.from({ length: 24 }, (_, hour) => hour).filter(hourRangeTest(range));
    expect(hours({ start: 7, end: 19 })).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(hours({ start: 22, end: 2 })).toEqual([0, 1, 2, 22, 23]);
    expect(hours({ start: 0, end: 24 })).toHaveLength(24);
    expect(hours({ start: 5, end: 5 })).toEqual([5]);
  });
});
