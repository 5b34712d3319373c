import { describe, expect, it } from 'vitest';

import { describeMetricValues, describeValues, wallClockLabel } from './series-summary';

const at = (windowStart: string, value: number | null) => ({ windowStart, value });

describe('describeValues', () => {
  it('names the lowest, highest and latest value with their windows on the wall clock the API wrote', () => {
    const points = [
      at('2026-11-11T00:00:00+01:00', 4),
      at('2026-11-12T00:00:00+01:00', 1),
      at('2026-11-13T00:00:00+01:00', 9),
      at('2026-11-14T00:00:00+01:00', null),
      at('2026-11-15T00:00:00+01:00', 9),
      at('2026-11-16T00:00:00+01:00', 3),
      at('2026-11-17T00:00:00+01:00', null),
    ];
    expect(describeValues(points, (v) => `${v} people`, false)).toBe(
      'lowest 1 people (Thu 12 Nov 2026), highest 9 people (Fri 13 Nov 2026), latest 3 people (Mon 16 Nov 2026)',
    );
  });

  it('gives sub-daily windows their local hour, whatever the offset (not the viewer’s clock)', () => {
    const points = [at('2026-03-29T01:00:00+01:00', 2), at('2026-03-29T03:00:00+02:00', 5)];
    expect(describeValues(points, String, true)).toBe(
      'lowest 2 (Sun 29 Mar 2026 01:00), highest 5 (Sun 29 Mar 2026 03:00), latest 5 (Sun 29 Mar 2026 03:00)',
    );
    expect(wallClockLabel('2026-11-18T23:45:00-05:00', true)).toBe('Wed 18 Nov 2026 23:45');
  });

  it('is null when no window has a value', () => {
    expect(describeValues([], String, false)).toBeNull();
    expect(describeValues([at('2026-11-11T00:00:00Z', null)], String, false)).toBeNull();
  });
});

describe('describeMetricValues', () => {
  it('reads numbers as the screen shows them: grouped in English, whatever the browser (9,310, not 9310)', () => {
    const pages = [
      {
        data: [
          { window_start: '2026-11-12T17:00:00-05:00', traffic: 9310 },
          { window_start: '2026-11-12T18:00:00-05:00', traffic: 301 },
        ],
      },
    ];
    expect(describeMetricValues('traffic', pages, '60min', 'minutes')).toBe(
      'entries lowest 301 entries (Thu 12 Nov 2026 18:00), highest 9,310 entries (Thu 12 Nov 2026 17:00), latest 301 entries (Thu 12 Nov 2026 18:00)',
    );
  });

  it('says "1 person", not "1 people"', () => {
    const pages = [
      {
        data: [
          { window_start: '2026-11-12T00:00:00+01:00', avg_occupancy: 1 },
          { window_start: '2026-11-13T00:00:00+01:00', avg_occupancy: 2 },
        ],
      },
    ];
    expect(describeMetricValues('occupancy', pages, 'daily', 'minutes')).toBe(
      'average occupancy lowest 1 person (Thu 12 Nov 2026), highest 2 people (Fri 13 Nov 2026), latest 2 people (Fri 13 Nov 2026)',
    );
  });
});
