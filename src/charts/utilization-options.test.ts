import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it, vi } from 'vitest';

import type { OccupancyPoint } from '../api/schemas';
import { DAY_MS, HOUR_MS } from '../lib/time-spans';
import { echarts } from './echarts';
import './echarts-utilization';
import { LARGE_SERIES, type ChartContext } from './chart-base';
import { binLabel, buildDistributionOption } from './distribution-option';
import {
  buildHeatmapOption,
  UTILIZATION_PALETTE,
  type HeatmapContext,
  type UtilizationHeatmapCell,
} from './heatmap-option';
import { buildSmallMultiplesOption, smallMultiplesLayout } from './small-multiples-option';
import { buildUtilizationOverTimeOption } from './utilization-options';
import { withPairs } from '../test/test-series';

/** The parts of an option these tests read. */
interface MarkAreaItem {
  xAxis?: number;
  yAxis?: number;
  label?: { formatter?: string };
}
interface SeriesView {
  type: string;
  id?: string;
  name: string;
  data: unknown[];
  showSymbol?: boolean;
  sampling?: string;
  connectNulls?: boolean;
  xAxisIndex?: number;
  yAxisIndex?: number;
  lineStyle?: { type?: string };
  itemStyle?: { color?: string; decal?: unknown };
  label?: { show?: boolean; formatter?: string };
  markLine?: { data: { yAxis: number }[]; label: { formatter?: string; show?: boolean } };
  markArea?: { data: [MarkAreaItem, MarkAreaItem][] };
}
interface AxisView {
  type: string;
  name?: string;
  min?: number;
  max?: number;
  data?: string[];
  inverse?: boolean;
  gridIndex?: number;
  axisLabel?: { color?: (value: unknown, index: number) => string; show?: boolean };
}
interface OptionView {
  useUTC?: boolean;
  animation?: boolean;
  legend?: { data: string[] };
  title?: { text: string; left: string; top: string }[];
  grid: { left: string; top: string; width: string; height: string }[];
  xAxis: AxisView & AxisView[];
  yAxis: AxisView & AxisView[];
  visualMap?: {
    type: string;
    show?: boolean;
    min: number;
    max: number;
    seriesIndex: number;
    inRange: { color: string[] };
  }[];
  series: SeriesView[];
  tooltip: { formatter: (params: unknown) => string };
}
const view = (option: EChartsCoreOption) => withPairs(option) as unknown as OptionView;

const HOSTILE = '<img src=x onerror=alert(1)>';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
const LATER = Date.UTC(2030, 0, 1);
const context: ChartContext = { interval: '60min', zoneLabel: 'Europe/Berlin', nowMs: LATER };

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Hourly occupancy windows in UTC from `startMs`, utilization as fractions. */
function hourly(count: number, avg: (i: number) => number, startMs = Date.UTC(2026, 0, 5)): OccupancyPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    timestamp: iso(startMs + i * HOUR_MS),
    window_start: iso(startMs + i * HOUR_MS),
    window_end: iso(startMs + (i + 1) * HOUR_MS),
    avg_occupancy: Math.round(avg(i) * 100),
    avg_utilization_percentage: avg(i),
    peak_occupancy: Math.round(avg(i) * 150),
    peak_utilization_percentage: avg(i) * 1.5,
  }));
}

function point(start: string, end: string, avg: number, peak: number): OccupancyPoint {
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_occupancy: 0,
    avg_utilization_percentage: avg,
    peak_occupancy: 0,
    peak_utilization_percentage: peak,
  };
}

const xs = (series: SeriesView) => series.data.map((d) => (d as [number, unknown])[0]);
const ys = (series: SeriesView) => series.data.map((d) => (d as [number, unknown])[1]);

