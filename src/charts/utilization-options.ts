/**
 * Pure option builders for the capacity-utilization page: utilization over time (with a target band, the 100 %
 * line and an optional comparison period), a weekday × hour heatmap, the distribution of open hours over
 * utilization bands, and small multiples of a building's children. Same conventions as options.ts: x values are
 * wall-clock ms drawn with `useUTC: true`, large series lose animation and symbols, every tooltip formatter escapes
 * what it puts in its HTML, and the figure's summary (series-summary.ts) describes the chart, not ECharts' aria.
 *
 * Utilization arrives as fractions (1 = 100 %, may exceed 1) and is drawn in percent (lib/format).
 */
import type { EChartsCoreOption } from 'echarts/core';

import type { OccupancyPoint } from '../api/schemas';
import { escapeHtml } from '../lib/escape-html';
import {
  formatDecimal,
  formatHour,
  formatNumber,
  percent,
  percentOf,
  percentTick,
  percentValue,
  windowLabel,
} from '../lib/format';
import { hourRangeTest } from '../lib/time';
import {
  GRID_TOP,
  LARGE_SERIES,
  lineSeries as namedLine,
  niceCeil,
  partialAreas,
  timeBase,
  type ChartContext,
  type Comparison,
} from './options';
import { PARTIAL_NOTES, rowFinder, seriesData, toChartRows, type ChartRow, type ChartRows } from './series';
import {
  overlayTooltip,
  tooltipPosition,
  usualOverlay,
  type AxisParam,
  type UsualOverlay,
  type UsualToday,
} from './usual-overlay';
import { HEATMAP_PALETTE_LIGHT, NO_DATA_SCALE_LIGHT } from './heatmap-palette';

// The metric pages' series colours, plus the comparison's. Text, the capacity line and cell borders take their
// colours from the chart theme (echarts.ts), so that they read on a light and a dark panel alike.
const COLORS = { avg: '#2563eb', peak: '#c2410c', compare: '#64748b' };

/** The busiest-times scale as drawn on a light panel (charts/echarts.ts swaps in the dark one on a dark panel). */
export const UTILIZATION_PALETTE = HEATMAP_PALETTE_LIGHT;
const NO_DATA_COLOR = NO_DATA_SCALE_LIGHT[0]!;
const NO_DATA_TEXT = 'no data (outside filters or hours)';

// ---------------------------------------------------------------------------------------------------
// 1. Utilization over time

export interface UtilizationOverTimeContext extends ChartContext {
  /** The target range as fractions, e.g. { low: 0.6, high: 0.8 }. */
  targetBand?: { low: number; high: number };
  /**
   * A comparison period (e.g. the previous week), drawn `shiftMs` wall-clock ms later so it lies over the current
   * period. Align on local calendar days (a whole number of wall-clock days), never on `n × 24 h` of real time.
   */
  compare?: Comparison<OccupancyPoint>;
  /**
   * The usual day behind today's line (charts/usual-overlay.ts), for a view of exactly today: its values are people,
   * drawn as shares of `capacity` like the data. Left out on any other range.
   */
  usual?: UsualToday & { capacity: number };
}

const SERIES_ID = { avg: 'average', peak: 'peak', compare: 'compare' } as const;

