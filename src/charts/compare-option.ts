/**
 * The compare page's chart (features/compare): one line per location, each over its own local wall-clock time
 * (analysis/local-alignment.ts), so the same local hour of every location is one x; the axis says so. Utilization is
 * drawn in percent of each location's capacity (comparable across sizes); counts, people and minutes as they are.
 * Pure; drawn from its recipe (charts/wall-chart-recipe.ts) in the chart worker or on the page, like every chart.
 */
import { t } from '@lingui/core/macro';
import type { EChartsCoreOption } from 'echarts/core';

import type { AlignedPoints } from '../analysis/local-alignment';
import { formatNumber, percentTick } from '../lib/format';
import { GRID_TOP, LARGE_SERIES, lineSeries } from './chart-base';
import { timeAxisLabels } from './time-axis';

/** What a compared value is: a share in percent, people, a count of entries, or minutes. */
export type CompareUnit = 'percent' | 'people' | 'count' | 'minutes';

export interface CompareSeries {
  /** The location's name: its legend entry. */
  name: string;
  points: AlignedPoints;
}

export interface CompareChartContext {
  unit: CompareUnit;
  /** The windows' interval (`60min`, `daily`, …): the axis's ticks. */
  interval: string;
  /** The value axis's name: "% utilization", "people", … */
  valueName: string;
  /** The wall-clock span every location's windows fall in. */
  xRange?: [number, number];
}

/** Eight colours apart from each other on a light and a dark panel, one per location in the order given. */
export const COMPARE_COLORS = ['#2563eb', '#c2410c', '#15803d', '#9333ea', '#0e7490', '#b91c1c', '#a16207', '#db2777'];

export function buildCompareOption(series: readonly CompareSeries[], context: CompareChartContext): EChartsCoreOption {
  const large = series.some((entry) => entry.points.length > LARGE_SERIES);
  const tick = (value: number) => (context.unit === 'percent' ? percentTick(value) : formatNumber(value));
  return {
    useUTC: true,
    animation: !large,
    grid: { left: 56, right: 32, top: GRID_TOP.oneLegendRow + (series.length > 4 ? 24 : 0), bottom: 48 },
    legend: { top: 0, data: series.map((entry) => entry.name) },
    tooltip: { trigger: 'axis', renderMode: 'richText', valueFormatter: (value: number | null) => valueText(value) },
    xAxis: {
      type: 'time',
      min: context.xRange?.[0],
      max: context.xRange?.[1],
      name: localTimeAxisName(),
      nameLocation: 'middle',
      nameGap: 28,
      ...timeAxisLabels({ interval: context.interval, xRange: context.xRange }),
    },
    yAxis: { type: 'value', name: context.valueName, min: 0, axisLabel: { formatter: tick } },
    series: series.map((entry, index) =>
      lineSeries(
        entry.name,
        entry.points.map(([x, y]): [number, number | null] => [x, y]),
        COMPARE_COLORS[index % COMPARE_COLORS.length]!,
        large,
        'lttb',
      ),
    ),
  };

  function valueText(value: number | null): string {
    if (value === null || value === undefined) return t`no data`;
    return context.unit === 'percent' ? percentTick(value) : formatNumber(value);
  }
}

/** The x axis's name: what its times are. */
export function localTimeAxisName(): string {
  return t`local time of each location`;
}
