/**
 * For tests: the chart rows as objects, and an option with every series' typed array (`seriesData`) as `[x, value]`
 * pairs, null where a value is missing, so that assertions read points, not a flat run of numbers.
 */
import type { EChartsCoreOption } from 'echarts/core';

import { rowAt, seriesPairs, type ChartRow, type ChartRows, type Window } from '../charts/series';

export function withPairs(option: EChartsCoreOption): EChartsCoreOption {
  if (!Array.isArray(option.series)) return option;
  return {
    ...option,
    series: (option.series as { data?: unknown }[]).map((series) =>
      series.data instanceof Float64Array ? { ...series, data: seriesPairs(series.data) } : series,
    ),
  };
}

/** Every row as objects, so that a test reads one window at a time. */
export function rowList<P extends Window>(rows: ChartRows<P>): ChartRow<P>[] {
  return Array.from({ length: rows.length }, (_, i) => rowAt(rows, i));
}
