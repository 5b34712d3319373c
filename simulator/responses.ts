/**
 * Response bodies, shaped by the contract: the metric envelope and the `/now` reading.
 */
import type { LocationNow, Metric, MetricResponse, Pagination } from '../src/api/schemas';
import { utilization, type UtilizationScale } from './aggregate';
import { formatLocalDateTime, localDay } from './local-time';
import type { Location } from './locations';
import type { ResolvedMetricQuery } from './metric-query';
import { sampleAt } from './model';
import { isOpenAt } from './schedule';

/** A metric response (`METRIC_RESPONSE_SCHEMAS`) carrying points of type P. */
export type MetricEnvelope<P> = Omit<MetricResponse, 'data'> & { data: P[] };

export function metricEnvelope<P>(
  metric: Metric,
  location: Location,
  query: ResolvedMetricQuery,
  data: P[],
  pagination: Pagination,
): MetricEnvelope<P> {
  const first = localDay(location.timeZone, query.startDay);
  const last = localDay(location.timeZone, query.endDay);
  return {
    location_id: location.id,
    name: location.name,
    capacity: location.capacity,
    metric,
    interval: query.interval,
    time_range: {
      start: formatLocalDateTime(first.startMs, first.startOffsetMinutes),
      end: formatLocalDateTime(last.endMs, last.endOffsetMinutes),
    },
    days_of_week: query.days,
    hour_range: query.hours,
    data,
    pagination,
  };
}

/** The reading of the 5-minute sample containing `nowMs`; occupancy is null during an outage. */
export function nowReading(location: Location, nowMs: number, seed: number, scale: UtilizationScale): LocationNow {
  const sample = sampleAt(location, nowMs, seed);
  return {
    location_id: location.id,
    name: location.name,
    capacity: location.capacity,
    timestamp: formatLocalDateTime(sample.startMs, sample.offsetMinutes),
    occupancy: sample.occupancy,
    utilization_percentage: sample.occupancy === null ? null : utilization(sample.occupancy, location.capacity, scale),
    is_open: isOpenAt(location, nowMs),
  };
}
