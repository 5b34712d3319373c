import type { EChartsCoreOption } from 'echarts/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AvailabilityPoint, DwellTimePoint, MetricResponse, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { HOUR_MS, MINUTE_MS } from '../lib/time-spans';
import { buildMetricOption } from './metric-option';
import { axisScale, niceCeil } from './axis-scale';
import { LARGE_SERIES, type ChartContext } from './chart-base';
import { buildAvailabilityOption, buildDwellTimeOption, buildOccupancyOption, buildTrafficOption } from './options';
import { percent, windowLabel } from '../lib/format';
import { withPairs } from '../test/test-series';

/** The parts of an option these tests read. */
interface SeriesOption {
  type: string;
  name: string;
  data: unknown[];
  sampling?: string;
  showSymbol: boolean;
  connectNulls?: boolean;
  markLine?: { data: { yAxis: number }[] };
  markArea?: { data: [{ xAxis: number; name?: string }, { xAxis: number }][]; label?: object };
}
interface AxisOption {
  name: string;
  min?: number;
  max?: number;
  axisLabel?: { hideOverlap?: boolean };
}
interface OptionView {
  useUTC: boolean;
  animation: boolean;
  dataZoom: unknown[];
  xAxis: AxisOption;
  yAxis: AxisOption | AxisOption[];
  series: SeriesOption[];
  tooltip: { formatter: (params: unknown) => string };
}
const view = (option: EChartsCoreOption) => withPairs(option) as unknown as OptionView;
const yAxes = (option: EChartsCoreOption) => view(option).yAxis as AxisOption[];
const yAxis = (option: EChartsCoreOption) => view(option).yAxis as AxisOption;

const LATER = Date.UTC(2030, 0, 1);
const context: ChartContext = { interval: '60min', zoneLabel: 'Europe/Berlin', nowMs: LATER };

/** Hourly windows in UTC from 2026-01-01 00:00. */
function hourly<T>(
  count: number,
  fields: (i: number) => T,
): (T & { timestamp: string; window_start: string; window_end: string })[] {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(2026, 0, 1) + i * HOUR_MS).toISOString().replace('.000Z', 'Z');
    const end = new Date(Date.UTC(2026, 0, 1) + (i + 1) * HOUR_MS).toISOString().replace('.000Z', 'Z');
    return { timestamp: start, window_start: start, window_end: end, ...fields(i) };
  });
}

const occupancy = (count: number, peak = (i: number) => (i % 50) + 10): OccupancyPoint[] =>
  hourly(count, (i) => ({
    avg_occupancy: Math.round(peak(i) / 2),
    avg_utilization_percentage: peak(i) / 2 / 120,
    peak_occupancy: peak(i),
    peak_utilization_percentage: peak(i) / 120,
  }));

function occupancyPoint(start: string, end: string, avg: number, peak: number, capacity: number): OccupancyPoint {
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_occupancy: avg,
    avg_utilization_percentage: avg / capacity,
    peak_occupancy: peak,
    peak_utilization_percentage: peak / capacity,
  };
}

/** Calls the tooltip formatter the way ECharts does for an axis tooltip. */
function tooltipAt(option: EChartsCoreOption, x: number, value: unknown = 0): string {
  return view(option).tooltip.formatter([{ value: [x, value] }]);
}

