/** The metric charts' parts (options.ts): their colours, the capacity line, the axis tooltip and the comparison's line. */
import { escapeHtml } from '../lib/escape-html';
import { windowLabel } from '../lib/format';
import { partialNote, rowFinder, seriesData, toChartRows, type ChartRows, type Window } from './series';
import type { UsualOverlay } from './usual-overlay';
import { overlayTooltip, tooltipPosition, type AxisParam } from './usual-tooltip';
import { LARGE_SERIES, lineSeries, type ChartContext, type Comparison } from './chart-base';

// Series colours, the same in both themes (each reads at 3:1 or more on the dark panel). Text and the capacity
// line take their colours from the chart theme (echarts.ts), so that they read on either panel. The comparison is
// the utilization chart's muted slate (utilization-options.ts).
export const METRIC_COLORS = {
  avg: '#2563eb',
  peak: '#c2410c',
  traffic: '#0f766e',
  free: '#15803d',
  compare: '#64748b',
};
/** The comparison series' id: the tooltip tells it from the measured ones by it. */
export const COMPARE_SERIES_ID = 'compare';

/**
 * Axis tooltip: the window's start and end in local time with the zone, then the metric's lines; on a view of
 * today with the usual drawn, the usual of the hour and, from now on, what is expected (said to be not measured).
 * Every string is escaped: formatter output is HTML.
 */
export function tooltip<P extends Window>(
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
        if (row.partial) head.push(`<i>${escapeHtml(partialNote(row.partial).tooltip)}</i>`);
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
export function comparisonLine<P extends Window>(
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
    series: lineSeries(compare.label, seriesData(rows, value, compare.shiftMs), METRIC_COLORS.compare, large, 'lttb', {
      id: COMPARE_SERIES_ID,
      // Behind the measured series (z 2), thin and dashed: context, not data of this period.
      z: 1,
      lineStyle: { width: 1, color: METRIC_COLORS.compare, type: 'dashed' },
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

export const legendOf = (line: ComparisonLine | null): string[] => (line ? [line.label] : []);
export const seriesOf = (line: ComparisonLine | null) => (line ? [line.series] : []);
