/**
 * Pure option builders, one per metric. Each takes API points and returns an ECharts option; the renderer
 * (chart.tsx) only draws it. Times are wall-clock ms drawn with `useUTC: true`, so axes and tooltips read the
 * location's local time whatever the viewer's zone (see lib/time.ts). A comparison period (`compare`) is drawn
 * behind the metric's primary value: a thin dashed muted line, named by its label in the legend and the tooltip.
 */
import type { EChartsCoreOption } from 'echarts/core';

import type { AvailabilityPoint, DwellTimePoint, DwellUnit, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { formatNumber, percent, percentTick, percentValue } from '../lib/format';
import { seriesData, seriesPairs, toChartRows, type Windows } from './series';
import { usualOverlay, type UsualToday } from './usual-overlay';

import { AXIS_HEADROOM, axisScale, niceStep } from './axis-scale';
import {
  capacityLine,
  GRID_TOP,
  LARGE_SERIES,
  lineSeries,
  partialAreas,
  timeBase,
  type ChartContext,
  type Comparison,
} from './chart-base';
import { comparisonLine, legendOf, METRIC_COLORS, seriesOf, tooltip } from './metric-chart-parts';

export function buildOccupancyOption(
  windows: Windows<OccupancyPoint>,
  /** `usual`: the usual day behind today's line (charts/usual-overlay.ts), on a view of exactly today only. */
  context: ChartContext & { capacity: number; usual?: UsualToday; compare?: Comparison<OccupancyPoint> },
): EChartsCoreOption {
  const rows = toChartRows(windows, context);
  const behind = comparisonLine(context, (p) => p.avg_occupancy, rows.length);
  const large = rows.length > LARGE_SERIES;
  const overlay = context.usual
    ? usualOverlay(context.usual.day, { ...context.usual, scale: 1, unit: 'people' })
    : null;
  // A loop, not Math.max(...points): spreading hundreds of thousands of arguments overflows the stack.
  const maxPeak = [...rows.points, ...(behind?.rows.points ?? [])].reduce(
    (max, p) => Math.max(max, p.peak_occupancy),
    overlay?.max ?? 0,
  );
  // To the larger of capacity and the data, with a little headroom so the capacity line is not the frame.
  const people = axisScale(Math.max(context.capacity, maxPeak, 1) * AXIS_HEADROOM);
  const peopleMax = people.max;
  const percentMax = context.capacity > 0 ? (peopleMax / context.capacity) * 100 : 100;
  return {
    ...timeBase(context, rows, large, 64, overlay ? GRID_TOP.twoLegendRows : GRID_TOP.oneLegendRow),
    legend: { top: 0, data: ['Average', 'Peak', ...legendOf(behind), ...(overlay?.legend ?? [])] },
    tooltip: tooltip(
      context,
      rows,
      (p) => [
        ['Average', `${formatNumber(p.avg_occupancy)} people (${percent(p.avg_utilization_percentage)})`],
        ['Peak', `${formatNumber(p.peak_occupancy)} people (${percent(p.peak_utilization_percentage)})`],
      ],
      overlay,
      behind?.tooltip((p) => `${formatNumber(p.avg_occupancy)} people average`),
    ),
    yAxis: [
      {
        type: 'value',
        name: 'People',
        min: 0,
        max: peopleMax,
        interval: people.interval,
        axisLabel: { formatter: formatNumber },
      },
      {
        type: 'value',
        name: '% utilization',
        min: 0,
        max: percentMax,
        interval: niceStep(percentMax / 5),
        axisLabel: { formatter: percentTick, showMaxLabel: false },
        splitLine: { show: false },
      },
    ],
    series: [
      lineSeries(
        'Average',
        seriesData(rows, (p) => p.avg_occupancy),
        METRIC_COLORS.avg,
        large,
        'lttb',
        {
          markLine: capacityLine(context.capacity, `Capacity ${formatNumber(context.capacity)}`),
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        'Peak',
        seriesData(rows, (p) => p.peak_occupancy),
        METRIC_COLORS.peak,
        large,
        'max',
      ),
      ...seriesOf(behind),
      ...(overlay?.series ?? []),
    ],
  };
}

export function buildTrafficOption(
  windows: Windows<TrafficPoint>,
  context: ChartContext & { compare?: Comparison<TrafficPoint> },
): EChartsCoreOption {
  const rows = toChartRows(windows, context);
  const behind = comparisonLine(context, (p) => p.traffic, rows.length);
  const large = rows.length > LARGE_SERIES;
  const partialXs = new Set([...rows.partial.keys()].map((i) => rows.x[i]!));
  return {
    ...timeBase(context, rows, large),
    ...(behind ? { legend: { top: 0, data: ['Entries', ...legendOf(behind)] } } : {}),
    tooltip: tooltip(
      context,
      rows,
      (p) => [['Entries', formatNumber(p.traffic)]],
      null,
      behind?.tooltip((p) => `${formatNumber(p.traffic)} entries`),
    ),
    yAxis: { type: 'value', name: 'Entries', min: 0, axisLabel: { formatter: formatNumber } },
    series: [
      {
        type: 'bar',
        name: 'Entries',
        large,
        barMaxWidth: 24,
        itemStyle: { color: METRIC_COLORS.traffic },
        // Pairs, not the typed array: a partial window's bar has a style of its own.
        data: seriesPairs(seriesData(rows, (p) => p.traffic)).map(([x, value]) =>
          partialXs.has(x) ? { value: [x, value], itemStyle: { opacity: 0.45 } } : [x, value],
        ),
        markArea: partialAreas(rows, true),
      },
      ...seriesOf(behind),
    ],
  };
}

export function buildDwellTimeOption(
  windows: Windows<DwellTimePoint>,
  context: ChartContext & { unit: DwellUnit; compare?: Comparison<DwellTimePoint> },
): EChartsCoreOption {
  const rows = toChartRows(windows, context);
  const behind = comparisonLine(context, (p) => p.avg_dwell_time, rows.length);
  const large = rows.length > LARGE_SERIES;
  const withUnit = (value: number | null) => (value === null ? 'no data' : `${formatNumber(value)} ${context.unit}`);
  return {
    ...timeBase(context, rows, large),
    legend: { top: 0, data: ['Average', 'Longest', ...legendOf(behind)] },
    tooltip: tooltip(
      context,
      rows,
      (p) => [
        ['Average', withUnit(p.avg_dwell_time)],
        ['Longest', withUnit(p.peak_dwell_time)],
      ],
      null,
      behind?.tooltip((p) => `${withUnit(p.avg_dwell_time)} average`),
    ),
    yAxis: { type: 'value', name: `Dwell time (${context.unit})`, min: 0, axisLabel: { formatter: formatNumber } },
    series: [
      lineSeries(
        'Average',
        seriesData(rows, (p) => p.avg_dwell_time),
        METRIC_COLORS.avg,
        large,
        'lttb',
        {
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        'Longest',
        seriesData(rows, (p) => p.peak_dwell_time),
        METRIC_COLORS.peak,
        large,
        'max',
      ),
      ...seriesOf(behind),
    ],
  };
}

export function buildAvailabilityOption(
  windows: Windows<AvailabilityPoint>,
  context: ChartContext & { compare?: Comparison<AvailabilityPoint> },
): EChartsCoreOption {
  const rows = toChartRows(windows, context);
  const asPercent = (p: AvailabilityPoint) =>
    p.availability_percentage === null ? null : percentValue(p.availability_percentage);
  const behind = comparisonLine(context, asPercent, rows.length);
  const large = rows.length > LARGE_SERIES;
  const free = (p: AvailabilityPoint) =>
    p.availability_percentage === null ? 'no data' : percent(p.availability_percentage);
  return {
    ...timeBase(context, rows, large),
    ...(behind ? { legend: { top: 0, data: ['Free', ...legendOf(behind)] } } : {}),
    tooltip: tooltip(
      context,
      rows,
      (p) => [['Free', free(p)]],
      null,
      behind?.tooltip((p) => `${free(p)} free`),
    ),
    yAxis: { type: 'value', name: '% of time free', min: 0, max: 100, axisLabel: { formatter: percentTick } },
    series: [
      lineSeries('Free', seriesData(rows, asPercent), METRIC_COLORS.free, large, 'lttb', {
        areaStyle: { opacity: 0.15 },
        markArea: partialAreas(rows),
      }),
      ...seriesOf(behind),
    ],
  };
}
