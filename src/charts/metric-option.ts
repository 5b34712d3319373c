/**
 * The option for any metric's pages: flattens the pages and calls the metric's builder.
 */
import type { EChartsCoreOption } from 'echarts/core';

import type { DwellUnit, Metric, MetricResponse } from '../api/schemas';
import { parseLocalDateTime } from '../lib/time';
import {
  buildAvailabilityOption,
  buildDwellTimeOption,
  buildOccupancyOption,
  buildTrafficOption,
  type ChartContext,
} from './options';
import { closedSpans, isSubDaily } from './time-axis';
import type { UsualToday } from './usual-overlay';

export interface MetricChartContext extends ChartContext {
  dwellUnit: DwellUnit;
  /** Cut the hours and days the response does not include out of the time axis (sub-daily views only). */
  hideClosed?: boolean;
  /** Occupancy on a view of exactly today: the usual day drawn behind today's line (charts/usual-overlay.ts). */
  usual?: UsualToday;
}

export function buildMetricOption(
  metric: Metric,
  pages: readonly MetricResponse[],
  context: MetricChartContext,
): EChartsCoreOption {
  const first = pages[0];
  const capacity = first?.capacity ?? 0;
  if (first && !context.xRange) {
    context = {
      ...context,
      xRange: [parseLocalDateTime(first.time_range.start).wallMs, parseLocalDateTime(first.time_range.end).wallMs],
    };
  }
  if (first && context.hideClosed && context.xRange && isSubDaily(context.interval)) {
    const open = { hours: first.hour_range, days: first.days_of_week };
    context = { ...context, closedSpans: closedSpans(context.xRange, open) };
  }
  switch (metric) {
    case 'occupancy':
      return buildOccupancyOption(flatten(pages as MetricResponse<'occupancy'>[]), { ...context, capacity });
    case 'traffic':
      return buildTrafficOption(flatten(pages as MetricResponse<'traffic'>[]), context);
    case 'dwell_time':
      return buildDwellTimeOption(flatten(pages as MetricResponse<'dwell_time'>[]), {
        ...context,
        unit: context.dwellUnit,
      });
    case 'availability':
      return buildAvailabilityOption(flatten(pages as MetricResponse<'availability'>[]), context);
  }
}

export function flatten<T>(pages: readonly { data: readonly T[] }[]): T[] {
  return pages.flatMap((page) => page.data);
}
