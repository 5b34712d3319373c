/**
 * Planning a view, purely: (filters, the location's clock, now, its record) → what to ask the server for, how
 * large that is, and the keys that identify it. No React, no fetching; the metric page renders what this says.
 */
import { comparisonRange, type ComparisonMode, type ComparisonRange } from '../analysis/periods';
import type { LocationRecord } from '../api/schemas';
import { todayIn, type LocationZone } from '../lib/time';
import type { MetricDefinition } from '../metrics/definitions';
import { estimatePages, isLargeRequest, type EstimateInput } from '../metrics/page-estimate';
import { isOpenRange } from '../metrics/queries';
import { toMetricRequest, type MetricRequest } from './filter-request';
import type { Filters, RangeChoice } from './model';

export interface ViewPlanInput {
  locationId: number;
  definition: MetricDefinition;
  filters: Filters;
  zone: LocationZone;
  nowMs: number;
  record: LocationRecord | undefined;
  /** The period to compare with (`compare=previous|year`, filters/compare.ts), or none. */
  compare?: ComparisonMode | null;
}

/** The comparison period's part of a plan: the same request (interval, hours, days) over the compared dates. */
export interface ComparisonPlan {
  mode: ComparisonMode;
  /** The compared dates, and how many calendar days they start before the range (analysis/periods.ts). */
  range: ComparisonRange;
  request: MetricRequest;
  /** The compared dates reach today (a range of today compared with the same day last week does not). */
  open: boolean;
  /** The size estimate's input (the range's, over the compared dates), and its pages. */
  estimate: EstimateInput;
  estimatedPages: number;
}

export interface ViewPlan {
  request: MetricRequest;
  /** The location's date now. */
  today: string;
  /** The range reaches today, so its data still changes. */
  open: boolean;
  estimate: EstimateInput;
  /** This period's pages (not the comparison's: `comparison.estimatedPages`). */
  estimatedPages: number;
  /** The comparison period, when one is asked for: its request and size. */
  comparison: ComparisonPlan | null;
  /** Changes whenever what is asked for changes (a rolling range moves on at the location's midnight). */
  requestKey: string;
  /**
   * What a "load anyway" confirms: the view as its link states it (the comparison included), so a rolling range
   * confirmed once stays confirmed as it rolls on, day after day.
   */
  confirmKey: string;
  /** Large enough, with the comparison's pages, to ask before walking every page. */
  large: boolean;
}

export function planView({ locationId, definition, filters, zone, nowMs, record, compare }: ViewPlanInput): ViewPlan {
  const request = toMetricRequest(filters, zone, nowMs);
  const today = todayIn(zone, nowMs);
  const estimate: EstimateInput = {
    start: request.start_date,
    end: request.end_date,
    today,
    interval: filters.interval,
    hours: {
      start: filters.startHour ?? record?.operating_hours?.start ?? 0,
      end: filters.endHour ?? record?.operating_hours?.end ?? 23,
    },
    days: filters.days ?? record?.operating_days ?? [1, 2, 3, 4, 5, 6, 7],
  };
  const estimatedPages = estimatePages(estimate);
  const comparison = compare ? planComparison(compare, filters, request, estimate) : null;
  const { view: _view, ...asked } = filters;
  return {
    request,
    today,
    open: isOpenRange(request, today),
    estimate,
    estimatedPages,
    comparison,
    requestKey: JSON.stringify([locationId, definition.metric, request]),
    confirmKey: JSON.stringify([locationId, definition.metric, asked, ...(compare ? [compare] : [])]),
    large: isLargeRequest(estimatedPages + (comparison?.estimatedPages ?? 0)),
  };
}

/**
 * The comparison of a request: its dates by `comparedDates`, everything else as asked. Decided from the filters and
 * the clock alone, never from a response.
 */
function planComparison(
  mode: ComparisonMode,
  filters: Filters,
  request: MetricRequest,
  estimate: EstimateInput,
): ComparisonPlan {
  const range = comparedDates(filters.range, request, mode);
  const compared = { ...request, start_date: range.start, end_date: range.end };
  const comparedEstimate = { ...estimate, start: range.start, end: range.end };
  return {
    mode,
    range,
    request: compared,
    open: isOpenRange(compared, estimate.today),
    estimate: comparedEstimate,
    estimatedPages: estimatePages(comparedEstimate),
  };
}

/**
 * The dates a request for `range` is compared with (analysis/periods.ts): the month presets, "this month" and "last
 * month", with the calendar months before them; any other range, a custom one of the same dates included, with the
 * dates whole weeks (or 52 weeks) earlier. The utilization and metric pages and the portfolio's rows all use it.
 */
export function comparedDates(range: RangeChoice, request: MetricRequest, mode: ComparisonMode): ComparisonRange {
  const monthPreset = range.kind === 'preset' && (range.preset === 'this-month' || range.preset === 'last-month');
  return comparisonRange({ start: request.start_date, end: request.end_date }, mode, monthPreset);
}

/** The zone whose date is the earliest on Earth (UTC−12): a date before its today is over everywhere. */
const EARLIEST_ZONE: LocationZone = { kind: 'offset', offsetMinutes: -12 * 60 };

/**
 * The plan of a chart whose dates are pinned in its link (`from`/`to`) and over in every time zone, known before the
 * location's clock: a custom range needs no zone to resolve, and a range that ends before today's date at UTC−12
 * (the earliest date on Earth) is history wherever the location is. Its data can then be asked for at once, beside
 * `/locations` and any clock probe; the page asks for the same request, so the same query.
 * Null for a rolling range, a range that may still reach today somewhere, the table (one page at a time), and a
 * request that may be large (estimated with every hour and day, an upper bound: it waits to be confirmed).
 */
export function pinnedChartPlan(input: Omit<ViewPlanInput, 'zone' | 'record'>): ViewPlan | null {
  const { filters, nowMs } = input;
  if (filters.range.kind !== 'custom' || filters.view !== 'chart') return null;
  if (filters.range.to >= todayIn(EARLIEST_ZONE, nowMs)) return null;
  const plan = planView({ ...input, zone: EARLIEST_ZONE, record: undefined });
  return plan.large || plan.open ? null : plan;
}
