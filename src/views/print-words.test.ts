import { describe, expect, it } from 'vitest';

import { printWords } from './print-words';

const FILTERS = { interval: 'daily', startHour: null, endHour: null, days: null } as const;

describe('printWords', () => {
  it('says the dates once when every location has the same', () => {
    const dates = { start: '2026-11-09', end: '2026-11-15' };
    const lines = printWords({
      locations: ['A', 'B'],
      dates: [
        { location: 'A', dates },
        { location: 'B', dates },
      ],
      filters: FILTERS,
      showsInterval: false,
      zones: [],
      compare: null,
    });
    expect(lines[1]).toBe('Dates: 9 Nov – 15 Nov 2026');
  });

  it('says the location, dates, filters, zone and comparison of a location page', () => {
    expect(
      printWords({
        locations: ['Library'],
        dates: { start: '2026-11-09', end: '2026-11-15' },
        filters: { ...FILTERS, startHour: 7, endHour: 19, days: [2, 3, 4, 5, 6] },
        showsInterval: true,
        zones: ['Australia/Sydney'],
        compare: { mode: 'previous', dates: { start: '2026-11-02', end: '2026-11-08' } },
      }),
    ).toEqual([
      'Location: Library',
      'Dates: 9 Nov – 15 Nov 2026',
      'Filters: Daily, 07:00–20:00, Mon–Fri',
      'Times in: Australia/Sydney',
      'Compared with: Previous period (2 Nov – 8 Nov 2026)',
    ]);
  });

  it('names several locations with each one’s dates and zones once, and says when nothing is compared', () => {
    const lines = printWords({
      locations: ['Main Concourse', 'Library'],
      dates: [
        { location: 'Main Concourse', dates: { start: '2026-11-11', end: '2026-11-17' } },
        { location: 'Library', dates: { start: '2026-11-12', end: '2026-11-18' } },
      ],
      filters: FILTERS,
      showsInterval: false,
      zones: ['America/New_York', 'Australia/Sydney', 'America/New_York'],
      compare: null,
    });
    expect(lines).toEqual([
      'Locations: Main Concourse, Library',
      'Dates: Main Concourse 11 Nov – 17 Nov 2026; Library 12 Nov – 18 Nov 2026',
      'Filters: each location’s own hours, each location’s own days',
      'Times in: America/New_York, Australia/Sydney',
      'Compared with: nothing',
    ]);
  });
});