describe('buildUtilizationOverTimeOption', () => {
  it('draws average and peak utilization in percent at wall-clock x, with useUTC', () => {
    const points = hourly(3, (i) => [0.25, 0.5, 0.634][i]!);
    const o = view(buildUtilizationOverTimeOption(points, context));
    expect(o.useUTC).toBe(true);
    // Described by the figure's summary (series-summary.ts), not by ECharts' aria label on an unnamed div.
    expect(o).not.toHaveProperty('aria');
    expect(o.xAxis.name).toBe('Europe/Berlin');
    expect(o.series.map((s) => [s.type, s.name, s.connectNulls])).toEqual([
      ['line', 'Average', false],
      ['line', 'Peak', false],
    ]);
    expect(o.series[0]!.data).toEqual([
      [Date.UTC(2026, 0, 5, 0), 25],
      [Date.UTC(2026, 0, 5, 1), 50],
      [Date.UTC(2026, 0, 5, 2), 63.4],
    ]);
    expect(ys(o.series[1]!)).toEqual([37.5, 75, 95.1]);
    expect(o.legend!.data).toEqual(['Average', 'Peak']);
  });

  it('breaks the lines at a gap instead of inventing values', () => {
    const points = hourly(3, () => 0.5);
    const o = view(buildUtilizationOverTimeOption([points[0]!, points[2]!], context));
    expect(o.series[0]!.data).toEqual([
      [Date.UTC(2026, 0, 5, 0), 50],
      [Date.UTC(2026, 0, 5, 1), null],
      [Date.UTC(2026, 0, 5, 2), 50],
    ]);
  });

  it('shades the target band across the plot on the y axis and draws a 100 % line labelled Capacity', () => {
    const o = view(
      buildUtilizationOverTimeOption(
        hourly(4, () => 0.7),
        { ...context, targetBand: { low: 0.6, high: 0.8 } },
      ),
    );
    const average = o.series[0]!;
    const band = average.markArea!.data.find(([from]) => from.yAxis !== undefined);
    expect(band).toBeDefined();
    expect(band![0]).toMatchObject({ yAxis: 60, label: { formatter: 'Target 60.0–80.0 %' } });
    expect(band![1]).toEqual({ yAxis: 80 });
    expect(band![0].xAxis).toBeUndefined();
    expect(average.markLine!.data).toEqual([{ yAxis: 100 }]);
    expect(average.markLine!.label.formatter).toBe('Capacity');
  });

  it('keeps partial windows shaded next to the band, and has no band without a target', () => {
    const points = hourly(3, () => 0.5);
    const nowMs = Date.UTC(2026, 0, 5, 2, 30);
    const withBand = view(
      buildUtilizationOverTimeOption(points, { ...context, nowMs, targetBand: { low: 0.6, high: 0.8 } }),
    );
    expect(withBand.series[0]!.markArea!.data).toContainEqual([
      { xAxis: Date.UTC(2026, 0, 5, 2), name: 'so far' },
      { xAxis: Date.UTC(2026, 0, 5, 3) },
    ]);
    const without = view(buildUtilizationOverTimeOption(points, { ...context, nowMs }));
    expect(without.series[0]!.markArea!.data).toEqual([
      [{ xAxis: Date.UTC(2026, 0, 5, 2), name: 'so far' }, { xAxis: Date.UTC(2026, 0, 5, 3) }],
    ]);
    expect(without.series[0]!.markLine!.data).toEqual([{ yAxis: 100 }]);
  });

  it('keeps the 100 % line, the band and the highest peak below the y maximum', () => {
    const low = view(
      buildUtilizationOverTimeOption(
        hourly(2, () => 0.1),
        context,
      ),
    ).yAxis;
    expect(low).toMatchObject({ min: 0, name: '% utilization' });
    expect(low.max).toBeGreaterThan(100);
    const high = view(
      buildUtilizationOverTimeOption(
        hourly(2, () => 1.2),
        context,
      ),
    ).yAxis; // peak 180 %
    expect(high.max).toBeGreaterThanOrEqual(180);
  });

  it("overlays the comparison period's average shifted forward by shiftMs, dashed, named by its label", () => {
    const current = hourly(3, () => 0.5);
    const previous = hourly(3, (i) => [0.1, 0.2, 0.3][i]!, Date.UTC(2025, 11, 29));
    const o = view(
      buildUtilizationOverTimeOption(current, {
        ...context,
        compare: { points: previous, label: 'Previous week', shiftMs: 7 * DAY_MS },
      }),
    );
    expect(o.series).toHaveLength(3);
    const overlay = o.series[2]!;
    expect(overlay.name).toBe('Previous week');
    expect(overlay.lineStyle!.type).toBe('dashed');
    expect(overlay.data).toEqual([
      [Date.UTC(2026, 0, 5, 0), 10],
      [Date.UTC(2026, 0, 5, 1), 20],
      [Date.UTC(2026, 0, 5, 2), 30],
    ]);
    expect(xs(overlay)).toEqual(xs(o.series[0]!));
    expect(o.legend!.data).toEqual(['Average', 'Peak', 'Previous week']);
  });

  it('aligns a comparison across a DST change on the wall clock, and its tooltip shows its own date', () => {
    // New York: the current week is after the fall-back (−05:00), the previous one before it (−04:00).
    const current = [point('2026-11-04T09:00:00-05:00', '2026-11-04T10:00:00-05:00', 0.5, 0.7)];
    const previous = [point('2026-10-28T09:00:00-04:00', '2026-10-28T10:00:00-04:00', 0.42, 0.6)];
    const option = buildUtilizationOverTimeOption(current, {
      ...context,
      zoneLabel: 'America/New_York',
      compare: { points: previous, label: 'Previous week', shiftMs: 7 * DAY_MS },
    });
    const o = view(option);
    const x = Date.UTC(2026, 10, 4, 9);
    expect(xs(o.series[2]!)).toEqual([x]);
    const text = o.tooltip.formatter([
      { seriesId: 'average', seriesIndex: 0, value: [x, 50] },
      { seriesId: 'peak', seriesIndex: 1, value: [x, 70] },
      { seriesId: 'compare', seriesIndex: 2, value: [x, 42] },
    ]);
    expect(text).toContain('Wed 4 Nov 2026 09:00–10:00 (America/New_York)');
    expect(text).toContain('Average: <b>50.0 %</b>');
    expect(text).toContain('Peak: <b>70.0 %</b>');
    expect(text).toContain('Previous week (Wed 28 Oct 2026 09:00–10:00): <b>42.0 %</b>');
  });

  it('tooltip: the comparison alone where the current period has no window yet; nothing elsewhere', () => {
    const previous = hourly(2, () => 0.3, Date.UTC(2025, 11, 29));
    const option = buildUtilizationOverTimeOption(
      hourly(1, () => 0.5),
      {
        ...context,
        compare: { points: previous, label: 'Previous week', shiftMs: 7 * DAY_MS },
      },
    );
    const x = Date.UTC(2026, 0, 5, 1);
    const text = view(option).tooltip.formatter([{ seriesId: 'compare', value: [x, 30] }]);
    expect(text).toBe('Previous week (Mon 29 Dec 2025 01:00–02:00): <b>30.0 %</b> average');
    expect(view(option).tooltip.formatter([{ seriesId: 'average', value: [x + 1, 1] }])).toBe('');
    expect(view(option).tooltip.formatter([])).toBe('');
  });

  it('tooltip escapes a hostile comparison label and zone label', () => {
    const option = buildUtilizationOverTimeOption(
      hourly(1, () => 0.5),
      {
        ...context,
        zoneLabel: HOSTILE,
        compare: { points: hourly(1, () => 0.2, Date.UTC(2025, 11, 29)), label: HOSTILE, shiftMs: 7 * DAY_MS },
      },
    );
    const x = Date.UTC(2026, 0, 5);
    const text = view(option).tooltip.formatter([
      { seriesId: 'average', value: [x, 50] },
      { seriesId: 'compare', value: [x, 20] },
    ]);
    expect(text).not.toContain('<img');
    expect(text.split(ESCAPED)).toHaveLength(3);
  });

  it('turns animation and symbols off and samples above LARGE_SERIES points', () => {
    const small = view(
      buildUtilizationOverTimeOption(
        hourly(24, () => 0.5),
        context,
      ),
    );
    expect(small.animation).toBe(true);
    expect(small.series.map((s) => s.showSymbol)).toEqual([true, true]);
    const large = view(
      buildUtilizationOverTimeOption(
        hourly(LARGE_SERIES + 1, () => 0.5),
        {
          ...context,
          compare: { points: hourly(10, () => 0.5), label: 'Before', shiftMs: 0 },
        },
      ),
    );
    expect(large.animation).toBe(false);
    expect(large.series.map((s) => [s.name, s.showSymbol, s.sampling])).toEqual([
      ['Average', false, 'lttb'],
      ['Peak', false, 'max'],
      ['Before', true, 'lttb'],
    ]);
  });
});

