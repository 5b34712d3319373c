import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HOUR_MS, MINUTE_MS } from '../lib/time-spans';
import {
  seriesData as seriesArray,
  seriesPairs,
  toChartRows as chartRows,
  windowTimes,
  type ChartRows,
  type RowsOptions,
  type Window,
} from './series';
import { rowList } from '../test/test-series';

/** The rows as objects (with their columns beside them), so that the tests read one window at a time. */
function toChartRows<P extends Window>(points: readonly P[], options: RowsOptions) {
  const columns = chartRows(points, options);
  return Object.assign(rowList(columns), { columns });
}

/** The series' typed array as `[x, value]` pairs. */
function seriesData<P extends Window>(rows: { columns: ChartRows<P> }, value: (point: P) => number | null) {
  return seriesPairs(seriesArray(rows.columns, value));
}

/** The gaps, as x positions where a null breaks the line. */
const gapsOf = (rows: readonly { gapBefore: number | null }[]) =>
  rows.flatMap((row) => (row.gapBefore === null ? [] : [{ x: row.gapBefore }]));

interface Point extends Window {
  value: number | null;
}

/** Long after every window in these tests: nothing is partial because of "now". */
const LATER = Date.UTC(2030, 0, 1);

/** The API's local RFC 3339 form of an instant in a zone: `2026-11-01T01:00:00-05:00`. */
function local(instantMs: number, zone: string): string {
  return formatInTimeZone(instantMs, zone, "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** Sub-daily windows stepping in absolute time from one instant to another, as the API sends them. */
function windows(
  fromMs: number,
  toMs: number,
  stepMs: number,
  zone: string,
  value: (i: number) => number | null = (i) => i + 1,
): Point[] {
  const points: Point[] = [];
  for (let t = fromMs, i = 0; t < toMs; t += stepMs, i++) {
    points.push({ window_start: local(t, zone), window_end: local(t + stepMs, zone), value: value(i) });
  }
  return points;
}

function point(start: string, end: string, value: number | null = 1): Point {
  return { window_start: start, window_end: end, value };
}

const wall = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

function expectStrictlyIncreasing(xs: readonly number[]) {
  for (let i = 1; i < xs.length; i++) expect(xs[i]!, `x[${i}] after x[${i - 1}]`).toBeGreaterThan(xs[i - 1]!);
}

// New York: local midnight 2026-11-01 is 04:00Z (EDT); the clocks fall back at 06:00Z; next midnight is 05:00Z.
const NY_FALL_FROM = Date.UTC(2026, 10, 1, 4);
const NY_FALL_TO = Date.UTC(2026, 10, 2, 5);
// Sydney: local midnight 2026-04-05 is 13:00Z the day before (AEDT); clocks fall back at 16:00Z; next midnight 14:00Z.
const SYD_FALL_FROM = Date.UTC(2026, 3, 4, 13);
const SYD_FALL_TO = Date.UTC(2026, 3, 5, 14);
// New York spring forward: midnight 2026-03-08 is 05:00Z (EST); clocks jump at 07:00Z; next midnight 04:00Z (EDT).
const NY_SPRING_FROM = Date.UTC(2026, 2, 8, 5);
const NY_SPRING_TO = Date.UTC(2026, 2, 9, 4);

describe('toChartRows: x is the wall clock', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("encodes the window start's own wall clock as UTC ms, with xEnd at the end's wall clock", () => {
    const rows = toChartRows([point('2026-03-08T09:00:00+11:00', '2026-03-08T10:00:00+11:00')], {
      interval: '60min',
      nowMs: LATER,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.x).toBe(Date.UTC(2026, 2, 8, 9));
    expect(rows[0]!.xEnd).toBe(Date.UTC(2026, 2, 8, 10));
    expect(gapsOf(rows)).toEqual([]);
  });

  it.each(['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata'])(
    "does not depend on the process's time zone (TZ=%s)",
    (zone) => {
      vi.stubEnv('TZ', zone);
      // The zone is really in effect: a local reading of the instant is not 09:00.
      expect(new Date(Date.UTC(2026, 2, 8, 9)).getHours()).not.toBe(9);
      const points = [
        point('2026-03-08T09:00:00+11:00', '2026-03-08T10:00:00+11:00'),
        point('2026-03-08T10:00:00+11:00', '2026-03-08T11:00:00+11:00'),
      ];
      const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
      expect(rows.map((row) => row.x)).toEqual([Date.UTC(2026, 2, 8, 9), Date.UTC(2026, 2, 8, 10)]);
    },
  );

  it('reads a negative offset and a Z timestamp from their own fields', () => {
    const rows = toChartRows(
      [
        point('2026-07-01T23:30:00-07:00', '2026-07-02T00:00:00-07:00'),
        point('2026-07-02T07:00:00Z', '2026-07-02T07:30:00Z'),
      ],
      { interval: '30min', nowMs: LATER },
    );
    expect(rows.map((row) => row.x)).toEqual([wall(2026, 7, 1, 23, 30), wall(2026, 7, 2, 7)]);
  });
});

describe('toChartRows and seriesData: gaps', () => {
  it('inserts [x, null] at the end of the window before a missing one', () => {
    const points = [
      point('2026-05-04T09:00:00+02:00', '2026-05-04T10:00:00+02:00', 5),
      // 10:00–11:00 is missing
      point('2026-05-04T11:00:00+02:00', '2026-05-04T12:00:00+02:00', 7),
    ];
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expect(gapsOf(rows)).toEqual([{ x: wall(2026, 5, 4, 10) }]);
    expect(seriesData(rows, (p) => p.value)).toEqual([
      [wall(2026, 5, 4, 9), 5],
      [wall(2026, 5, 4, 10), null],
      [wall(2026, 5, 4, 11), 7],
    ]);
  });

  it('leaves no gap between contiguous windows', () => {
    const points = windows(Date.UTC(2026, 4, 4, 7), Date.UTC(2026, 4, 4, 12), HOUR_MS, 'Europe/Berlin');
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expect(gapsOf(rows)).toEqual([]);
    expect(seriesData(rows, (p) => p.value)).toEqual([
      [wall(2026, 5, 4, 9), 1],
      [wall(2026, 5, 4, 10), 2],
      [wall(2026, 5, 4, 11), 3],
      [wall(2026, 5, 4, 12), 4],
      [wall(2026, 5, 4, 13), 5],
    ]);
  });

  it('breaks the line across hours left out by an hour filter (overnight)', () => {
    const points = [
      point('2026-05-04T18:00:00+02:00', '2026-05-04T19:00:00+02:00', 3),
      point('2026-05-05T07:00:00+02:00', '2026-05-05T08:00:00+02:00', 4),
    ];
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expect(seriesData(rows, (p) => p.value)).toEqual([
      [wall(2026, 5, 4, 18), 3],
      [wall(2026, 5, 4, 19), null],
      [wall(2026, 5, 5, 7), 4],
    ]);
  });

  it('keeps null values null', () => {
    const points = [
      point('2026-05-04T09:00:00+02:00', '2026-05-04T10:00:00+02:00', null),
      point('2026-05-04T10:00:00+02:00', '2026-05-04T11:00:00+02:00', 2),
    ];
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expect(seriesData(rows, (p) => p.value)).toEqual([
      [wall(2026, 5, 4, 9), null],
      [wall(2026, 5, 4, 10), 2],
    ]);
  });

  it('never invents a value: every value is a point value or a null at a gap, in x order (property)', () => {
    // Hourly windows of one day, each kept or dropped; values positive or null.
    const arbitrary = fc.array(fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }), {
      minLength: 24,
      maxLength: 24,
    });
    fc.assert(
      fc.property(arbitrary, fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }), (values, keep) => {
        const all = windows(Date.UTC(2026, 4, 3, 22), Date.UTC(2026, 4, 4, 22), HOUR_MS, 'Europe/Berlin', (i) =>
          values[i] === undefined ? null : values[i]!,
        );
        const points = all.filter((_, i) => keep[i]);
        const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
        const data = seriesData(rows, (p) => p.value);
        expect(data).toHaveLength(points.length + gapsOf(rows).length);
        expect(data.some(([, v]) => v === 0)).toBe(false);
        expect(data.filter(([, v]) => v !== null).map(([, v]) => v)).toEqual(
          points.map((p) => p.value).filter((v) => v !== null),
        );
        expectStrictlyIncreasing(data.map(([x]) => x));
        // One gap per run of dropped windows between two kept ones.
        let expectedGaps = 0;
        for (let i = 1; i < points.length; i++) {
          if (points[i]!.window_start !== points[i - 1]!.window_end) expectedGaps++;
        }
        expect(gapsOf(rows)).toHaveLength(expectedGaps);
      }),
    );
  });
});