export function buildUtilizationOverTimeOption(
  points: readonly OccupancyPoint[],
  context: UtilizationOverTimeContext,
): EChartsCoreOption {
  const rows = toChartRows(points, context);
  const { compare, targetBand, usual } = context;
  const compareRows = toChartRows(compare?.points ?? [], context);
  const large = Math.max(rows.length, compareRows.length) > LARGE_SERIES;
  // People → % of capacity: the data are fractions of capacity, drawn in percent.
  const overlay =
    usual && usual.capacity > 0
      ? usualOverlay(usual.day, { ...usual, scale: 100 / usual.capacity, unit: 'percent' })
      : null;

  let maxPercent = 100;
  for (const p of points) maxPercent = Math.max(maxPercent, percentValue(p.peak_utilization_percentage));
  for (const p of compareRows.points) maxPercent = Math.max(maxPercent, percentValue(p.avg_utilization_percentage));
  if (targetBand) maxPercent = Math.max(maxPercent, percentValue(targetBand.high));
  if (overlay) maxPercent = Math.max(maxPercent, overlay.max);
  // Headroom above the 100 % line so it never sits on the frame.
  const yMax = niceCeil(Math.max(maxPercent * 1.05, 110));

  const avg = (p: OccupancyPoint) => percentValue(p.avg_utilization_percentage);
  const peak = (p: OccupancyPoint) => percentValue(p.peak_utilization_percentage);
  const partial = partialAreas(rows);
  const series: Record<string, unknown>[] = [
    lineSeries(SERIES_ID.avg, 'Average', seriesData(rows, avg), COLORS.avg, large, 'lttb', {
      markLine: capacityLine(),
      // One markArea holds both: the target band (a y range across the plot) and the partial windows.
      markArea: { ...partial, data: [...(targetBand ? [targetArea(targetBand)] : []), ...partial.data] },
    }),
    lineSeries(SERIES_ID.peak, 'Peak', seriesData(rows, peak), COLORS.peak, large, 'max'),
  ];
  if (compare) {
    const shifted = seriesData(compareRows, avg, compare.shiftMs);
    series.push(
      lineSeries(SERIES_ID.compare, compare.label, shifted, COLORS.compare, large, 'lttb', {
        lineStyle: { width: 1.5, color: COLORS.compare, type: 'dashed' },
      }),
    );
  }
  if (overlay) series.push(...overlay.series);

  return {
    ...timeBase(
      context,
      rows.length >= compareRows.length ? rows : compareRows,
      large,
      32,
      overlay ? GRID_TOP.twoLegendRows : GRID_TOP.oneLegendRow,
    ),
    legend: { top: 0, data: ['Average', 'Peak', ...(compare ? [compare.label] : []), ...(overlay?.legend ?? [])] },
    tooltip: overTimeTooltip(context, rows, compareRows, overlay),
    yAxis: {
      type: 'value',
      name: '% utilization',
      min: 0,
      max: yMax,
      axisLabel: { formatter: percentTick },
    },
    series,
  };
}

function targetArea(band: { low: number; high: number }) {
  const low = percentValue(Math.min(band.low, band.high));
  const high = percentValue(Math.max(band.low, band.high));
  return [
    {
      name: 'Target',
      yAxis: low,
      itemStyle: { color: 'rgba(21, 128, 61, 0.10)' },
      label: {
        show: true,
        formatter: `Target ${formatDecimal(low)}–${percentOf(high)}`,
        position: 'insideTopLeft',
        fontSize: 12,
      },
    },
    { yAxis: high },
  ];
}

function capacityLine() {
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { type: 'dashed', width: 1.5 },
    label: { formatter: 'Capacity', position: 'insideEndTop' },
    data: [{ yAxis: 100 }],
  };
}

/**
 * Axis tooltip: the current window (local start–end with the zone), average and peak; then the comparison value
 * with its own window's date (it is drawn shifted, so the axis position alone would give the wrong date); then, on a
 * view of today, the usual of that hour and, from now on, the value expected from it (said to be not measured).
 */