describe('buildOccupancyOption', () => {
  it('puts 100 % on the right axis exactly at the capacity line', () => {
    const option = buildOccupancyOption(occupancy(24), { ...context, capacity: 120 });
    const [people, utilization] = yAxes(option);
    expect(people!.min).toBe(0);
    expect(utilization!.min).toBe(0);
    expect(people!.max).toBe(140); // 120 × 1.05 = 126, in 7 steps of 20
    expect(utilization!.max).toBe((140 / 120) * 100);
    expect(utilization!.name).toBe('% utilization');
    expect(view(option).series[0]!.markLine!.data).toEqual([{ yAxis: 120 }]);
  });

  it('leaves out the tick labels a short chart has no room for, on both axes (a phone-sized wall piled them up)', () => {
    const option = buildOccupancyOption(occupancy(24), { ...context, capacity: 1_500 });
    expect(yAxes(option).map((axis) => axis.axisLabel?.hideOverlap)).toEqual([true, true]);
  });

  it('keeps the capacity line and the highest peak on the chart, with 100 % at capacity (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 10_000 }), (capacity, maxPeak) => {
        const points = [
          occupancyPoint('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z', Math.floor(maxPeak / 2), maxPeak, capacity),
        ];
        const option = buildOccupancyOption(points, { ...context, capacity });
        const [people, utilization] = yAxes(option);
        expect(people!.max).toBeGreaterThanOrEqual(capacity);
        expect(people!.max).toBeGreaterThanOrEqual(maxPeak);
        // A value v on the left axis sits at v / leftMax of the height; 100 % sits at 100 / rightMax.
        expect(100 / utilization!.max!).toBeCloseTo(capacity / people!.max!, 12);
        expect(view(option).series[0]!.markLine!.data[0]!.yAxis).toBe(capacity);
      }),
    );
  });

  it('draws average and peak as lines that break at nulls, in the wall clock, with useUTC', () => {
    const points = occupancy(3);
    const option = buildOccupancyOption(points, { ...context, capacity: 120 });
    const o = view(option);
    expect(o.useUTC).toBe(true);
    expect(o.xAxis.name).toBe('Europe/Berlin');
    expect(o.series.map((s) => [s.type, s.name, s.connectNulls])).toEqual([
      ['line', 'Average', false],
      ['line', 'Peak', false],
    ]);
    expect(o.series[0]!.data).toEqual(points.map((p, i) => [Date.UTC(2026, 0, 1, i), p.avg_occupancy]));
    expect(o.series[1]!.data).toEqual(points.map((p, i) => [Date.UTC(2026, 0, 1, i), p.peak_occupancy]));
  });

  it('keeps animation, symbols and every point for a small series', () => {
    const option = buildOccupancyOption(occupancy(24), { ...context, capacity: 120 });
    const o = view(option);
    expect(o.animation).toBe(true);
    expect(o.series.map((s) => [s.showSymbol, s.sampling])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    expect(o.dataZoom).toEqual([]);
  });

  it('turns animation and symbols off and samples (lttb average, max peak) above LARGE_SERIES points', () => {
    const atLimit = view(buildOccupancyOption(occupancy(LARGE_SERIES), { ...context, capacity: 120 }));
    expect(atLimit.animation).toBe(true);
    expect(atLimit.series[0]!.sampling).toBeUndefined();

    const o = view(buildOccupancyOption(occupancy(LARGE_SERIES + 1), { ...context, capacity: 120 }));
    expect(o.animation).toBe(false);
    expect(o.series.map((s) => [s.name, s.showSymbol, s.sampling])).toEqual([
      ['Average', false, 'lttb'],
      ['Peak', false, 'max'],
    ]);
    expect(o.series[0]!.data).toHaveLength(LARGE_SERIES + 1);
  });

  it('offers a zoom only for long series', () => {
    expect(view(buildOccupancyOption(occupancy(150), { ...context, capacity: 120 })).dataZoom).toEqual([]);
    const zoom = view(buildOccupancyOption(occupancy(151), { ...context, capacity: 120 })).dataZoom;
    expect(zoom.length).toBeGreaterThan(0);
    expect(zoom).toContainEqual(expect.objectContaining({ type: 'slider' }));
  });

  it('shades partial windows', () => {
    const points = occupancy(3);
    const nowMs = Date.UTC(2026, 0, 1, 2, 30);
    const o = view(buildOccupancyOption(points, { ...context, capacity: 120, nowMs }));
    expect(o.series[0]!.markArea!.data).toEqual([
      [{ xAxis: Date.UTC(2026, 0, 1, 2), name: 'so far' }, { xAxis: Date.UTC(2026, 0, 1, 3) }],
    ]);
    expect(o.series[0]!.markArea!.label).toMatchObject({ formatter: '{b}' });
  });

  it("tooltip: the window's local start–end with the zone, people and utilization", () => {
    const points = [occupancyPoint('2026-11-18T07:00:00-05:00', '2026-11-18T08:00:00-05:00', 30, 48, 120)];
    const option = buildOccupancyOption(points, { ...context, zoneLabel: 'America/New_York', capacity: 120 });
    const text = tooltipAt(option, Date.UTC(2026, 10, 18, 7), 30);
    expect(text).toContain('Wed 18 Nov 2026 07:00–08:00 (America/New_York)');
    expect(text).toContain('Average: <b>30 people (25.0 %)</b>');
    expect(text).toContain('Peak: <b>48 people (40.0 %)</b>');
    expect(text).not.toContain('<i>');
  });
});

