/**
 * What every time chart's option shares (options.ts, utilization-options.ts): the chart's context, a comparison
 * period and its windows that pair with the current ones, the time axis and zoom, line series and the bands over
 * partial windows. Times are wall-clock ms drawn with `useUTC: true` (lib/time.ts).
 */
import { alignWindows } from '../analysis/periods';
import { DAY_MS } from '../lib/time-spans';
import { timeAxisLabels } from './time-axis';
import { partialNote, SERIES_DIMENSIONS, type ChartRows, type Window } from './series';

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

/**
 * Above this many points: no animation, no symbols, sampling on, so that a year at 15 minutes draws in a frame or
 * two rather than seconds (`npm run bench`'s final-draw rows measure it).
 */
export const LARGE_SERIES = 1500;
/** Up to this many points a line shows a symbol on each. */
const SYMBOLS_UP_TO = 100;
/** Above this many points a zoom slider is shown. */
const ZOOMABLE_SERIES = 150;

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

/** The dashed line at a capacity, `at` on the value axis (people, or 100 on a percentage axis), named by `label`. */
export function capacityLine(at: number, label: string) {
  return {
    silent: true,
    symbol: 'none',
    lineStyle: { type: 'dashed', width: 1.5 },
    label: { formatter: label, position: 'insideEndTop' },
    data: [{ yAxis: at }],
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
      { xAxis: bounds(i)[0], name: partialNote(reason).band },
      { xAxis: bounds(i)[1] },
    ]),
  };
}
