import { describe, expect, it } from 'vitest';

import { computeFigures, compareFigures, type Figures } from '../analysis/figures';
import { weekdayHourCells } from '../analysis/heatmap';
import { dayOf, NY_STANDARD, occupancyAt, trafficAt } from '../test/test-windows';
import { writeCsv } from './csv';
import { figuresTable, heatmapTable, spacesTable } from './utilization-tables';
import { splitExport, TEST_EXPORT_CONTEXT } from '../test/test-parse-csv';

const context = TEST_EXPORT_CONTEXT;

function read(text: string) {
  return splitExport(text);
}

function figuresOver(util: number, entries: number): Figures {
  const occupancy = dayOf('2026-11-11', NY_STANDARD).map((window, hour) =>
    occupancyAt(window, { avg: hour, util, peak: 10 + hour, peakUtil: util * 2 }),
  );
  return computeFigures({
    capacity: 20,
    occupancy,
    traffic: occupancy.map((point) => trafficAt(point, entries)),
    dwell: [],
    availability: [],
    dwellUnit: 'minutes',
  });
}

describe('figures', () => {
  const utilization = { ...context, view: 'utilization' };

  it('are one row, unrounded, each column with its unit, the time of the peak beside it', () => {
    const figures = figuresOver(0.4567891, 3);
    const { header, rows, meta } = read(writeCsv(figuresTable({ figures }, utilization)));
    expect(header).toEqual([
      'period',
      'range_start',
      'range_end (inclusive)',
      'average_utilization (fraction)',
      'peak_utilization (fraction)',
      'peak_occupancy (people)',
      'peak_occupancy_at',
      'total_entries (entries)',
      'average_dwell (minutes)',
      'in_use_share (fraction)',
      'hours_over_capacity (hours)',
      'right_size_p95 (people)',
      'busiest_hour (local hour 0-23)',
      'busiest_weekday (1=Sunday..7=Saturday)',
    ]);
    expect(rows).toEqual([
      [
        'current',
        '2026-10-31',
        '2026-11-01',
        String(figures.averageUtilization), // 0.4567891000000001: the weighted mean as computed, not rounded
        '0.9135782',
        '33',
        '2026-11-11T23:00:00-05:00',
        '72',
        '',
        '',
        '13',
        '32',
        '23',
        '4',
      ],
    ]);
    expect(meta.get('panel')).toBe('headline figures');
  });

  it('with a comparison, add its row and the changes, a negative change written as a number', () => {
    const figures = figuresOver(0.4, 3);
    const previous = figuresOver(0.45, 5);
    const table = figuresTable(
      {
        figures,
        comparison: {
          mode: 'previous',
          start: '2026-10-24',
          end: '2026-10-25',
          figures: previous,
          deltas: compareFigures(figures, previous),
        },
      },
      utilization,
    );
    const text = writeCsv(table);
    const { rows, meta } = read(text);
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['current', '2026-10-31', '2026-11-01', '0.4'],
      ['comparison', '2026-10-24', '2026-10-25', '0.45'],
      ['change', '', '', String(0.4 - 0.45)],
    ]);
    // Entries 72 vs 120: a change of −48, data and not a formula; busiest hour and weekday have no difference.
    expect(rows[2]![7]).toBe('-48');
    expect(text).toContain(',-48,');
    expect(rows[2]!.slice(12)).toEqual(['', '']);
    expect(meta.get('comparison')).toBe('Previous period');
  });
});

describe('spaces', () => {
  it('are one row per space in the order given, hostile names neutralised, a failed space empty', () => {
    const figures = figuresOver(0.25, 1);
    const table = spacesTable(
      [
        { locationId: 12, name: '@SUM(1+1)', capacity: 40, status: 'active', figures, failed: false },
        { locationId: 13, name: '-1+2', capacity: 6, status: 'calibration', figures: undefined, failed: true },
      ],
      ['average-utilization', 'peak-occupancy', 'total-entries'],
      { ...context, view: 'utilization' },
    );
    const text = writeCsv(table);
    const { header, rows } = read(text);
    expect(header).toEqual([
      'location_id',
      'name',
      'capacity (people)',
      'status',
      'state',
      'average_utilization (fraction)',
      'peak_occupancy (people)',
      'peak_occupancy_at',
      'total_entries (entries)',
    ]);
    expect(rows).toEqual([
      ['12', "'@SUM(1+1)", '40', 'active', 'loaded', '0.25', '33', '2026-11-11T23:00:00-05:00', '24'],
      ['13', "'-1+2", '6', 'calibration', 'failed', '', '', '', ''],
    ]);
  });
});

describe('busiest-times cells', () => {
  it('are 168 rows, day-major, with the value per mode, empty where no window fell', () => {
    const occupancy = dayOf('2026-11-11', NY_STANDARD).map((window, hour) =>
      occupancyAt(window, { util: hour / 100, peakUtil: hour / 50 }),
    );
    const { header, rows, meta } = read(writeCsv(heatmapTable(weekdayHourCells(occupancy, 'peak'), 'peak', context)));
    expect(header).toEqual([
      'weekday (1=Sunday..7=Saturday)',
      'weekday_name',
      'hour (local 0-23)',
      'peak_utilization (fraction, max)',
      'windows (count)',
    ]);
    expect(rows).toHaveLength(168);
    expect(rows[0]).toEqual(['1', 'Sunday', '0', '', '0']);
    // 2026-11-11 is a Wednesday (digit 4): its 07:00 cell.
    expect(rows[3 * 24 + 7]).toEqual(['4', 'Wednesday', '7', '0.14', '1']);
    expect(rows.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(24);
    expect(meta.get('heatmap_value')).toBe('peak');
  });
});