describe('tooltip formatter', () => {
  const points = [
    occupancyPoint('2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00', 10, 12, 100),
    occupancyPoint('2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00', 20, 22, 100),
  ];

  it('escapes the zone label (no raw HTML from data)', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const option = buildOccupancyOption(points, { ...context, zoneLabel: hostile, capacity: 100 });
    const text = tooltipAt(option, view(option).series[0]!.data.map((d) => (d as [number])[0])[0]!);
    expect(text).not.toBe('');
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('tells the two windows of the repeated hour apart by their offsets', () => {
    const option = buildOccupancyOption(points, { ...context, zoneLabel: 'America/New_York', capacity: 100 });
    const [first, second] = view(option).series[0]!.data as [number, number][];
    expect(tooltipAt(option, first![0])).toContain(
      'Sun 1 Nov 2026 01:00–01:00 (UTC−04:00 → UTC−05:00) (America/New_York)',
    );
    expect(tooltipAt(option, first![0])).toContain('10 people');
    expect(tooltipAt(option, second![0])).toContain('20 people');
  });

  it('accepts a single params object, and returns nothing for an x without a window', () => {
    const option = buildOccupancyOption(points, { ...context, capacity: 100 });
    const x = (view(option).series[0]!.data[0] as [number])[0];
    expect(view(option).tooltip.formatter({ value: [x, 10] })).toContain('10 people');
    expect(view(option).tooltip.formatter([{ value: [x + 1, 10] }])).toBe('');
    expect(view(option).tooltip.formatter([])).toBe('');
  });

  it('says when the window is partial', () => {
    const option = buildTrafficOption(
      [
        {
          timestamp: '2026-01-01T00:00:00Z',
          window_start: '2026-01-01T00:00:00Z',
          window_end: '2026-01-01T01:00:00Z',
          traffic: 4,
        },
      ],
      { ...context, nowMs: Date.UTC(2026, 0, 1, 0, 30) },
    );
    expect(tooltipAt(option, Date.UTC(2026, 0, 1))).toContain('<i>not over yet: the value may still change</i>');
  });
});

describe('buildTrafficOption', () => {
  const points: TrafficPoint[] = hourly(4, (i) => ({ traffic: [5, 0, 7, 3][i]! }));

  it('draws bars, partial ones with reduced opacity', () => {
    const nowMs = Date.UTC(2026, 0, 1, 3, 15); // the last window is still filling up
    const o = view(buildTrafficOption(points, { ...context, nowMs }));
    expect(o.series).toHaveLength(1);
    expect(o.series[0]!.type).toBe('bar');
    expect(o.series[0]!.data).toEqual([
      [Date.UTC(2026, 0, 1, 0), 5],
      [Date.UTC(2026, 0, 1, 1), 0],
      [Date.UTC(2026, 0, 1, 2), 7],
      { value: [Date.UTC(2026, 0, 1, 3), 3], itemStyle: { opacity: 0.45 } },
    ]);
    expect(tooltipAt(o as unknown as EChartsCoreOption, Date.UTC(2026, 0, 1, 1))).toContain('Entries: <b>0</b>');
  });

  it('shades an unfinished bar exactly: centred on it, one window wide, not the slot after it', () => {
    const nowMs = Date.UTC(2026, 0, 1, 3, 15);
    const o = view(buildTrafficOption(points, { ...context, nowMs }));
    expect(o.series[0]!.markArea!.data).toEqual([
      [{ xAxis: Date.UTC(2026, 0, 1, 2, 30), name: 'so far' }, { xAxis: Date.UTC(2026, 0, 1, 3, 30) }],
    ]);
  });

  it('leaves a null bar at a gap, not a zero', () => {
    const o = view(buildTrafficOption([points[0]!, points[2]!], context));
    expect(o.series[0]!.data).toEqual([
      [Date.UTC(2026, 0, 1, 0), 5],
      [Date.UTC(2026, 0, 1, 1), null],
      [Date.UTC(2026, 0, 1, 2), 7],
    ]);
  });
});

describe('buildDwellTimeOption', () => {
  const points: DwellTimePoint[] = hourly(2, (i) => ({
    avg_dwell_time: i === 0 ? 12 : null,
    peak_dwell_time: i === 0 ? 45 : null,
  }));

  it.each(['minutes', 'seconds'] as const)('names the unit (%s) on the axis and in the tooltip', (unit) => {
    const option = buildDwellTimeOption(points, { ...context, unit });
    expect(yAxis(option).name).toBe(`Dwell time (${unit})`);
    const text = tooltipAt(option, Date.UTC(2026, 0, 1, 0));
    expect(text).toContain(`Average: <b>12 ${unit}</b>`);
    expect(text).toContain(`Longest: <b>45 ${unit}</b>`);
  });

  it('keeps null dwell times null and says "no data"', () => {
    const option = buildDwellTimeOption(points, { ...context, unit: 'minutes' });
    expect(view(option).series.map((s) => s.data)).toEqual([
      [
        [Date.UTC(2026, 0, 1, 0), 12],
        [Date.UTC(2026, 0, 1, 1), null],
      ],
      [
        [Date.UTC(2026, 0, 1, 0), 45],
        [Date.UTC(2026, 0, 1, 1), null],
      ],
    ]);
    expect(tooltipAt(option, Date.UTC(2026, 0, 1, 1))).toContain('Average: <b>no data</b>');
  });

  it('samples the longest with max above LARGE_SERIES points', () => {
    const many: DwellTimePoint[] = hourly(LARGE_SERIES + 1, () => ({ avg_dwell_time: 1, peak_dwell_time: 2 }));
    const o = view(buildDwellTimeOption(many, { ...context, unit: 'minutes' }));
    expect(o.animation).toBe(false);
    expect(o.series.map((s) => [s.name, s.sampling, s.showSymbol])).toEqual([
      ['Average', 'lttb', false],
      ['Longest', 'max', false],
    ]);
  });
});

describe('buildAvailabilityOption', () => {
  it('turns fractions into percents 0..100 and keeps nulls', () => {
    const fractions = [0, 0.25, 1, null, 0.123456];
    const points: AvailabilityPoint[] = hourly(fractions.length, (i) => ({ availability_percentage: fractions[i]! }));
    const option = buildAvailabilityOption(points, context);
    expect(yAxis(option)).toMatchObject({ min: 0, max: 100 });
    expect(view(option).series[0]!.data).toEqual([
      [Date.UTC(2026, 0, 1, 0), 0],
      [Date.UTC(2026, 0, 1, 1), 25],
      [Date.UTC(2026, 0, 1, 2), 100],
      [Date.UTC(2026, 0, 1, 3), null],
      [Date.UTC(2026, 0, 1, 4), 12.3],
    ]);
    expect(tooltipAt(option, Date.UTC(2026, 0, 1, 1))).toContain('Free: <b>25.0 %</b>');
    expect(tooltipAt(option, Date.UTC(2026, 0, 1, 3))).toContain('Free: <b>no data</b>');
  });
});

describe('buildMetricOption', () => {
  function page<T>(data: T[], capacity: number): MetricResponse {
    return {
      location_id: 1,
      name: 'Café',
      capacity,
      metric: 'x',
      interval: '60min',
      time_range: { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' },
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      hour_range: { start: 0, end: 23 },
      data,
      pagination: { has_more: false, next_cursor: null, prev_cursor: null },
    } as unknown as MetricResponse;
  }

  it("draws the pages in their order as one series and uses the first page's capacity", () => {
    const points = occupancy(4);
    const option = buildMetricOption('occupancy', [page(points.slice(0, 2), 120), page(points.slice(2), 999)], {
      ...context,
      dwellUnit: 'minutes',
    });
    expect(view(option).series[0]!.data).toEqual(points.map((p, i) => [Date.UTC(2026, 0, 1, i), p.avg_occupancy]));
    expect(view(option).series[0]!.markLine!.data).toEqual([{ yAxis: 120 }]);
  });

  it('passes the dwell unit', () => {
    const option = buildMetricOption(
      'dwell_time',
      [
        page(
          hourly(1, () => ({ avg_dwell_time: 3, peak_dwell_time: 4 })),
          0,
        ),
      ],
      {
        ...context,
        dwellUnit: 'seconds',
      },
    );
    expect(yAxis(option).name).toBe('Dwell time (seconds)');
  });
});

describe('windowLabel', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['2026-11-18T07:00:00-05:00', '2026-11-18T08:00:00-05:00', '60min', 'Wed 18 Nov 2026 07:00–08:00'],
    ['2026-11-18T23:45:00+09:00', '2026-11-19T00:00:00+09:00', '15min', 'Wed 18 Nov 2026 23:45–00:00'],
    // The repeated hour of the New York fall-back: both offsets.
    [
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '60min',
      'Sun 1 Nov 2026 01:00–01:00 (UTC−04:00 → UTC−05:00)',
    ],
    [
      '2026-04-05T02:00:00+11:00',
      '2026-04-05T02:00:00+10:00',
      '60min',
      'Sun 5 Apr 2026 02:00–02:00 (UTC+11:00 → UTC+10:00)',
    ],
    // Spring forward: 01:00 EST to 03:00 EDT.
    [
      '2026-03-08T01:00:00-05:00',
      '2026-03-08T03:00:00-04:00',
      '60min',
      'Sun 8 Mar 2026 01:00–03:00 (UTC−05:00 → UTC−04:00)',
    ],
    ['2026-11-18T00:00:00-05:00', '2026-11-19T00:00:00-05:00', 'daily', 'Wed 18 Nov 2026'],
    ['2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00', 'daily', 'Sun 1 Nov 2026 (25 h)'],
    ['2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00', 'daily', 'Sun 8 Mar 2026 (23 h)'],
  ])('%s → %s (%s): %s', (start, end, interval, label) => {
    expect(windowLabel(start, end, interval)).toBe(label);
  });

  it('weekly: start – last day', () => {
    const label = windowLabel('2026-11-02T00:00:00-05:00', '2026-11-09T00:00:00-05:00', 'weekly');
    expect(label).toMatch(/^Mon 2 Nov( 2026)? – Sun 8 Nov 2026$/);
  });

  it('weekly across DST, and a clipped week', () => {
    expect(windowLabel('2026-10-26T00:00:00-04:00', '2026-11-02T00:00:00-05:00', 'weekly')).toMatch(
      /^Mon 26 Oct( 2026)? – Sun 1 Nov 2026$/,
    );
    expect(windowLabel('2026-11-16T00:00:00-05:00', '2026-11-19T00:00:00-05:00', 'weekly')).toMatch(
      /^Mon 16 Nov( 2026)? – Wed 18 Nov 2026$/,
    );
  });

  it('monthly: first – last day', () => {
    expect(windowLabel('2026-03-01T00:00:00-05:00', '2026-04-01T00:00:00-04:00', 'monthly')).toMatch(
      /^Sun 1 Mar( 2026)? – Tue 31 Mar 2026$/,
    );
  });

  it("reads the strings' own wall clock whatever the process's zone", () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(new Date(Date.UTC(2026, 10, 18, 7)).getHours()).not.toBe(7);
    expect(windowLabel('2026-11-18T07:00:00-05:00', '2026-11-18T08:00:00-05:00', '60min')).toBe(
      'Wed 18 Nov 2026 07:00–08:00',
    );
    expect(windowLabel('2026-11-01T00:00:00-04:00', '2026-11-02T00:00:00-05:00', 'daily')).toBe(
      'Sun 1 Nov 2026 (25 h)',
    );
  });
});

