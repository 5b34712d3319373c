/** Filters → API request: a range resolved to dates on the location's calendar, and the request's fields. */
import type { DateSpan } from '../analysis/periods';
import type { RangePreset } from '../lib/range-presets';
import { addDays, addMonths, startOfMonth, todayIn, type LocationZone } from '../lib/time';
import type { UiInterval } from '../metrics/definitions';
import { normalizeDays } from './filter-rules';
import type { Filters, RangeChoice } from './model';

/**
 * The dates a range means at `nowMs`, in the location's zone. Calendar arithmetic on local dates, so a DST
 * change inside the range changes nothing: '7d' is always seven calendar days.
 */
export function resolveRange(range: RangeChoice, zone: LocationZone, nowMs: number): DateSpan {
  if (range.kind === 'custom') return { start: range.from, end: range.to };
  return PRESET_RESOLVERS[range.preset](todayIn(zone, nowMs));
}

const lastDays =
  (count: number) =>
  (today: string): DateSpan => ({ start: addDays(today, 1 - count), end: today });

const PRESET_RESOLVERS: Record<RangePreset, (today: string) => DateSpan> = {
  today: lastDays(1),
  yesterday: (today) => ({ start: addDays(today, -1), end: addDays(today, -1) }),
  '7d': lastDays(7),
  '30d': lastDays(30),
  '90d': lastDays(90),
  'this-month': (today) => ({ start: startOfMonth(today), end: today }),
  'last-month': (today) => ({ start: startOfMonth(addMonths(today, -1)), end: addDays(startOfMonth(today), -1) }),
  ytd: (today) => ({ start: `${today.slice(0, 4)}-01-01`, end: today }),
  '12m': (today) => ({ start: addDays(addMonths(today, -12), 1), end: today }),
};

export interface MetricRequest {
  start_date: string;
  end_date: string;
  interval: UiInterval;
  start_hour_filter?: number;
  end_hour_filter?: number;
  days_filter?: string;
}

/** The query for the API: resolved dates, and only the filters that are set. */
export function toMetricRequest(filters: Filters, zone: LocationZone, nowMs: number): MetricRequest {
  const { start, end } = resolveRange(filters.range, zone, nowMs);
  const request: MetricRequest = { start_date: start, end_date: end, interval: filters.interval };
  if (filters.startHour !== null) request.start_hour_filter = filters.startHour;
  if (filters.endHour !== null) request.end_hour_filter = filters.endHour;
  if (filters.days !== null) request.days_filter = normalizeDays(filters.days).join('');
  return request;
}
