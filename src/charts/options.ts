/**
 * Pure option builders, one per metric. Each takes API points and returns an ECharts option; the renderer
 * (chart.tsx) only draws it. Times are wall-clock ms drawn with `useUTC: true`, so axes and tooltips read the
 * location's local time whatever the viewer's zone (see lib/time.ts). A comparison period (`compare`) is drawn
 * behind the metric's primary value: a thin dashed muted line, named by its label in the legend and the tooltip.
 */
import type { EChartsCoreOption } from 'echarts/core';

import { alignWindows } from '../analysis/periods';
import type { AvailabilityPoint, DwellTimePoint, DwellUnit, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { escapeHtml } from '../lib/escape-html';
import { formatNumber, percent, percentTick, percentValue, windowLabel } from '../lib/format';
import { DAY_MS } from '../lib/time-spans';
import { timeAxisLabels } from './time-axis';
import {
  PARTIAL_NOTES,
  rowFinder,
  SERIES_DIMENSIONS,
  seriesData,
  seriesPairs,
  toChartRows,
  type ChartRows,
  type Window,
  type Windows,
} from './series';
import {
  overlayTooltip,
  tooltipPosition,
  usualOverlay,
  type AxisParam,
  type UsualOverlay,
  type UsualToday,
} from './usual-overlay';

export interface ChartContext {
  interval: string;
  /** `Europe/Berlin`, or `UTC+09:00` when only offsets are known. */
  zoneLabel: string;
  nowMs: number;
  /** The requested range as wall-clock ms [start, end), so the axis spans it even where data is missing. */
  xRange?: [number, number];
  /** Closed hours and days (wall-clock ms spans) cut out of the axis instead of drawn as empty width. */
  closedSpans?: readonly (readonly [number, number])[];
}

/**
 * A comparison period drawn behind the current one: its windows that pair with one of the current period's on the
 * local calendar (analysis/periods.ts `alignWindows`: metric-option.ts pairs them), drawn `shiftMs` wall-clock ms
 * later (whole calendar days, never n × 24 h of real time) so each lies on the window it is compared with.
 */
export interface Comparison<P> {
  points: readonly P[];
  /** "Previous period", "Same period last year": its legend entry and tooltip line. */
  label: string;
  shiftMs: number;
}

/**
 * The comparison to draw for `current`: the `previous` windows that pair with one of its windows (local date −
 * shiftDays, same wall time; an hour a DST change gives one side only is not drawn), `shiftDays` days later.
 */
export function alignedComparison<P extends { window_start: string }>(
  current: readonly P[],
  previous: readonly P[],
  compare: { label: string; shiftDays: number },
): Comparison<P> {
  const points = alignWindows(current, previous, compare.shiftDays).pairs.flatMap((pair) =>
    pair.previous ? [pair.previous] : [],
  );
  return { points, label: compare.label, shiftMs: compare.shiftDays * DAY_MS };
}

/** Above this many points: no animation, no symbols, sampling on (35k points: ~8 s → ~30 ms to draw). */
export const LARGE_SERIES = 1500;
/** Up to this many points a line shows a symbol on each. */
const SYMBOLS_UP_TO = 100;
/** Above this many points a zoom slider is shown. */
const ZOOMABLE_SERIES = 150;

// Series colours, the same in both themes (each reads at 3:1 or more on the dark panel). Text and the capacity
// line take their colours from the chart theme (echarts.ts), so that they read on either panel. The comparison is
// the utilization chart's muted slate (utilization-options.ts).
const COLORS = { avg: '#2563eb', peak: '#c2410c', traffic: '#0f766e', free: '#15803d', compare: '#64748b' };
/** The comparison series' id: the tooltip tells it from the measured ones by it. */
export const COMPARE_SERIES_ID = 'compare';

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
        COLORS.avg,
        large,
        'lttb',
        {
          markLine: capacityLine(context.capacity),
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        'Peak',
        seriesData(rows, (p) => p.peak_occupancy),
        COLORS.peak,
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
        itemStyle: { color: COLORS.traffic },
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
        COLORS.avg,
        large,
        'lttb',
        {
          markArea: partialAreas(rows),
        },
      ),
      lineSeries(
        'Longest',
        seriesData(rows, (p) => p.peak_dwell_time),
        COLORS.peak,
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
      lineSeries('Free', seriesData(rows, asPercent), COLORS.free, large, 'lttb', {
        areaStyle: { opacity: 0.15 },
        markArea: partialAreas(rows),
      }),
      ...seriesOf(behind),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------

/**
 * Where the plot starts below the legend: one row of entries, or two. The axis names (12 px, 15 px above the plot)
 * sit under the legend's last row, which ends 19 px down with one row and 43 px with two.
 */
export const GRID_TOP = { oneLegendRow: 40, twoLegendRows: 72 } as const;

/** What every time chart shares: the location's wall clock (useUTC), its axis, zoom above `count` points. */
export function timeBase<P extends Window>(
  context: ChartContext,
  rows: ChartRows<P>,
  large: boolean,
  gridRight = 64,
  /** The legend's room: a long one (the usual's entries) takes two rows in a narrow panel (the kiosk's). */
  gridTop: number = GRID_TOP.oneLegendRow,
) {
  const count = rows.length;
  const zoomable = count > ZOOMABLE_SERIES;
  return {
    useUTC: true,
    animation: !large,
    grid: { left: 56, right: gridRight, top: gridTop, bottom: zoomable ? 72 : 40, containLabel: false },
    xAxis: {
      type: 'time',
      min: context.xRange?.[0],
      max: context.xRange?.[1],
      name: context.zoneLabel,
      nameLocation: 'end',
      nameGap: 8,
      nameTextStyle: { align: 'right', verticalAlign: 'top', padding: [28, 0, 0, 0] },
      ...timeAxisLabels({
        ...context,
        windowStarts: context.interval === 'weekly' ? Array.from(rows.x) : undefined,
      }),
    },
    dataZoom: zoomable
      ? [
          { type: 'inside', filterMode: 'none' },
          { type: 'slider', filterMode: 'none', height: 20, bottom: 12, labelFormatter: '' },
        ]
      : [],
  };
}

export function lineSeries(
  name: string,
  /** `seriesData`'s typed array, or `[x, value]` pairs. */
  data: Float64Array | [number, number | null][],
  color: string,
  large: boolean,
  sampling: 'lttb' | 'max',
  extra: Record<string, unknown> = {},
) {
  const typed = data instanceof Float64Array;
  return {
    type: 'line',
    name,
    data,
    ...(typed ? SERIES_DIMENSIONS : {}),
    connectNulls: false,
    // Symbols help on a few points and clutter many (and cost most of the drawing time on very many).
    showSymbol: (typed ? data.length / 2 : data.length) <= SYMBOLS_UP_TO,
    symbolSize: 5,
    sampling: large ? sampling : undefined,
    lineStyle: { width: 1.5, color },
    itemStyle: { color },
    ...extra,
  };
}

function capacityLine(capacity: number) {
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { type: 'dashed', width: 1.5 },
    label: { formatter: `Capacity ${formatNumber(capacity)}`, position: 'insideEndTop' },
    data: [{ yAxis: capacity }],
  };
}

/**
 * Shaded bands over unfinished windows, labelled "so far", and over clipped ones, labelled "partial": each over
 * exactly its window as drawn. A line draws a window from its start to its end; a bar (`bars`) is centred on the
 * window's start, one window wide, so its band is too (from its start to its end, it began in the middle of the bar
 * and covered the empty slot after it).
 */
export function partialAreas<P extends Window>(rows: ChartRows<P>, bars = false) {
  const partial = [...rows.partial].sort(([a], [b]) => a - b);
  const bounds = (i: number): [number, number] => {
    const [start, end] = [rows.x[i]!, rows.xEnd[i]!];
    return bars ? [start - (end - start) / 2, start + (end - start) / 2] : [start, end];
  };
  return {
    silent: true,
    itemStyle: { color: 'rgba(100, 116, 139, 0.12)' },
    label: { show: partial.length <= 12, formatter: '{b}', fontSize: 12 },
    data: partial.map(([i, reason]) => [
      { xAxis: bounds(i)[0], name: PARTIAL_NOTES[reason].band },
      { xAxis: bounds(i)[1] },
    ]),
  };
}

/**
 * Axis tooltip: the window's start and end in local time with the zone, then the metric's lines; on a view of
 * today with the usual drawn, the usual of the hour and, from now on, what is expected (said to be not measured).
 * Every string is escaped: formatter output is HTML.
 */
function tooltip<P extends Window>(
  context: ChartContext,
  rows: ChartRows<P>,
  lines: (point: P) => [string, string][],
  overlay: UsualOverlay | null = null,
  /** The comparison's line at a pointer's params (comparisonLine's `tooltip`), when one is drawn. */
  compared?: (params: readonly (AxisParam | undefined)[]) => string | null,
) {
  const rowAtX = rowFinder(rows);
  return {
    trigger: 'axis',
    confine: true,
    formatter: (params: unknown) => {
      const list = (Array.isArray(params) ? params : [params]) as (AxisParam | undefined)[];
      const { point, x } = tooltipPosition(params, overlay, (p) => p.seriesId !== COMPARE_SERIES_ID);
      const row = rowAtX(point?.value?.[0]);
      const usual = overlayTooltip(overlay, row?.x ?? x, context.zoneLabel);
      const comparison = compared?.(list) ?? null;
      if (!row && comparison === null && !usual.header) return '';
      const head: string[] = [];
      if (row) {
        const label = windowLabel(row.point.window_start, row.point.window_end, context.interval, row.inRepeatedHour);
        head.push(`<b>${escapeHtml(`${label} (${context.zoneLabel})`)}</b>`);
        head.push(...lines(row.point).map(([label, value]) => `${escapeHtml(label)}: <b>${escapeHtml(value)}</b>`));
        if (row.partial) head.push(`<i>${PARTIAL_NOTES[row.partial].tooltip}</i>`);
      } else if (usual.header) {
        head.push(usual.header);
      }
      return [...head, ...(comparison === null ? [] : [comparison]), ...usual.lines].join('<br/>');
    },
  };
}

/**
 * The comparison behind a chart: its rows, its dashed line at the current windows' x (shifted by `shiftMs`) and its
 * tooltip line, which names the comparison and its own window (drawn shifted, the axis alone would give the
 * current period's date). Null without a comparison.
 */
function comparisonLine<P extends Window>(
  context: ChartContext & { compare?: Comparison<P> },
  value: (point: P) => number | null,
  currentLength: number,
) {
  const { compare } = context;
  if (!compare) return null;
  const rows = toChartRows(compare.points, context);
  const rowAtX = rowFinder(rows, compare.shiftMs);
  const large = Math.max(rows.length, currentLength) > LARGE_SERIES;
  return {
    rows,
    label: compare.label,
    series: lineSeries(compare.label, seriesData(rows, value, compare.shiftMs), COLORS.compare, large, 'lttb', {
      id: COMPARE_SERIES_ID,
      // Behind the measured series (z 2), thin and dashed: context, not data of this period.
      z: 1,
      lineStyle: { width: 1, color: COLORS.compare, type: 'dashed' },
      emphasis: { disabled: true },
    }),
    tooltip:
      (text: (point: P) => string) =>
      (params: readonly (AxisParam | undefined)[]): string | null => {
        const param = params.find((p) => p?.value && p.seriesId === COMPARE_SERIES_ID);
        const row = rowAtX(param?.value?.[0]);
        if (!row) return null;
        const window = windowLabel(row.point.window_start, row.point.window_end, context.interval, row.inRepeatedHour);
        return `${escapeHtml(compare.label)} (${escapeHtml(window)}): <b>${escapeHtml(text(row.point))}</b>`;
      },
  };
}

type ComparisonLine = NonNullable<ReturnType<typeof comparisonLine>>;

const legendOf = (line: ComparisonLine | null): string[] => (line ? [line.label] : []);
const seriesOf = (line: ComparisonLine | null) => (line ? [line.series] : []);

/** Above the highest value an axis must show: 5 %. */
const AXIS_HEADROOM = 1.05;

/**
 * The lowest axis maximum at or above `value` that 4 to 8 ticks of a step of 1, 2, 2.5 or 5 × 10^n reach from 0
 * (fewer ticks on a tie): 147 → 150 in steps of 25, 1,575 → 1,600 in steps of 200. Not the next "nice" number
 * above the value, which drew a capacity of 140 on an axis to 200.
 */
export function axisScale(value: number): { max: number; interval: number } {
  let best: { max: number; interval: number } | null = null;
  const magnitude = 10 ** Math.floor(Math.log10(value / 8));
  for (const scale of [magnitude, magnitude * 10]) {
    for (const step of [1, 2, 2.5, 5]) {
      // Rounded to 12 digits: 0.1 × 2 × 6 is not 1.2 in binary.
      const interval = round12(step * scale);
      const ticks = Math.ceil(round12(value / interval));
      if (ticks < 4 || ticks > 8) continue;
      const max = round12(ticks * interval);
      if (!best || max < best.max || (max === best.max && interval > best.interval)) best = { max, interval };
    }
  }
  return best ?? { max: niceCeil(value), interval: niceCeil(value) / 5 };
}

function round12(value: number): number {
  return Number(value.toPrecision(12));
}

/** The smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^n at or above `value`: an axis maximum. */
export function niceCeil(value: number): number {
  return niceAtOrAbove(value, [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]);
}

/** The smallest of 1, 2, 2.5, 5 × 10^n at or above `value`: a tick interval. */
function niceStep(value: number): number {
  return niceAtOrAbove(value, [1, 2, 2.5, 5, 10]);
}

function niceAtOrAbove(value: number, steps: readonly number[]): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return (steps.find((step) => step * magnitude >= value) ?? 10) * magnitude;
}
