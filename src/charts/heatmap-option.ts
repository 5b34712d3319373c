/** The utilization page's weekday × hour heatmap (utilization-options.ts states the conventions). */
import { plural, t } from '@lingui/core/macro';
import type { EChartsCoreOption } from 'echarts/core';

import { escapeHtml } from '../lib/escape-html';
import { formatHour, percent, percentOf, percentValue } from '../lib/format';
import { hourRangeTest } from '../lib/time';
import { HEATMAP_PALETTE_LIGHT, NO_DATA_SCALE_LIGHT } from './heatmap-palette';

/** The busiest-times scale as drawn on a light panel (charts/echarts.ts swaps in the dark one on a dark panel). */
export const UTILIZATION_PALETTE = HEATMAP_PALETTE_LIGHT;
const NO_DATA_COLOR = NO_DATA_SCALE_LIGHT[0]!;

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
            ? t`${when}: no data (outside filters or hours)`
            : cellWords(when, cell.value, cell.windows, context.mode);
        const zone = context.zoneLabel;
        return `${escapeHtml(text)}<br/><span style="opacity:0.8">${escapeHtml(t`Local time, ${zone}`)}</span>`;
      },
    },
    xAxis: {
      type: 'category',
      data: Array.from({ length: HOURS }, (_, hour) => pad2(hour)),
      name: hourAxisName(context.zoneLabel),
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
        name: context.mode === 'average' ? t`Average utilization` : t`Peak utilization`,
        data,
        label: { show: false },
        itemStyle: { borderWidth: 1 },
        emphasis: { itemStyle: { borderWidth: 2 } },
      },
      {
        type: 'heatmap',
        id: 'no-data',
        name: t`No data`,
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

/** `Mon 07:00–08:00: 25.1 % average utilization (4 windows)`. */
function cellWords(when: string, value: number, windows: number, mode: HeatmapContext['mode']): string {
  const share = percent(value);
  return mode === 'average'
    ? t`${when}: ${share} average utilization (${plural(windows, { one: '# window', other: '# windows' })})`
    : t`${when}: ${share} peak utilization (${plural(windows, { one: '# window', other: '# windows' })})`;
}

/** `Hour (Europe/Berlin)`. */
function hourAxisName(zone: string): string {
  return t`Hour (${zone})`;
}

function cellKey(day: number, hour: number): number {
  return day * HOURS + hour;
}