describe('toChartRows: DST', () => {
  it('New York fall-back, hourly: 25 windows, 25 distinct increasing x, wall clock outside the repeated hour', () => {
    const points = windows(NY_FALL_FROM, NY_FALL_TO, HOUR_MS, 'America/New_York');
    expect(points.slice(0, 4).map((p) => p.window_start)).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    const xs = rows.map((row) => row.x);
    expect(rows).toHaveLength(25);
    expect(new Set(xs).size).toBe(25);
    expectStrictlyIncreasing(xs);
    expect(gapsOf(rows)).toEqual([]);
    expect(xs[0]).toBe(wall(2026, 11, 1, 0));
    // The two 01:00 windows share the hour 01:00–02:00.
    expect(xs[1]).toBeGreaterThanOrEqual(wall(2026, 11, 1, 1));
    expect(xs[2]).toBeLessThan(wall(2026, 11, 1, 2));
    for (let h = 2; h <= 23; h++) expect(xs[h + 1]).toBe(wall(2026, 11, 1, h));
    // Each window ends where the next one starts.
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.xEnd).toBe(rows[i]!.x);
    expect(rows[24]!.xEnd).toBe(wall(2026, 11, 2, 0));
    expect(rows.some((row) => row.partial)).toBe(false);
  });

  it('Sydney fall-back, hourly: 25 distinct increasing x, 00:00–01:00 and 03:00+ at their wall clock', () => {
    const points = windows(SYD_FALL_FROM, SYD_FALL_TO, HOUR_MS, 'Australia/Sydney');
    expect(points.slice(2, 5).map((p) => p.window_start)).toEqual([
      '2026-04-05T02:00:00+11:00',
      '2026-04-05T02:00:00+10:00',
      '2026-04-05T03:00:00+10:00',
    ]);
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    const xs = rows.map((row) => row.x);
    expect(rows).toHaveLength(25);
    expect(new Set(xs).size).toBe(25);
    expectStrictlyIncreasing(xs);
    expect(gapsOf(rows)).toEqual([]);
    expect(xs[0]).toBe(wall(2026, 4, 5, 0));
    expect(xs[1]).toBe(wall(2026, 4, 5, 1));
    expect(xs[2]).toBeGreaterThanOrEqual(wall(2026, 4, 5, 2));
    expect(xs[3]).toBeLessThan(wall(2026, 4, 5, 3));
    for (let h = 3; h <= 23; h++) expect(xs[h + 1]).toBe(wall(2026, 4, 5, h));
  });

  it('New York spring-forward, hourly: 23 rows at their wall clock, no gap between 01:00 and 03:00', () => {
    const points = windows(NY_SPRING_FROM, NY_SPRING_TO, HOUR_MS, 'America/New_York');
    expect(points).toHaveLength(23);
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expect(rows).toHaveLength(23);
    expect(gapsOf(rows)).toEqual([]);
    expect(rows.map((row) => row.x)).toEqual(
      [0, 1, ...Array.from({ length: 21 }, (_, i) => i + 3)].map((h) => wall(2026, 3, 8, h)),
    );
    expect(rows[1]!.xEnd).toBe(wall(2026, 3, 8, 3));
    const data = seriesData(rows, (p) => p.value);
    expect(data.some(([, v]) => v === null)).toBe(false);
  });

  it('15-minute windows over the New York fall-back: 100 strictly increasing x, no gaps', () => {
    const points = windows(NY_FALL_FROM, NY_FALL_TO, 15 * MINUTE_MS, 'America/New_York');
    expect(points).toHaveLength(100);
    const rows = toChartRows(points, { interval: '15min', nowMs: LATER });
    const xs = rows.map((row) => row.x);
    expectStrictlyIncreasing(xs);
    expect(gapsOf(rows)).toEqual([]);
    expect(xs[0]).toBe(wall(2026, 11, 1, 0));
    expect(xs[3]).toBe(wall(2026, 11, 1, 0, 45));
    expect(xs[12]).toBe(wall(2026, 11, 1, 2));
    expect(xs[99]).toBe(wall(2026, 11, 1, 23, 45));
  });

  it('15-minute windows over the Sydney fall-back are strictly increasing', () => {
    const points = windows(SYD_FALL_FROM, SYD_FALL_TO, 15 * MINUTE_MS, 'Australia/Sydney');
    const rows = toChartRows(points, { interval: '15min', nowMs: LATER });
    expect(rows).toHaveLength(100);
    expectStrictlyIncreasing(rows.map((row) => row.x));
    expect(gapsOf(rows)).toEqual([]);
  });

  it('several days of hourly windows across a fall-back stay strictly increasing, days at their wall clock', () => {
    const points = windows(Date.UTC(2026, 9, 31, 4), Date.UTC(2026, 10, 3, 5), HOUR_MS, 'America/New_York');
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    expectStrictlyIncreasing(rows.map((row) => row.x));
    expect(rows.filter((row) => row.point.window_start.slice(11, 16) === '12:00').map((row) => row.x)).toEqual([
      wall(2026, 10, 31, 12),
      wall(2026, 11, 1, 12),
      wall(2026, 11, 2, 12),
    ]);
  });

  it('hour-filtered windows inside the repeated hour (01:00 only) stay distinct', () => {
    const points = windows(NY_FALL_FROM - 24 * HOUR_MS, NY_FALL_TO + 24 * HOUR_MS, HOUR_MS, 'America/New_York').filter(
      (p) => p.window_start.includes('T01:00'),
    );
    expect(points).toHaveLength(4);
    const rows = toChartRows(points, { interval: '60min', nowMs: LATER });
    const xs = rows.map((row) => row.x);
    expectStrictlyIncreasing(xs);
    expect(xs[0]).toBe(wall(2026, 10, 31, 1));
    expect(xs[3]).toBe(wall(2026, 11, 2, 1));
  });
});

