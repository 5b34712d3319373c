/**
 * For tests: an option with every series' typed array (`seriesData`) as `[x, value]` pairs, null where a value is
 * missing, so that assertions read points, not a flat run of numbers.
 */
import type { EChartsCoreOption } from 'echarts/core';

import { seriesPairs } from './series';

export function withPairs(option: EChartsCoreOption): EChartsCoreOption {
  if (!Array.isArray(option.series)) return option;
  return {
    ...option,
    series: (option.series as { data?: unknown }[]).map((series) =>
      series.data instanceof Float64Array ? { ...series, data: seriesPairs(series.data) } : series,
    ),
  };
}
