/** Small multiples: one average-utilization line per child (utilization-options.ts states the conventions). */
import { t } from '@lingui/core/macro';
import type { EChartsCoreOption } from 'echarts/core';

import type { OccupancyPoint } from '../api/schemas';
import { escapeHtml } from '../lib/escape-html';
import { percent, percentTick, percentValue, windowLabel } from '../lib/format';
import { niceCeil } from './axis-scale';
import { LARGE_SERIES, type ChartContext } from './chart-base';
import { partialNote, rowFinder, seriesData, toChartRows } from './series';
import type { AxisParam } from './usual-tooltip';
import { fullLine, lineSeries, UTILIZATION_COLORS } from './utilization-options';

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
        UTILIZATION_COLORS.avg,
        large,
        'lttb',
      ),
      showSymbol: false,
      xAxisIndex: i,
      yAxisIndex: i,
      areaStyle: { opacity: 0.12 },
      markLine: { ...fullLine(), label: { show: false } },
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
          `${escapeHtml(t`Average`)}: <b>${escapeHtml(percent(row.point.avg_utilization_percentage))}</b>`,
          ...(row.partial ? [`<i>${escapeHtml(partialNote(row.partial).tooltip)}</i>`] : []),
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