function overTimeTooltip(
  context: UtilizationOverTimeContext,
  rows: ChartRows<OccupancyPoint>,
  compareRows: ChartRows<OccupancyPoint>,
  overlay: UsualOverlay | null,
) {
  const rowAtX = rowFinder(rows);
  const compareRowAtX = rowFinder(compareRows, context.compare?.shiftMs ?? 0);
  const label = (row: ChartRow<OccupancyPoint>) =>
    windowLabel(row.point.window_start, row.point.window_end, context.interval, row.inRepeatedHour);
  return {
    trigger: 'axis',
    confine: true,
    formatter: (params: unknown) => {
      const list = (Array.isArray(params) ? params : [params]) as (AxisParam | undefined)[];
      const { point: current, x } = tooltipPosition(params, overlay, (p) => p.seriesId !== SERIES_ID.compare);
      const other = list.find((p) => p?.value && p.seriesId === SERIES_ID.compare);
      const row = rowAtX(current?.value?.[0]);
      const compareRow = compareRowAtX(other?.value?.[0]);
      const usual = overlayTooltip(overlay, row?.x ?? x, context.zoneLabel);
      if (!row && !compareRow && !usual.header) return '';
      const lines: string[] = [];
      if (row) {
        lines.push(`<b>${escapeHtml(`${label(row)} (${context.zoneLabel})`)}</b>`);
        lines.push(`Average: <b>${escapeHtml(percent(row.point.avg_utilization_percentage))}</b>`);
        lines.push(`Peak: <b>${escapeHtml(percent(row.point.peak_utilization_percentage))}</b>`);
        if (row.partial) lines.push(`<i>${PARTIAL_NOTES[row.partial].tooltip}</i>`);
      } else if (usual.header) {
        lines.push(usual.header);
      }
      if (compareRow && context.compare) {
        const value = percent(compareRow.point.avg_utilization_percentage);
        lines.push(
          `${escapeHtml(context.compare.label)} (${escapeHtml(label(compareRow))}): <b>${escapeHtml(value)}</b> average`,
        );
      }
      lines.push(...usual.lines);
      return lines.join('<br/>');
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// 2. Weekday × hour heatmap

export interface UtilizationHeatmapCell {
  /** Spec weekday digit, 1 = Sunday … 7 = Saturday. */
  day: number;
  /** Local wall hour, 0..23. */
  hour: number;
  /** A fraction (1 = 100 %), null without data. */
  value: number | null;
  /** How many windows the value is over. */
  windows: number;
}

export interface HeatmapContext {
  mode: 'average' | 'peak';
  zoneLabel: string;
  /** Spec weekday digits top to bottom, e.g. [2, 3, 4, 5, 6, 7, 1] for a week starting on Monday. */
  weekdayOrder: readonly number[];
  dayName: (digit: number) => string;
  /** Hours in the filters or the opening hours (end inclusive, as the spec's end_hour_filter; 24 = midnight). */
  hourRange?: { start: number; end: number };
  /** The colour scale's bar, in pixels: 180 by default; less in a chart too short for it and its end labels. */
  scaleHeight?: number;
}

const HOURS = 24;
/** An axis label: the hour alone, `07`. */
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Rows are weekdays in `weekdayOrder` (first at the top), columns the hours 00–23: 7 × 24 cells always, those
 * without data kept (null) and drawn hatched grey by a second series that the visualMap does not colour.
 */
export function buildHeatmapOption(
  cells: readonly UtilizationHeatmapCell[],
  context: HeatmapContext,
): EChartsCoreOption {
  const byKey = new Map(cells.map((cell) => [cellKey(cell.day, cell.hour), cell]));
  const cellAt = (row: number, hour: number) => byKey.get(cellKey(context.weekdayOrder[row] ?? 0, hour));

  const data: [number, number, number | null][] = [];
  const empty: [number, number, number][] = [];
  let maxPercent = 0;
  context.weekdayOrder.forEach((day, row) => {
    for (let hour = 0; hour < HOURS; hour++) {
      const value = byKey.get(cellKey(day, hour))?.value ?? null;
      const shown = value === null ? null : percentValue(value);
      data.push([hour, row, shown]);
      if (shown === null) empty.push([hour, row, 0]);
      else maxPercent = Math.max(maxPercent, shown);
    }
  });
  const visualMax = Math.max(100, Math.ceil(maxPercent));
  const inHours = context.hourRange ? hourRangeTest(context.hourRange) : () => true;
  const what = context.mode === 'average' ? 'average utilization' : 'peak utilization';

  return {
    grid: { left: 64, right: 96, top: 16, bottom: 48 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const value = (params as { value?: unknown } | undefined)?.value;
        if (!Array.isArray(value)) return '';
        const [hour, row] = value as [number, number];
        const day = context.weekdayOrder[row];
        if (day === undefined || !(hour >= 0 && hour < HOURS)) return '';
        const cell = cellAt(row, hour);
        const when = `${context.dayName(day)} ${formatHour(hour)}–${formatHour(hour + 1)}`;
        const text =
          cell === undefined || cell.value === null
            ? `${when}: ${NO_DATA_TEXT}`
            : `${when}: ${percent(cell.value)} ${what} (${cell.windows} ${cell.windows === 1 ? 'window' : 'windows'})`;
        return `${escapeHtml(text)}<br/><span style="opacity:0.8">${escapeHtml(`Local time, ${context.zoneLabel}`)}</span>`;
      },
    },
    xAxis: {
      type: 'category',
      data: Array.from({ length: HOURS }, (_, hour) => pad2(hour)),
      name: `Hour (${context.zoneLabel})`,
      nameLocation: 'middle',
      nameGap: 28,
      splitArea: { show: false },
      axisTick: { alignWithLabel: true },
      axisLabel: {
        interval: 0,
        hideOverlap: true,
        // Hours outside the filters or the opening hours read fainter. Colours for a light panel: on dark, the chart
        // draws the dark one in the theme's label colour (themedOption in echarts.ts).
        color: (_value: unknown, index: number) => (inHours(index) ? '#1f2937' : '#94a3b8'),
      },
    },
    yAxis: {
      type: 'category',
      data: context.weekdayOrder.map((day) => context.dayName(day)),
      inverse: true,
      splitArea: { show: false },
      axisLabel: { interval: 0 },
    },
    visualMap: [
      {
        type: 'continuous',
        seriesIndex: 0,
        dimension: 2,
        min: 0,
        max: visualMax,
        calculable: true,
        orient: 'vertical',
        right: 8,
        top: 'middle',
        itemWidth: 14,
        itemHeight: context.scaleHeight ?? 180,
        formatter: (value: number) => percentOf(Math.round(value)),
        inRange: { color: UTILIZATION_PALETTE },
        outOfRange: { color: 'rgba(0, 0, 0, 0)' },
      },
      // ECharts draws a heatmap series only under a visualMap: the cells without data get a hidden one of a
      // single grey, so the scale above never colours them.
      {
        type: 'continuous',
        show: false,
        seriesIndex: 1,
        dimension: 2,
        min: 0,
        max: 1,
        inRange: { color: NO_DATA_SCALE_LIGHT },
      },
    ],
    series: [
      {
        type: 'heatmap',
        id: 'utilization',
        name: context.mode === 'average' ? 'Average utilization' : 'Peak utilization',
        data,
        label: { show: false },
        itemStyle: { borderWidth: 1 },
        emphasis: { itemStyle: { borderWidth: 2 } },
      },
      {
        type: 'heatmap',
        id: 'no-data',
        name: 'No data',
        data: empty,
        label: { show: false },
        itemStyle: {
          color: NO_DATA_COLOR,
          borderWidth: 1,
          decal: {
            symbol: 'rect',
            color: 'rgba(100, 116, 139, 0.35)',
            dashArrayX: [1, 0],
            dashArrayY: [2, 5],
            rotation: Math.PI / 4,
          },
        },
        emphasis: { itemStyle: { borderWidth: 2 } },
      },
    ],
  };
}

function cellKey(day: number, hour: number): number {
  return day * HOURS + hour;
}

// ---------------------------------------------------------------------------------------------------
// 3. Distribution of open hours over utilization bands

export interface UtilizationDistributionBin {
  /** `0–20 %`, …, `over 100 %`. */
  label: string;
  /** Open hours (hourly windows) in the band. */
  hours: number;
  /** A fraction of all open hours; null when there are none. */
  share: number | null;
}

export function buildDistributionOption(bins: readonly UtilizationDistributionBin[]): EChartsCoreOption {
  const hours = (n: number) => `${formatNumber(Math.round(n * 10) / 10)} h`;
  return {
    grid: { left: 56, right: 24, top: 32, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        const bin = first?.dataIndex === undefined ? undefined : bins[first.dataIndex];
        if (!bin) return '';
        const share = bin.share === null ? 'no data' : `${percent(bin.share)} of open hours`;
        return [
          `<b>${escapeHtml(`${bin.label} utilization`)}</b>`,
          `Hours: <b>${escapeHtml(hours(bin.hours))}</b>`,
          `Share: <b>${escapeHtml(share)}</b>`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: bins.map((bin) => bin.label),
      name: 'Utilization',
      nameLocation: 'middle',
      nameGap: 30,
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', name: '% of open hours', min: 0, axisLabel: { formatter: percentTick } },
    series: [
      {
        type: 'bar',
        name: 'Share of open hours',
        data: bins.map((bin) => (bin.share === null ? null : percentValue(bin.share))),
        barMaxWidth: 64,
        itemStyle: { color: COLORS.avg },
        label: { show: true, position: 'top', formatter: (item: { value: number }) => percentOf(item.value) },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// 4. Small multiples: one average-utilization line per child

export interface SmallMultiplesChild {
  name: string;
  points: readonly OccupancyPoint[];
}

/** About this many px per row of small multiples: the layout's % gaps are sized for it. */
const ROW_HEIGHT_PX = 150;
const TITLE_MAX_CHARS = 36;

/**
 * Columns and rows for `count` small charts: up to 3 on one row, then 3 or 4 columns (3 where that takes no more
 * rows), so 24 children are 4 × 6. `heightPx` is the height to give the chart.
 */
export function smallMultiplesLayout(count: number): { columns: number; rows: number; heightPx: number } {
  const n = Math.max(count, 1);
  const columns = n <= 3 ? n : Math.ceil(n / 3) === Math.ceil(n / 4) ? 3 : 4;
  const rows = Math.ceil(n / columns);
  return { columns, rows, heightPx: rows * ROW_HEIGHT_PX + 16 };
}

/**
 * One grid per child, laid out in %: every x axis has the same min and max (`context.xRange`, or the union of the
 * children's windows) and every y axis the same max, so the charts compare at a glance.
 */
export function buildSmallMultiplesOption(
  children: readonly SmallMultiplesChild[],
  context: ChartContext,
): EChartsCoreOption {
  const rowsOf = children.map((child) => toChartRows(child.points, context));
  const total = rowsOf.reduce((sum, rows) => sum + rows.length, 0);
  const large = total > LARGE_SERIES;

  let xMin = context.xRange?.[0];
  let xMax = context.xRange?.[1];
  let maxPercent = 100;
  for (const rows of rowsOf) {
    for (let i = 0; i < rows.length; i++) {
      if (!context.xRange) {
        xMin = xMin === undefined ? rows.x[i]! : Math.min(xMin, rows.x[i]!);
        xMax = xMax === undefined ? rows.xEnd[i]! : Math.max(xMax, rows.xEnd[i]!);
      }
      maxPercent = Math.max(maxPercent, percentValue(rows.points[i]!.avg_utilization_percentage));
    }
  }
  const yMax = niceCeil(maxPercent);

  const { columns, rows: gridRows } = smallMultiplesLayout(children.length);
  const outer = { left: 1, right: 1, top: 1, bottom: 1 };
  const cellWidth = (100 - outer.left - outer.right) / columns;
  const cellHeight = (100 - outer.top - outer.bottom) / gridRows;
  const at = (value: number) => `${round2(value)}%`;

  const title: Record<string, unknown>[] = [];
  const grid: Record<string, unknown>[] = [];
  const xAxis: Record<string, unknown>[] = [];
  const yAxis: Record<string, unknown>[] = [];
  const series: Record<string, unknown>[] = [];
  children.forEach((child, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const left = outer.left + column * cellWidth;
    const top = outer.top + row * cellHeight;
    // x labels only where no chart sits below (they share one range).
    const bottomOfColumn = i + columns >= children.length;
    title.push({
      text: truncate(child.name, TITLE_MAX_CHARS),
      left: at(left + 0.5),
      top: at(top),
      // A few px below the edge, so the first row's titles are not cut.
      padding: [4, 0, 0, 0],
      textStyle: { fontSize: 12, fontWeight: 600 },
    });
    grid.push({
      left: at(left + 3),
      width: at(cellWidth - 4),
      top: at(top + cellHeight * 0.2),
      height: at(cellHeight * (bottomOfColumn ? 0.62 : 0.7)),
    });
    xAxis.push({
      type: 'time',
      gridIndex: i,
      min: xMin,
      max: xMax,
      splitNumber: 3,
      axisLabel: { show: bottomOfColumn, hideOverlap: true, fontSize: 12 },
      axisTick: { show: bottomOfColumn },
      splitLine: { show: false },
    });
    yAxis.push({
      type: 'value',
      gridIndex: i,
      min: 0,
      max: yMax,
      interval: yMax / 2,
      axisLabel: { formatter: percentTick, fontSize: 12 },
    });
    series.push({
      ...lineSeries(
        `child-${i}`,
        child.name,
        seriesData(rowsOf[i]!, (p) => percentValue(p.avg_utilization_percentage)),
        COLORS.avg,
        large,
        'lttb',
      ),
      showSymbol: false,
      xAxisIndex: i,
      yAxisIndex: i,
      areaStyle: { opacity: 0.12 },
      markLine: { ...capacityLine(), label: { show: false } },
    });
  });

  const rowAtX = rowsOf.map((rows) => rowFinder(rows));
  return {
    useUTC: true,
    animation: !large,
    title,
    grid,
    xAxis,
    yAxis,
    series,
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as AxisParam | undefined;
        const index = first?.seriesIndex;
        const child = index === undefined ? undefined : children[index];
        const row = child ? rowAtX[index!]?.(first?.value?.[0]) : undefined;
        if (!child || !row) return '';
        const when = windowLabel(row.point.window_start, row.point.window_end, context.interval, row.inRepeatedHour);
        return [
          `<b>${escapeHtml(child.name)}</b>`,
          escapeHtml(`${when} (${context.zoneLabel})`),
          `Average: <b>${escapeHtml(percent(row.point.avg_utilization_percentage))}</b>`,
          ...(row.partial ? [`<i>${PARTIAL_NOTES[row.partial].tooltip}</i>`] : []),
        ].join('<br/>');
      },
    },
  };
}

function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A line series of options.ts with an id (the tooltip finds the comparison by it). */
function lineSeries(
  id: string,
  name: string,
  data: Float64Array,
  color: string,
  large: boolean,
  sampling: 'lttb' | 'max',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ...namedLine(name, data, color, large, sampling, extra), id };
}