describe('axisScale: the axis to the larger of capacity and the data, with a little headroom', () => {
  it.each([
    [147, 150, 25],
    [1575, 1600, 200],
    [126, 140, 20],
    [1.05, 1.2, 0.2],
    [100, 100, 25],
  ])('axisScale(%d) = 0 to %d in steps of %d', (value, max, interval) => {
    expect(axisScale(value)).toEqual({ max, interval });
  });

  it('reaches the value in 4 to 8 whole steps, never more than a step and no more than 25 % above it (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 1e7, noNaN: true }), (value) => {
        const { max, interval } = axisScale(value);
        // Within 12 significant digits: the maximum is rounded there.
        expect(max).toBeGreaterThanOrEqual(value * (1 - 1e-11));
        expect(max - value).toBeLessThan(interval + 1e-9 * max);
        expect(max).toBeLessThanOrEqual(value * 1.25 + 1e-9 * max);
        const ticks = Math.round(max / interval);
        expect(ticks).toBeGreaterThanOrEqual(4);
        expect(ticks).toBeLessThanOrEqual(8);
      }),
    );
  });
});

describe('niceCeil and percent', () => {
  it.each([
    [1, 1],
    [7.7, 8],
    [132, 150],
    [1000, 1000],
    [1001, 1200],
    [2600, 3000],
  ])('niceCeil(%d) = %d', (value, nice) => {
    expect(niceCeil(value)).toBe(nice);
  });

  it('niceCeil is at or above the value and less than a third above it (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e7, noNaN: true }), (value) => {
        const nice = niceCeil(value);
        expect(nice).toBeGreaterThanOrEqual(value);
        expect(nice).toBeLessThanOrEqual((value * 4) / 3 + 1e-9 * value);
      }),
    );
  });

  it.each([
    [0, '0.0 %'],
    [0.456, '45.6 %'],
    [0.12345, '12.3 %'],
    [1, '100.0 %'],
    [1.25, '125.0 %'],
  ])('percent(%d) = %s', (fraction, text) => {
    expect(percent(fraction)).toBe(text);
  });
});

