/**
 * Pure option builders for the capacity-utilization page: utilization over time (with a target band, the 100 %
 * line and an optional comparison period), here; a weekday × hour heatmap (heatmap-option.ts), the distribution of
 * open hours over utilization bands (distribution-option.ts), and small multiples of a building's children
 * (small-multiples-option.ts). Same conventions as options.ts: x values are
 * wall-clock ms drawn with `useUTC: true`, large series lose animation and symbols, every tooltip formatter escapes
 * what it puts in its HTML, and the figure's summary (series-summary.ts) describes the chart, not ECharts' aria.
 *
 * Utilization arrives as fractions (1 = 100 %, may exceed 1) and is drawn in percent (lib/format).
 */
import { t } from '@lingui/core/macro';
import type { EChartsCoreOption } from 'echarts/core';

import type { OccupancyPoint } from '../api/schemas';
import { BOLD, escapeHtml, withBold } from '../lib/escape-html';
import { formatDecimal, percent, percentOf, percentTick, percentValue, windowLabel } from '../lib/format';
import { niceCeil } from './axis-scale';
import {
  capacityLine,
  GRID_TOP,
  LARGE_SERIES,
  lineSeries as namedLine,
  partialAreas,
  timeBase,
  type ChartContext,
  type Comparison,
} from './chart-base';
import { partialNote, rowFinder, seriesData, toChartRows, type ChartRow, type ChartRows } from './series';
import { usualOverlay, type UsualOverlay, type UsualToday } from './usual-overlay';
import { overlayTooltip, tooltipPosition, type AxisParam } from './usual-tooltip';

// The metric pages' series colours, plus the comparison's. Text, the capacity line and cell borders take their
// colours from the chart theme (echarts.ts), so that they read on a light and a dark panel alike.
export const UTILIZATION_COLORS = { avg: '#2563eb', peak: '#c2410c', compare: '#64748b' };

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
  const [average, peakName] = [t`Average`, t`Peak`];
  const series: Record<string, unknown>[] = [
    lineSeries(SERIES_ID.avg, average, seriesData(rows, avg), UTILIZATION_COLORS.avg, large, 'lttb', {
      markLine: fullLine(),
      // One markArea holds both: the target band (a y range across the plot) and the partial windows.
      markArea: { ...partial, data: [...(targetBand ? [targetArea(targetBand)] : []), ...partial.data] },
    }),
    lineSeries(SERIES_ID.peak, peakName, seriesData(rows, peak), UTILIZATION_COLORS.peak, large, 'max'),
  ];
  if (compare) {
    const shifted = seriesData(compareRows, avg, compare.shiftMs);
    series.push(
      lineSeries(SERIES_ID.compare, compare.label, shifted, UTILIZATION_COLORS.compare, large, 'lttb', {
        lineStyle: { width: 1.5, color: UTILIZATION_COLORS.compare, type: 'dashed' },
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
    legend: { top: 0, data: [average, peakName, ...(compare ? [compare.label] : []), ...(overlay?.legend ?? [])] },
    tooltip: overTimeTooltip(context, rows, compareRows, overlay),
    yAxis: {
      type: 'value',
      name: t`% utilization`,
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
      name: t`Target`,
      yAxis: low,
      itemStyle: { color: 'rgba(21, 128, 61, 0.10)' },
      label: {
        show: true,
        formatter: targetName(low, high),
        position: 'insideTopLeft',
        fontSize: 12,
      },
    },
    { yAxis: high },
  ];
}

/** The target band's name: `Target 60.0–80.0 %`. */
function targetName(low: number, high: number): string {
  const band = `${formatDecimal(low)}–${percentOf(high)}`;
  return t`Target ${band}`;
}

/** Capacity on a percentage axis. */
export function fullLine() {
  return capacityLine(100, t`Capacity`);
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
        lines.push(`${escapeHtml(t`Average`)}: <b>${escapeHtml(percent(row.point.avg_utilization_percentage))}</b>`);
        lines.push(`${escapeHtml(t`Peak`)}: <b>${escapeHtml(percent(row.point.peak_utilization_percentage))}</b>`);
        if (row.partial) lines.push(`<i>${escapeHtml(partialNote(row.partial).tooltip)}</i>`);
      } else if (usual.header) {
        lines.push(usual.header);
      }
      if (compareRow && context.compare) {
        const name = context.compare.label;
        const window = label(compareRow);
        const value = BOLD[0];
        const line = t`${name} (${window}): ${value} average`;
        lines.push(withBold(line, percent(compareRow.point.avg_utilization_percentage)));
      }
      lines.push(...usual.lines);
      return lines.join('<br/>');
    },
  };
}

/** A line series of options.ts with an id (the tooltip finds the comparison by it). */
export function lineSeries(
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
