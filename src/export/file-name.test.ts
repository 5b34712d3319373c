import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { exportFileName, slug } from './file-name';

const base = { locationId: 11, what: 'occupancy', start: '2026-11-11', end: '2026-11-17', extension: 'csv' } as const;
const SAFE = /^[a-z0-9]+(-[a-z0-9]+)*\.(csv|png)$/;

describe('export file names', () => {
  it('say location, view and dates', () => {
    expect(exportFileName({ ...base, locationName: 'Main Concourse' })).toBe(
      'main-concourse-occupancy-2026-11-11-to-2026-11-17.csv',
    );
    expect(
      exportFileName({ ...base, locationName: 'Main Concourse', what: 'utilization-figures', extension: 'png' }),
    ).toBe('main-concourse-utilization-figures-2026-11-11-to-2026-11-17.png');
  });

  it('give one date for a one-day range', () => {
    expect(exportFileName({ ...base, locationName: 'Library', end: '2026-11-11' })).toBe(
      'library-occupancy-2026-11-11.csv',
    );
  });

  it('slug names from the server: accents folded, punctuation and markup dropped', () => {
    expect(slug('Café "Le <Petit> & Co"')).toBe('cafe-le-petit-co');
    expect(slug('Berlin Office Friedrichstraße')).toBe('berlin-office-friedrichstrasse');
    expect(slug('Open Workspace, Floor 1')).toBe('open-workspace-floor-1');
  });

  it.each([
    ['../../etc/passwd', 'etc-passwd-occupancy-2026-11-11-to-2026-11-17.csv'],
    ['C:\\Windows\\system32', 'c-windows-system32-occupancy-2026-11-11-to-2026-11-17.csv'],
    ['a\u0000b\u001fc\r\nd', 'a-b-c-d-occupancy-2026-11-11-to-2026-11-17.csv'],
    ["=cmd|' /C calc'!A0", 'cmd-c-calc-a0-occupancy-2026-11-11-to-2026-11-17.csv'],
    ['report.csv.exe', 'report-csv-exe-occupancy-2026-11-11-to-2026-11-17.csv'],
    ['🏢🏢', 'location-11-occupancy-2026-11-11-to-2026-11-17.csv'],
    ['', 'location-11-occupancy-2026-11-11-to-2026-11-17.csv'],
  ])('keep a hostile name %j to letters, digits and hyphens', (name, expected) => {
    expect(exportFileName({ ...base, locationName: name })).toBe(expected);
  });

  it('cut a long name', () => {
    const name = exportFileName({ ...base, locationName: 'x'.repeat(500) });
    expect(name).toBe(`${'x'.repeat(60)}-occupancy-2026-11-11-to-2026-11-17.csv`);
  });

  it('leave out dates that are not dates', () => {
    expect(exportFileName({ ...base, locationName: 'Library', start: '../x', end: '2026-11-17' })).toBe(
      'library-occupancy.csv',
    );
  });

  it('are always safe, whatever the name (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ maxLength: 20 }), (name, what) => {
        const file = exportFileName({ ...base, locationName: name, what });
        expect(file).toMatch(SAFE);
        expect(file.length).toBeLessThan(160);
      }),
      { numRuns: 300 },
    );
  });
});