describe('buildHeatmapOption', () => {
  const dayNames: Record<number, string> = { 1: 'Sun', 2: 'Mon', 3: 'Tue', 4: 'Wed', 5: 'Thu', 6: 'Fri', 7: 'Sat' };
  const heatmapContext: HeatmapContext = {
    mode: 'average',
    zoneLabel: 'Europe/Berlin',
    weekdayOrder: [2, 3, 4, 5, 6, 7, 1],
    dayName: (digit) => dayNames[digit]!,
  };
  /** Every day and hour; open 08–17 on weekdays (2..6), value = (day + hour / 100) / 10. */
  const cells: UtilizationHeatmapCell[] = [];
  for (let day = 1; day <= 7; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const open = day >= 2 && day <= 6 && hour >= 8 && hour <= 17;
      cells.push({ day, hour, value: open ? (day + hour / 100) / 10 : null, windows: open ? 12 : 0 });
    }
  }

  it('draws its colour scale 180 px tall, or as tall as asked in a shorter chart', () => {
    const scaleOf = (context: HeatmapContext) =>
      (view(buildHeatmapOption(cells, context)).visualMap as { itemHeight?: number }[])[0]!.itemHeight;
    expect(scaleOf(heatmapContext)).toBe(180);
    expect(scaleOf({ ...heatmapContext, scaleHeight: 100 })).toBe(100);
  });

  it('has 7 × 24 cells, weekdays as rows in the given order (first on top), hours 00–23 as columns, nulls kept', () => {
    const o = view(buildHeatmapOption(cells, heatmapContext));
    expect(o.yAxis.data).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(o.yAxis.inverse).toBe(true);
    expect(o.xAxis.data).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    const data = o.series[0]!.data as [number, number, number | null][];
    expect(o.series[0]!.type).toBe('heatmap');
    expect(data).toHaveLength(7 * 24);
    // Row 0 is Monday (digit 2), row 6 Sunday (digit 1).
    expect(data).toContainEqual([14, 1, 31.4]); // Tue 14:00 = (3 + 0.14) / 10
    expect(data).toContainEqual([8, 0, 20.8]);
    expect(data).toContainEqual([12, 6, null]); // Sunday: closed
    expect(data.filter(([, , v]) => v === null)).toHaveLength(7 * 24 - 5 * 10);
    expect(o.series[0]!.label).toEqual({ show: false });
  });

  it('keeps all 7 × 24 cells when some are missing from the input, and follows another weekday order', () => {
    const o = view(
      buildHeatmapOption([{ day: 1, hour: 3, value: 0.5, windows: 2 }], {
        ...heatmapContext,
        weekdayOrder: [1, 2, 3, 4, 5, 6, 7],
      }),
    );
    const data = o.series[0]!.data as [number, number, number | null][];
    expect(data).toHaveLength(168);
    expect(data.filter(([, , v]) => v !== null)).toEqual([[3, 0, 50]]);
    expect(o.yAxis.data).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('maps 0..100 % with a sequential palette, or 0..the highest value above 100 %', () => {
    const o = view(buildHeatmapOption(cells, heatmapContext));
    expect(o.visualMap![0]).toMatchObject({ type: 'continuous', min: 0, max: 100, seriesIndex: 0 });
    expect(o.visualMap![0]!.inRange.color).toEqual(UTILIZATION_PALETTE);
    expect(UTILIZATION_PALETTE.length).toBeGreaterThanOrEqual(5);
    expect(UTILIZATION_PALETTE.length).toBeLessThanOrEqual(7);
    const over = [...cells, { day: 1, hour: 0, value: 1.347, windows: 3 }];
    expect(view(buildHeatmapOption(over, heatmapContext)).visualMap![0]).toMatchObject({ min: 0, max: 135 });
  });

  it('draws the cells without data in a hatched grey series that the visualMap leaves alone', () => {
    const o = view(buildHeatmapOption(cells, heatmapContext));
    const noData = o.series[1]!;
    expect(noData.type).toBe('heatmap');
    expect(noData.data).toHaveLength(7 * 24 - 5 * 10);
    expect(noData.data).toContainEqual([12, 6, 0]);
    expect(noData.itemStyle!.decal).toBeDefined();
    // Its own hidden, one-colour scale (ECharts draws a heatmap only under a visualMap), off the palette.
    const grey = o.visualMap!.find((v) => v.seriesIndex === 1)!;
    expect(grey.show).toBe(false);
    expect(new Set(grey.inRange.color).size).toBe(1);
    expect(UTILIZATION_PALETTE).not.toContain(grey.inRange.color[0]);
  });

  it('tooltip: "Tue 14:00–15:00: 63.0 % average utilization (12 windows)", and no data said so', () => {
    const option = buildHeatmapOption([{ day: 3, hour: 14, value: 0.63, windows: 12 }], heatmapContext);
    const o = view(option);
    expect(o.tooltip.formatter({ seriesIndex: 0, value: [14, 1, 63] })).toContain(
      'Tue 14:00–15:00: 63.0 % average utilization (12 windows)',
    );
    expect(o.tooltip.formatter({ seriesIndex: 0, value: [14, 1, 63] })).toContain('Europe/Berlin');
    expect(o.tooltip.formatter({ seriesIndex: 1, value: [23, 6, 0] })).toContain(
      'Sun 23:00–24:00: no data (outside filters or hours)',
    );
    const peak = buildHeatmapOption([{ day: 3, hour: 9, value: 1.1, windows: 1 }], { ...heatmapContext, mode: 'peak' });
    expect(view(peak).tooltip.formatter({ value: [9, 1, 110] })).toContain(
      'Tue 09:00–10:00: 110.0 % peak utilization (1 window)',
    );
  });

  it('tooltip escapes a hostile day name and zone label', () => {
    const option = buildHeatmapOption(cells, { ...heatmapContext, zoneLabel: HOSTILE, dayName: () => HOSTILE });
    for (const value of [
      [14, 1, 31.4],
      [12, 6, 0],
    ]) {
      const text = view(option).tooltip.formatter({ value });
      expect(text).not.toContain('<img');
      expect(text.split(ESCAPED)).toHaveLength(3);
    }
  });

  it('reads hours outside the hour range fainter (end inclusive)', () => {
    const o = view(buildHeatmapOption(cells, { ...heatmapContext, hourRange: { start: 8, end: 17 } }));
    const color = o.xAxis.axisLabel!.color!;
    expect([7, 8, 17, 18].map((h) => color(String(h), h))).toEqual(['#94a3b8', '#1f2937', '#1f2937', '#94a3b8']);
  });
});

describe('buildDistributionOption', () => {
  const bins = [
    { label: '0–20 %', from: 0, to: 0.2, hours: 10, share: 0.1 },
    { label: '20–40 %', from: 0.2, to: 0.4, hours: 25, share: 0.25 },
    { label: '40–60 %', from: 0.4, to: 0.6, hours: 40, share: 0.4 },
    { label: '60–80 %', from: 0.6, to: 0.8, hours: 15, share: 0.15 },
    { label: '80–100 %', from: 0.8, to: 1, hours: 8, share: 0.08 },
    { label: 'over 100 %', from: 1, to: null, hours: 2, share: 0.02 },
  ];

  it('draws the share of open hours per band in percent, each band named by its bounds', () => {
    const o = view(buildDistributionOption(bins));
    expect(o.xAxis.data).toEqual(bins.map((b) => b.label));
    expect(bins.map(binLabel)).toEqual(bins.map((b) => b.label));
    expect(o.series).toHaveLength(1);
    expect(o.series[0]!.type).toBe('bar');
    expect(o.series[0]!.data).toEqual([10, 25, 40, 15, 8, 2]);
    const label = o.series[0]!.label as unknown as { show: boolean; formatter: (item: { value: number }) => string };
    expect(label.show).toBe(true);
    expect(label.formatter({ value: 25 })).toBe('25.0 %');
    expect(o.yAxis).toMatchObject({ min: 0, name: '% of open hours' });
  });

  it('keeps a share without data null', () => {
    const o = view(buildDistributionOption([{ label: '0–20 %', from: 0, to: 0.2, hours: 0, share: null }]));
    expect(o.series[0]!.data).toEqual([null]);
  });

  it('tooltip: hours and share, the band named by its bounds (never by its key) and escaped', () => {
    const o = view(
      buildDistributionOption([...bins, { label: HOSTILE, from: 1, to: null, hours: 1.25, share: 0.0125 }]),
    );
    const text = o.tooltip.formatter([{ dataIndex: 1 }]);
    expect(text).toContain('20–40 % utilization');
    expect(text).toContain('Hours: <b>25 h</b>');
    expect(text).toContain('Share: <b>25.0 % of open hours</b>');
    const hostile = o.tooltip.formatter([{ dataIndex: 6 }]);
    expect(hostile).not.toContain('<img');
    expect(hostile).toContain('<b>over 100 % utilization</b>');
    expect(hostile).toContain('Hours: <b>1.3 h</b>');
    expect(o.tooltip.formatter([{ dataIndex: 99 }])).toBe('');
  });
});

describe('buildSmallMultiplesOption', () => {
  const children = [
    { name: 'Floor 1', points: hourly(24, () => 0.5) },
    { name: 'Floor 2', points: hourly(10, () => 1.3, Date.UTC(2026, 0, 5, 6)) },
    { name: 'Floor 3', points: hourly(30, () => 0.2, Date.UTC(2026, 0, 4, 20)) },
    { name: 'Floor 4', points: [] },
    { name: 'Floor 5', points: hourly(2, () => 0.9) },
  ];

  it('has one grid, x axis, y axis, title and series per child, each on its own axes', () => {
    const o = view(buildSmallMultiplesOption(children, context));
    expect(o.useUTC).toBe(true);
    expect(o.grid).toHaveLength(5);
    expect(o.xAxis).toHaveLength(5);
    expect(o.yAxis).toHaveLength(5);
    expect(o.title!.map((t) => t.text)).toEqual(children.map((c) => c.name));
    expect(o.series.map((s) => [s.name, s.xAxisIndex, s.yAxisIndex])).toEqual(children.map((c, i) => [c.name, i, i]));
    expect(o.xAxis.map((a) => a.gridIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(o.series[0]!.data[0]).toEqual([Date.UTC(2026, 0, 5), 50]);
  });

  it("shares one x range (the union of the children's windows) and one y max across grids", () => {
    const o = view(buildSmallMultiplesOption(children, context));
    const mins = new Set(o.xAxis.map((a) => a.min));
    const maxes = new Set(o.xAxis.map((a) => a.max));
    expect([...mins]).toEqual([Date.UTC(2026, 0, 4, 20)]);
    expect([...maxes]).toEqual([Date.UTC(2026, 0, 6, 2)]); // Floor 3: 30 h from 4 Jan 20:00
    const yMaxes = new Set(o.yAxis.map((a) => a.max));
    expect(yMaxes.size).toBe(1);
    expect([...yMaxes][0]).toBeGreaterThanOrEqual(130);
    expect(o.yAxis.every((a) => a.min === 0)).toBe(true);
  });

  it('uses context.xRange for every grid when given, and 100 % as the least y max', () => {
    const xRange: [number, number] = [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 8)];
    const o = view(buildSmallMultiplesOption(children.slice(0, 1), { ...context, xRange }));
    expect([o.xAxis[0]!.min, o.xAxis[0]!.max]).toEqual(xRange);
    expect(o.yAxis[0]!.max).toBe(100);
  });

  it('lays 24 children out in 4 columns × 6 rows of non-overlapping grids inside the chart', () => {
    const many = Array.from({ length: 24 }, (_, i) => ({ name: `Room ${i}`, points: hourly(3, () => 0.4) }));
    const o = view(buildSmallMultiplesOption(many, context));
    expect(o.grid).toHaveLength(24);
    const boxes = o.grid.map((g) => ({
      left: parseFloat(g.left),
      top: parseFloat(g.top),
      right: parseFloat(g.left) + parseFloat(g.width),
      bottom: parseFloat(g.top) + parseFloat(g.height),
    }));
    expect(new Set(boxes.map((b) => b.left)).size).toBe(4);
    expect(new Set(boxes.map((b) => b.top)).size).toBe(6);
    for (const [i, a] of boxes.entries()) {
      expect(a.left).toBeGreaterThanOrEqual(0);
      expect(a.top).toBeGreaterThanOrEqual(0);
      expect(a.right).toBeLessThanOrEqual(100);
      expect(a.bottom).toBeLessThanOrEqual(100);
      for (const b of boxes.slice(i + 1)) {
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        expect(apart).toBe(true);
      }
    }
    // Time labels only on the last chart of each column.
    expect(o.xAxis.map((a) => a.axisLabel!.show)).toEqual(many.map((_, i) => i >= 20));
  });

  it.each([
    [1, 1, 1],
    [3, 3, 1],
    [4, 4, 1],
    [5, 3, 2],
    [7, 4, 2],
    [9, 3, 3],
    [12, 4, 3],
    [24, 4, 6],
  ])('smallMultiplesLayout(%i): %i columns × %i rows', (count, columns, rows) => {
    expect(smallMultiplesLayout(count)).toMatchObject({ columns, rows });
  });

  it('tooltip: the child escaped, its window and average; the title keeps the name as plain text', () => {
    const option = buildSmallMultiplesOption(
      [
        { name: 'Floor 1', points: hourly(2, () => 0.5) },
        { name: HOSTILE, points: hourly(2, () => 0.25) },
      ],
      context,
    );
    const o = view(option);
    const text = o.tooltip.formatter([{ seriesIndex: 1, value: [Date.UTC(2026, 0, 5, 1), 25] }]);
    expect(text).not.toContain('<img');
    expect(text).toContain(ESCAPED);
    expect(text).toContain('Mon 5 Jan 2026 01:00–02:00 (Europe/Berlin)');
    expect(text).toContain('Average: <b>25.0 %</b>');
    expect(o.title![1]!.text).toBe(HOSTILE); // canvas text, not HTML
    expect(o.tooltip.formatter([{ seriesIndex: 5, value: [0, 1] }])).toBe('');
  });

  it('turns animation off when all children together exceed LARGE_SERIES points', () => {
    const half = Math.ceil((LARGE_SERIES + 1) / 2);
    const o = view(
      buildSmallMultiplesOption(
        [
          { name: 'A', points: hourly(half, () => 0.5) },
          { name: 'B', points: hourly(half, () => 0.5) },
        ],
        context,
      ),
    );
    expect(o.animation).toBe(false);
    expect(o.series.every((s) => s.showSymbol === false && s.sampling === 'lttb')).toBe(true);
  });
});

describe('drawn with the modules echarts.ts registers (server-side SVG, no canvas)', () => {
  /** Renders at 1920 × 1080; ECharts reports a module that is used but not registered on the console. */
  function draw(option: EChartsCoreOption): string {
    echarts.use(SVGRenderer); // for this test only: the app draws on a canvas
    const complaints = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 1920, height: 1080 });
    try {
      chart.setOption(option);
      const svg = chart.renderToSVGString();
      for (const spy of complaints) expect(spy).not.toHaveBeenCalled();
      return svg;
    } finally {
      chart.dispose();
    }
  }

  it('utilization over time: lines, target band label, Capacity line, comparison in the legend', () => {
    const svg = draw(
      buildUtilizationOverTimeOption(
        hourly(48, (i) => (i % 24) / 20),
        {
          ...context,
          targetBand: { low: 0.6, high: 0.8 },
          compare: {
            points: hourly(48, () => 0.4, Date.UTC(2025, 11, 29)),
            label: 'Previous week',
            shiftMs: 7 * DAY_MS,
          },
        },
      ),
    );
    expect(svg).toContain('Target 60.0–80.0 %');
    expect(svg).toContain('Capacity');
    expect(svg).toContain('Previous week');
  });

  it('heatmap: cells, the colour scale and the hatched no-data cells', () => {
    const cells: UtilizationHeatmapCell[] = [
      { day: 2, hour: 9, value: 0.5, windows: 4 },
      { day: 3, hour: 14, value: 1.2, windows: 4 },
    ];
    const svg = draw(
      buildHeatmapOption(cells, {
        mode: 'average',
        zoneLabel: 'Europe/Berlin',
        weekdayOrder: [2, 3, 4, 5, 6, 7, 1],
        dayName: (digit) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][digit - 1]!,
        hourRange: { start: 8, end: 17 },
      }),
    );
    expect(svg).toContain('120.0 %'); // the visualMap's top
    expect(svg).toContain('Hour (Europe/Berlin)');
    expect(svg).toMatch(/<pattern/); // the decal of cells without data
  });

  it('distribution and small multiples', () => {
    expect(draw(buildDistributionOption([{ label: '0–20 %', from: 0, to: 0.2, hours: 3, share: 0.3 }]))).toContain(
      '30.0 %',
    );
    const svg = draw(
      buildSmallMultiplesOption(
        Array.from({ length: 24 }, (_, i) => ({ name: `Room ${i + 1}`, points: hourly(24, () => 0.5) })),
        context,
      ),
    );
    expect(svg).toContain('Room 24');
  });
});
