import { afterEach, describe, expect, it, vi } from 'vitest';

import { dailyWindow, dayOf, dwellAt, NY_FALL_DAY, NY_STANDARD, occupancyAt } from '../../test/test-windows';
import type { MetricResponse } from '../../api/schemas';
import { writeCsv } from '../../export/csv';
import { metricTable } from './metric-csv';
import { splitExport, TEST_EXPORT_CONTEXT } from '../../test/test-parse-csv';

const context = TEST_EXPORT_CONTEXT;

function page<P>(data: P[], hasMore: boolean): MetricResponse {
  return {
    location_id: 11,
    name: 'Main Concourse',
    capacity: 1500,
    metric: 'occupancy',
    interval: '60min',
    time_range: { start: '2026-10-31T00:00:00-04:00', end: '2026-11-02T00:00:00-05:00' },
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    hour_range: { start: 0, end: 23 },
    data,
    pagination: { has_more: hasMore, next_cursor: hasMore ? 'next' : null, prev_cursor: null },
  } as MetricResponse;
}

/** 24 + 25 hourly windows over the fall-back day, on two pages; utilization 0.1234 + hour / 1000. */
const fallDays = [...dayOf('2026-10-31', '-04:00'), ...NY_FALL_DAY].map((window, index) =>
  occupancyAt(window, { avg: 1000 + index, util: 0.1234 + index / 1000, peak: 1234567, peakUtil: 1.5 }),
);

function read(text: string) {
  return splitExport(text);
}

describe('metric rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('have every window of every page, with the timestamps exactly as the API gave them (offsets kept)', () => {
    const pages = [page(fallDays.slice(0, 30), true), page(fallDays.slice(30), false)];
    const { header, rows } = read(writeCsv(metricTable('occupancy', pages, context, 'minutes')));
    expect(header).toEqual([
      'window_start',
      'window_end',
      'avg_occupancy (people)',
      'avg_utilization (fraction)',
      'peak_occupancy (people)',
      'peak_utilization (fraction)',
    ]);
    expect(rows).toHaveLength(49);
    expect(rows.map((row) => row[0])).toEqual(fallDays.map((point) => point.window_start));
    expect(rows.map((row) => row[1])).toEqual(fallDays.map((point) => point.window_end));
    // The repeated 01:00 of the fall-back, once at −04:00 and once at −05:00.
    expect(rows.filter((row) => row[0]!.startsWith('2026-11-01T01:00:00')).map((row) => row[0])).toEqual([
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
    ]);
  });

  it('write numbers with a . and no grouping, even where the display locale is German', () => {
    const german = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 20 });
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number) {
      return german.format(this);
    });
    const { rows } = read(writeCsv(metricTable('occupancy', [page(fallDays, false)], context, 'minutes')));
    expect(rows[5]).toEqual([fallDays[5]!.window_start, fallDays[5]!.window_end, '1005', '0.1284', '1234567', '1.5']);
    expect(rows.every((row) => row.slice(2).every((cell) => /^\d+(\.\d+)?$/.test(cell)))).toBe(true);
  });

  it('start with the metadata block: location, metric, range, interval and the filters the server applied', () => {
    const { meta } = read(writeCsv(metricTable('occupancy', [page(fallDays, false)], context, 'minutes')));
    expect(Object.fromEntries(meta)).toEqual({
      location_id: '11',
      location_name: 'Main Concourse',
      'capacity (people)': '1500',
      view: 'occupancy',
      metric: 'occupancy',
      range_start: '2026-10-31',
      'range_end (inclusive)': '2026-11-01',
      interval: '60min',
      'hour_start (local)': '0',
      'hour_end (local, inclusive)': '23',
      'days (1=Sunday..7=Saturday)': '1234567',
      filtered_in_browser: 'false',
      time_zone: 'America/New_York',
      exported_at: '2026-11-18T15:30:00.000Z',
    });
  });

  it('leave the zone empty when the server names none (the timestamps still carry their offsets)', () => {
    const { meta } = read(writeCsv(metricTable('occupancy', [], { ...context, timeZone: null }, 'minutes')));
    expect(meta.get('time_zone')).toBe('');
  });

  it('name the dwell unit the configuration says, and write a null as an empty field', () => {
    const days = [
      dwellAt(dailyWindow('2026-11-10', NY_STANDARD), 1260),
      dwellAt(dailyWindow('2026-11-11', NY_STANDARD), null),
    ];
    const { header, rows } = read(writeCsv(metricTable('dwell_time', [page(days, false)], context, 'seconds')));
    expect(header.slice(2)).toEqual(['avg_dwell (seconds)', 'peak_dwell (seconds)']);
    expect(rows.map((row) => row.slice(2))).toEqual([
      ['1260', '1260'],
      ['', ''],
    ]);
  });

  it('neutralise a hostile location name from the server in the metadata', () => {
    const hostile = { ...context, locationName: '=HYPERLINK("http://evil.example","x")' };
    const text = writeCsv(metricTable('traffic', [], hostile, 'minutes'));
    expect(text).toContain(`# location_name,"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
    expect(read(text).meta.get('location_name')).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });
});

// ---------------------------------------------------------------------------------------------------
