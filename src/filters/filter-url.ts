/** Filters → URL: the parameters that state them (defaults left out), and the link a "Copy link" gives. */
import type { LocationZone } from '../lib/time';
import type { MetricDefinition } from '../metrics/definitions';
import { normalizeDays, validateHours } from './filter-rules';
import { resolveRange } from './filter-request';
import {
  defaultIntervalFor,
  FILTER_PARAMS,
  sameRange,
  type FilterDefaults,
  type Filters,
  type RangeChoice,
  type HourPair,
} from './model';

/**
 * The URL parameters for `filters`. Ordinary URLs leave out what equals the default (range, interval, the
 * chart view) so they stay short; `explicit: true` writes range and interval even then, so the link means
 * the same thing if the defaults change.
 */
export function serializeFilters(
  filters: Filters,
  metric: MetricDefinition,
  defaults: FilterDefaults,
  options: { explicit?: boolean } = {},
): URLSearchParams {
  const explicit = options.explicit ?? false;
  const params = new URLSearchParams();
  if (explicit || !sameRange(filters.range, defaults.range)) {
    if (filters.range.kind === 'preset') params.set('range', filters.range.preset);
    else {
      params.set('from', filters.range.from);
      params.set('to', filters.range.to);
    }
  }
  if (explicit || filters.interval !== defaultIntervalFor(metric, defaults)) params.set('interval', filters.interval);
  if (filters.startHour !== null || filters.endHour !== null) {
    params.set('hours', `${filters.startHour ?? ''}-${filters.endHour ?? ''}`);
  }
  if (filters.days !== null) params.set('days', filters.days.join(''));
  if (filters.view === 'table') params.set('view', 'table');
  if (filters.closed !== undefined) params.set('closed', filters.closed);
  return params;
}

/** `current` with its filter parameters replaced by `filterParams`; every other parameter is kept. */
export function withFilterParams(current: URLSearchParams, filterParams: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(filterParams);
  const owned: readonly string[] = FILTER_PARAMS;
  for (const [name, value] of current) if (!owned.includes(name)) next.append(name, value);
  return next;
}

/**
 * The "copy link" payload: every filter written out, so the link shows the same thing to someone whose
 * defaults differ. A preset stays rolling unless `pin` (then the dates it means now); unset hours and days
 * become what the server applied (`applied`, its echo), when known; the view only when it is the table.
 */
export function copyLinkParams(
  filters: Filters,
  metric: MetricDefinition,
  defaults: FilterDefaults,
  options: {
    pin: boolean;
    zone: LocationZone;
    nowMs: number;
    applied?: { hours: { start: number; end: number }; days: number[] };
  },
): URLSearchParams {
  const { pin, zone, nowMs, applied } = options;
  const range = pin ? pinRange(filters.range, zone, nowMs) : filters.range;
  const hours = linkHours(filters, applied?.hours);
  const days = filters.days ?? (applied && applied.days.length > 0 ? normalizeDays(applied.days) : null);
  const linked: Filters = { ...filters, range, startHour: hours.start, endHour: hours.end, days };
  return serializeFilters(linked, metric, defaults, { explicit: true });
}

function pinRange(range: RangeChoice, zone: LocationZone, nowMs: number): RangeChoice {
  const { start, end } = resolveRange(range, zone, nowMs);
  return { kind: 'custom', from: start, to: end };
}

/** The filter's hours, each unset end taken from the server's echo (whose end may be 24, meaning midnight). */
function linkHours(filters: Filters, applied: { start: number; end: number } | undefined): HourPair {
  const own: HourPair = { start: filters.startHour, end: filters.endHour };
  if (!applied) return own;
  const merged: HourPair = {
    start: own.start ?? clampHour(applied.start),
    end: own.end ?? clampHour(applied.end),
  };
  return validateHours(merged.start, merged.end) === null ? merged : own;
}

function clampHour(hour: number): number {
  return Math.min(23, Math.max(0, Math.trunc(hour)));
}
