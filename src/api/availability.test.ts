import { describe, expect, it } from 'vitest';

import { normalizeAvailability } from './availability';

const point = (availability_percentage: number | null) => ({
  timestamp: '2026-01-05T00:00:00+01:00',
  window_start: '2026-01-05T00:00:00+01:00',
  window_end: '2026-01-06T00:00:00+01:00',
  availability_percentage,
});

describe('normalizeAvailability', () => {
  it('leaves fractions as they are', () => {
    const points = [point(0.25), point(1), point(null), point(0)];
    expect(normalizeAvailability(points)).toBe(points);
  });

  it('divides a 0..100 response by 100, nulls kept', () => {
    expect(
      normalizeAvailability([point(25), point(100), point(null), point(0.5)]).map((p) => p.availability_percentage),
    ).toEqual([0.25, 1, null, 0.005]);
  });
});
