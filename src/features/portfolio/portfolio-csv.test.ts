import { describe, expect, it } from 'vitest';

import { writeCsv } from '../../export/csv';
import { portfolioTable, type PortfolioExportRow } from './portfolio-csv';
import { parseCsv } from '../../test/test-parse-csv';

const loaded: PortfolioExportRow = {
  locationId: 1003,
  name: '=HYPERLINK("x")',
  path: ['North Campus', 'Building A'],
  parentId: 1002,
  status: 'active',
  capacity: 40,
  now: { people: 12, at: '2026-11-18T10:30:00-05:00' },
  figures: {
    capacity: 40,
    averageUtilization: 0.3125,
    peakUtilization: 1.05,
    rightSizeP95: 38,
    averageUtilizationChange: -0.02,
    daily: [0.3, 0.32],
  },
  start: '2026-11-12',
  end: '2026-11-18',
  state: 'loaded',
};

describe('portfolioTable', () => {
  it('leaves a closed place’s people out and says it is closed', () => {
    const closed: PortfolioExportRow = { ...loaded, now: { people: 0, at: loaded.now!.at, open: false } };
    const records = parseCsv(writeCsv(portfolioTable([closed], { parameters: [], exportedAtMs: 0 })));
    const header = records.findIndex((record) => record[0] === 'location_id');
    const [columns, row] = records.slice(header);
    expect(row![columns!.indexOf('occupancy_now (people; empty when closed)')]).toBe('');
    expect(row![columns!.indexOf('open_now')]).toBe('false');
  });

  it('writes the rows in the order given, unrounded, with their parameters, guarding formulas', () => {
    const loading: PortfolioExportRow = {
      ...loaded,
      locationId: 7,
      name: 'Gym',
      now: undefined,
      figures: undefined,
      start: undefined,
      end: undefined,
      state: 'loading',
    };
    const text = writeCsv(
      portfolioTable([loaded, loading], {
        parameters: [
          ['range', '7d'],
          ['sort', '-average-utilization'],
        ],
        exportedAtMs: Date.UTC(2026, 10, 18, 15, 30),
      }),
    );
    const records = parseCsv(text);
    // A text cell that starts like a formula is guarded, parameters too; numbers stay numbers.
    expect(records).toContainEqual(['# parameter sort', "'-average-utilization"]);
    const header = records.findIndex((record) => record[0] === 'location_id');
    const [columns, first, second] = records.slice(header);
    const at = (name: string) => columns!.indexOf(name);
    expect(first![at('name')]).toBe(`'=HYPERLINK("x")`);
    expect(first![at('path')]).toBe('North Campus > Building A');
    expect(first![at('average_utilization (fraction)')]).toBe('0.3125');
    expect(first![at('average_utilization_change (fraction points)')]).toBe('-0.02');
    expect(first![at('occupancy_now (people; empty when closed)')]).toBe('12');
    // Capacity 40 − right-size P95 38: 2 places to release.
    expect(first![at('capacity_surplus (places; negative: short)')]).toBe('2');
    expect(second![at('capacity_surplus (places; negative: short)')]).toBe('');
    expect(second![at('state')]).toBe('loading');
    expect(second![at('average_utilization (fraction)')]).toBe('');
  });
});