describe('toChartRows: partial windows', () => {
  it('marks the window containing now as partial, earlier ones not', () => {
    const points = windows(Date.UTC(2026, 4, 4, 7), Date.UTC(2026, 4, 4, 11), HOUR_MS, 'Europe/Berlin');
    const nowMs = Date.UTC(2026, 4, 4, 9, 20); // 11:20 in Berlin
    const rows = toChartRows(points, { interval: '60min', nowMs });
    expect(rows.map((row) => row.partial)).toEqual([null, null, 'ongoing', 'ongoing']);
  });

  it('a window ending exactly now is complete', () => {
    const rows = toChartRows([point('2026-05-04T09:00:00+02:00', '2026-05-04T10:00:00+02:00')], {
      interval: '60min',
      nowMs: Date.UTC(2026, 4, 4, 8),
    });
    expect(rows[0]!.partial).toBeNull();
  });

  it('weekly: a clipped week (< 7 days) is partial, a full week not, also across DST', () => {
    const points = [
      point('2026-03-04T00:00:00-05:00', '2026-03-09T00:00:00-04:00'), // Wed..Sun, clipped by the range
      point('2026-03-09T00:00:00-04:00', '2026-03-16T00:00:00-04:00'),
      point('2026-10-26T00:00:00-04:00', '2026-11-02T00:00:00-05:00'), // 7 days + 1 h (fall-back)
      point('2026-03-02T00:00:00-05:00', '2026-03-09T00:00:00-04:00'), // 7 days − 1 h (spring-forward)
      point('2026-11-16T00:00:00-05:00', '2026-11-19T00:00:00-05:00'), // Mon..Wed, clipped
    ];
    const rows = toChartRows(points, { interval: 'weekly', nowMs: LATER });
    expect(rows.map((row) => row.partial)).toEqual(['clipped', null, null, null, 'clipped']);
  });

  it('monthly: a month not starting on the 1st or not ending on the next 1st is partial', () => {
    const points = [
      point('2026-03-01T00:00:00-05:00', '2026-04-01T00:00:00-04:00'), // full, across DST
      point('2026-12-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'), // full, across the year
      point('2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00'), // full, 28 days
      point('2026-03-10T00:00:00+01:00', '2026-04-01T00:00:00+02:00'), // starts on the 10th
      point('2026-05-01T00:00:00+02:00', '2026-05-20T00:00:00+02:00'), // ends on the 20th
    ];
    const rows = toChartRows(points, { interval: 'monthly', nowMs: LATER });
    expect(rows.map((row) => row.partial)).toEqual([null, null, null, 'clipped', 'clipped']);
  });

  it('daily windows of 23, 24 and 25 hours around DST are not partial', () => {
    const points = [
      point('2026-03-07T00:00:00-05:00', '2026-03-08T00:00:00-05:00'),
      point('2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00'),
      point('2026-03-09T00:00:00-04:00', '2026-03-10T00:00:00-04:00'),
      point('2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00'),
    ];
    const rows = toChartRows(points, { interval: 'daily', nowMs: LATER });
    expect(rows.map((row) => row.partial)).toEqual([null, null, null, null]);
    expect(rows.map((row) => row.x)).toEqual([wall(2026, 3, 7), wall(2026, 3, 8), wall(2026, 3, 9), wall(2026, 11, 1)]);
    expect(gapsOf(rows)).toEqual([{ x: wall(2026, 3, 10) }]);
  });

  it('the current day is partial when daily', () => {
    const points = [
      point('2026-11-17T00:00:00-05:00', '2026-11-18T00:00:00-05:00'),
      point('2026-11-18T00:00:00-05:00', '2026-11-19T00:00:00-05:00'),
    ];
    const rows = toChartRows(points, { interval: 'daily', nowMs: Date.parse('2026-11-18T08:00:00-05:00') });
    expect(rows.map((row) => row.partial)).toEqual([null, 'ongoing']);
  });
});

