/**
 * Pure option builders, one per metric. Each takes API points and returns an ECharts option; the renderer
 * (chart.tsx) only draws it. Times are wall-clock ms drawn with `useUTC: true`, so axes and tooltips read the
 * location's local time whatever the viewer's zone (see lib/time.ts). A comparison period (`compare`) is drawn
 * behind the metric's primary value: a thin dashed muted line, named by its label in the legend and the tooltip.
 */
import { plural, t } from '@lingui/core/macro';
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
  const [average, peak] = [t`Average`, t`Peak`];
  return {
    ...timeBase(context, rows, large, 64, overlay ? GRID_TOP.twoLegendRows : GRID_TOP.oneLegendRow),
    legend: { top: 0, data: [average, peak, ...legendOf(behind), ...(overlay?.legend ?? [])] },
    tooltip: tooltip(
      context,
      rows,
      (p) => [
        [average, peopleShare(p.avg_occupancy, p.avg_utilization_percentage)],
        [peak, peopleShare(p.peak_occupancy, p.peak_utilization_percentage)],
      ],
      overlay,
      behind?.tooltip((p) => peopleAverage(p.avg_occupancy)),
    ),
    yAxis: [
      {
        type: 'value',
        name: t`People`,
        min: 0,
        max: peopleMax,
        interval: people.interval,
        // A short chart (a phone-sized wall's today) shows every other tick's label rather than a pile of them.
        axisLabel: { formatter: formatNumber, hideOverlap: true },
      },
      {
        type: 'value',
        name: t`% utilization`,
        min: 0,
        max: percentMax,
        interval: niceStep(percentMax / 5),
        axisLabel: { formatter: percentTick, showMaxLabel: false, hideOverlap: true },
        splitLine: { show: false },
      },
    ],
    series: [
      lineSeries(
        average,
        seriesData(rows, (p) => p.avg_occupancy),
        METRIC_COLORS.avg,
        large,
        'lttb',
        {
          markLine: capacityLine(context.capacity, capacityName(context.capacity)),
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        peak,
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
  const entries = t`Entries`;
  return {
    ...timeBase(context, rows, large),
    ...(behind ? { legend: { top: 0, data: [entries, ...legendOf(behind)] } } : {}),
    tooltip: tooltip(
      context,
      rows,
      (p) => [[entries, formatNumber(p.traffic)]],
      null,
      behind?.tooltip((p) => plural(p.traffic, { one: '# entry', other: '# entries' })),
    ),
    yAxis: { type: 'value', name: entries, min: 0, axisLabel: { formatter: formatNumber } },
    series: [
      {
        type: 'bar',
        name: entries,
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
  const seconds = context.unit === 'seconds';
  const withUnit = (value: number | null) => {
    if (value === null) return t`no data`;
    const amount = formatNumber(value);
    return seconds ? t`${amount} seconds` : t`${amount} minutes`;
  };
  const [average, longest] = [t`Average`, t`Longest`];
  return {
    ...timeBase(context, rows, large),
    legend: { top: 0, data: [average, longest, ...legendOf(behind)] },
    tooltip: tooltip(
      context,
      rows,
      (p) => [
        [average, withUnit(p.avg_dwell_time)],
        [longest, withUnit(p.peak_dwell_time)],
      ],
      null,
      behind?.tooltip((p) => {
        const value = withUnit(p.avg_dwell_time);
        return t`${value} average`;
      }),
    ),
    yAxis: {
      type: 'value',
      name: seconds ? t`Dwell time (seconds)` : t`Dwell time (minutes)`,
      min: 0,
      axisLabel: { formatter: formatNumber },
    },
    series: [
      lineSeries(
        average,
        seriesData(rows, (p) => p.avg_dwell_time),
        METRIC_COLORS.avg,
        large,
        'lttb',
        {
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        longest,
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
    p.availability_percentage === null ? t`no data` : percent(p.availability_percentage);
  const freeName = t`Free`;
  return {
    ...timeBase(context, rows, large),
    ...(behind ? { legend: { top: 0, data: [freeName, ...legendOf(behind)] } } : {}),
    tooltip: tooltip(
      context,
      rows,
      (p) => [[freeName, free(p)]],
      null,
      behind?.tooltip((p) => {
        const share = free(p);
        return t`${share} free`;
      }),
    ),
    yAxis: { type: 'value', name: t`% of time free`, min: 0, max: 100, axisLabel: { formatter: percentTick } },
    series: [
      lineSeries(freeName, seriesData(rows, asPercent), METRIC_COLORS.free, large, 'lttb', {
        areaStyle: { opacity: 0.15 },
        markArea: partialAreas(rows),
      }),
      ...seriesOf(behind),
    ],
  };
}

/** `1,424 people (25.1 %)`: people and their share of capacity, as a tooltip line says them. */
function peopleShare(people: number, share: number): string {
  const count = formatNumber(people);
  const percentage = percent(share);
  return t`${count} people (${percentage})`;
}

/** `1,424 people average`: the comparison line's value in a tooltip. */
function peopleAverage(people: number): string {
  const count = formatNumber(people);
  return t`${count} people average`;
}

/** The capacity line's name: `Capacity 1,424`. */
export function capacityName(capacity: number): string {
  const places = formatNumber(capacity);
  return t`Capacity ${places}`;
}
