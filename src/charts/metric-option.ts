/**
 * The option for any metric's pages: hands the pages to the metric's builder, with the comparison period's windows
 * paired with this period's on the local calendar (analysis/periods.ts `alignWindows`, as the utilization chart's).
 */
import type { EChartsCoreOption } from 'echarts/core';

import type {
  AvailabilityPoint,
  DwellTimePoint,
  DwellUnit,
  Metric,
  MetricResponse,
  OccupancyPoint,
  TrafficPoint,
} from '../api/schemas';
import { parseLocalDateTime } from '../lib/time';
import { alignedComparison, type ChartContext, type Comparison } from './chart-base';
import { buildAvailabilityOption, buildDwellTimeOption, buildOccupancyOption, buildTrafficOption } from './options';
import type { Window, Windows } from './series';
import { closedDaySpans, closedSpans, isSubDaily } from './time-axis';
import type { UsualToday } from './usual-overlay';

export interface MetricChartContext extends ChartContext {
  dwellUnit: DwellUnit;
  /** Cut the hours and days the response does not include out of the time axis (sub-daily views only). */
  hideClosed?: boolean;
  /** Occupancy on a view of exactly today: the usual day drawn behind today's line (charts/usual-overlay.ts). */
  usual?: UsualToday;
  /** A comparison period, drawn behind the metric's primary value (never in the figures, the table or the CSV). */
  compare?: MetricComparison;
}

export interface MetricComparison {
  /** The comparison period's windows: the same request over the compared dates (cut where this period ends). */
  points: readonly Window[];
  /** "Previous period", "Same period last year". */
  label: string;
  /** Calendar days from the comparison's start to the range's (analysis/periods.ts `ComparisonRange`). */
  shiftDays: number;
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
  } else if (first && context.hideClosed && context.xRange && context.interval === 'daily') {
    context = { ...context, closedSpans: closedDaySpans(context.xRange, first.days_of_week) };
  }
  const compare = comparisonOf(pages, context.compare);
  switch (metric) {
    case 'occupancy':
      return buildOccupancyOption(windowsOf(pages as MetricResponse<'occupancy'>[]), {
        ...context,
        capacity,
        compare: compare as Comparison<OccupancyPoint> | undefined,
      });
    case 'traffic':
      return buildTrafficOption(windowsOf(pages as MetricResponse<'traffic'>[]), {
        ...context,
        compare: compare as Comparison<TrafficPoint> | undefined,
      });
    case 'dwell_time':
      return buildDwellTimeOption(windowsOf(pages as MetricResponse<'dwell_time'>[]), {
        ...context,
        unit: context.dwellUnit,
        compare: compare as Comparison<DwellTimePoint> | undefined,
      });
    case 'availability':
      return buildAvailabilityOption(windowsOf(pages as MetricResponse<'availability'>[]), {
        ...context,
        compare: compare as Comparison<AvailabilityPoint> | undefined,
      });
  }
}

/** The comparison's windows that pair with one of this period's (chart-base.ts `alignedComparison`). */
function comparisonOf(
  pages: readonly MetricResponse[],
  compare: MetricComparison | undefined,
): Comparison<Window> | undefined {
  if (!compare) return undefined;
  const windowsIn = (of: readonly { data: readonly Window[] }[]) => of.flatMap((page): readonly Window[] => page.data);
  return alignedComparison(windowsIn(pages), compare.points, compare);
}

/** The pages' windows, page by page: each page's times are read once however often the chart is redrawn. */
function windowsOf<T extends Window>(pages: readonly { data: readonly T[] }[]): Windows<T> {
  return { pages: pages.map((page) => page.data) };
}