describe('windowLabel in the repeated hour of a DST fall-back', () => {
  it('tells two 15-minute windows with the same wall clock apart when asked for the offset', () => {
    const first = windowLabel('2026-11-01T01:15:00-04:00', '2026-11-01T01:30:00-04:00', '15min', true);
    const second = windowLabel('2026-11-01T01:15:00-05:00', '2026-11-01T01:30:00-05:00', '15min', true);
    expect(first).toBe('Sun 1 Nov 2026 01:15–01:30 (UTC−04:00)');
    expect(second).toBe('Sun 1 Nov 2026 01:15–01:30 (UTC−05:00)');
  });

  it('the chart tooltip adds the offset to windows in the repeated hour only', () => {
    const times = [
      ['2026-11-01T00:45:00-04:00', '2026-11-01T01:00:00-04:00'],
      ['2026-11-01T01:00:00-04:00', '2026-11-01T01:15:00-04:00'],
      ['2026-11-01T01:15:00-04:00', '2026-11-01T01:30:00-04:00'],
      ['2026-11-01T01:30:00-04:00', '2026-11-01T01:45:00-04:00'],
      ['2026-11-01T01:45:00-04:00', '2026-11-01T01:00:00-05:00'],
      ['2026-11-01T01:00:00-05:00', '2026-11-01T01:15:00-05:00'],
    ];
    const points = times.map(([window_start, window_end]) => ({
      timestamp: window_start!,
      window_start: window_start!,
      window_end: window_end!,
      traffic: 1,
    }));
    const option = buildTrafficOption(points, {
      interval: '15min',
      zoneLabel: 'America/New_York',
      nowMs: Date.UTC(2030, 0, 1),
    });
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const data = (option.series as { data: ([number, number] | { value: [number, number] })[] }[])[0]!.data.map((d) =>
      Array.isArray(d) ? d : d.value,
    );
    const labels = data.map(([x, v]) => formatter([{ value: [x, v] }]));
    expect(labels[0]).toContain('00:45–01:00 (America/New_York)');
    expect(labels[1]).toContain('01:00–01:15 (UTC−04:00)');
    expect(labels[5]).toContain('01:00–01:15 (UTC−05:00)');
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('very long series', () => {
  // A quarter of a million windows takes seconds on a loaded 2-core machine: a correctness test, not a timed one.
  it('builds the occupancy option for 250,000 windows without overflowing the stack', { timeout: 30_000 }, () => {
    const start = Date.UTC(2020, 0, 1);
    const points: OccupancyPoint[] = Array.from({ length: 250_000 }, (_, i) => {
      const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', '+00:00');
      return {
        timestamp: at(start + i * 15 * MINUTE_MS),
        window_start: at(start + i * 15 * MINUTE_MS),
        window_end: at(start + (i + 1) * 15 * MINUTE_MS),
        avg_occupancy: i % 50,
        avg_utilization_percentage: (i % 50) / 100,
        peak_occupancy: i % 97,
        peak_utilization_percentage: (i % 97) / 100,
      };
    });
    const option = buildOccupancyOption(points, {
      interval: '15min',
      zoneLabel: 'UTC',
      nowMs: Date.UTC(2030, 0, 1),
      capacity: 100,
    });
    expect((option.yAxis as { max: number }[])[0]!.max).toBeGreaterThanOrEqual(110);
  });
});