describe('toChartRows and seriesData: a missing window inside the repeated DST hour', () => {
  it('breaks the line before the window after the gap, even when both share an x', () => {
    const p = (window_start: string, window_end: string, v: number) => ({ window_start, window_end, v });
    const points = [
      p('2026-11-01T00:00:00-04:00', '2026-11-01T01:00:00-04:00', 1),
      // 01:00-04:00 is missing (an outage)
      p('2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00', 3),
      p('2026-11-01T02:00:00-05:00', '2026-11-01T03:00:00-05:00', 4),
    ];
    const rows = toChartRows(points, { interval: '60min', nowMs: Date.UTC(2030, 0, 1) });
    expect(seriesData(rows, (q) => q.v).map(([, v]) => v)).toEqual([1, null, 3, 4]);
  });
});

describe('toChartRows over pages', () => {
  const day = windows(Date.UTC(2026, 4, 3, 22), Date.UTC(2026, 4, 4, 22), HOUR_MS, 'Europe/Berlin');
  const options = { interval: '60min', nowMs: LATER };

  it('draws the pages as one series: the same rows, and a gap across a page boundary', () => {
    const pages = [day.slice(0, 10), day.slice(12)];
    const rows = chartRows({ pages }, options);
    expect(rowList(rows)).toEqual(rowList(chartRows([...pages[0]!, ...pages[1]!], options)));
    expect(rows.points).toEqual([...pages[0]!, ...pages[1]!]);
    expect(rowList(rows).filter((row) => row.gapBefore !== null)).toHaveLength(1);
  });

  it("reads each page's times once, however often the chart is redrawn", () => {
    const page = day.slice(0, 5);
    expect(windowTimes(page)).toBe(windowTimes(page));
    const parse = vi.spyOn(Date, 'UTC');
    chartRows({ pages: [page] }, options);
    chartRows({ pages: [page] }, options);
    expect(parse).not.toHaveBeenCalled();
  });

  it('ECharts reads the typed array as x, value pairs, NaN where a value is missing', () => {
    const rows = chartRows([point('2026-05-04T09:00:00Z', '2026-05-04T10:00:00Z', null)], options);
    const data = seriesArray(rows, (p) => p.value);
    expect(data).toBeInstanceOf(Float64Array);
    expect(Array.from(data)).toEqual([Date.UTC(2026, 4, 4, 9), Number.NaN]);
    expect(seriesPairs(data)).toEqual([[Date.UTC(2026, 4, 4, 9), null]]);
  });
});
