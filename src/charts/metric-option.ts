/**
 * The option for any metric's pages: hands the pages to the metric's builder.
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
import { windowTimes, type Window, type Windows } from './series';
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
      return buildOccupancyOption(windowsOf(pages as MetricResponse<'occupancy'>[]), { ...context, capacity });
    case 'traffic':
      return buildTrafficOption(windowsOf(pages as MetricResponse<'traffic'>[]), context);
    case 'dwell_time':
      return buildDwellTimeOption(windowsOf(pages as MetricResponse<'dwell_time'>[]), {
        ...context,
        unit: context.dwellUnit,
      });
    case 'availability':
      return buildAvailabilityOption(windowsOf(pages as MetricResponse<'availability'>[]), context);
  }
}

/**
 * Reads the times of pages that have arrived (each page once, kept with it), so that a chart drawn when the last
 * page comes in finds the earlier ones read: called as pages stream in, between two drawings.
 */
export function readPageTimes(pages: readonly { data: readonly Window[] }[]): void {
  for (const page of pages) windowTimes(page.data);
}

/** The pages' windows, page by page: each page's times are read once however often the chart is redrawn. */
function windowsOf<T extends Window>(pages: readonly { data: readonly T[] }[]): Windows<T> {
  return { pages: pages.map((page) => page.data) };
}
