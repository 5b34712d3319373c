/**
 * The contract of the Location Metrics API v2 (docs/api.md: the API as the dashboard uses it), as zod schemas.
 *
 * This is the one file the simulator imports from the app. Response schemas are resilient: unknown extra
 * fields are stripped, not rejected, and `metric` is an open string. Query schemas are strict: what the
 * spec forbids is refused before any request is sent (client) or answered with 400 (simulator).
 */
import * as z from 'zod/mini';

// Before any schema is built: no validator compiled with `new Function`, under a strict content policy.
import './zod-config';

// ---------------------------------------------------------------------------------------------------
// Metrics and intervals (spec 4.1)

export const METRICS = ['occupancy', 'traffic', 'dwell_time', 'availability'] as const;
export type Metric = (typeof METRICS)[number];

export const INTERVALS = {
  occupancy: ['daily', 'hourly', 'weekly', 'monthly', '60min', '30min', '15min'],
  traffic: ['daily', 'weekly', 'monthly', '60min'],
  dwell_time: ['daily', 'weekly', 'monthly'],
  availability: ['daily', 'hourly', 'weekly', 'monthly', '60min'],
} as const satisfies Record<Metric, readonly string[]>;

export type Interval = (typeof INTERVALS)[Metric][number];
export type IntervalOf<M extends Metric> = (typeof INTERVALS)[M][number];

export const ALL_INTERVALS = ['15min', '30min', '60min', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export const SUB_DAILY_INTERVALS: readonly Interval[] = ['15min', '30min', '60min', 'hourly'];
export const DEFAULT_INTERVAL = 'daily';
export const MAX_PAGE_SIZE = 1000;

// ---------------------------------------------------------------------------------------------------
// Scalars

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const isoDateSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD'),
    z.refine(isCalendarDate, 'not a calendar date'),
  );

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0..99 as 1900..1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** RFC 3339 date-time with an explicit offset (`Z` or `±hh:mm`), as the API sends local times. */
export const dateTimeSchema = z.iso.datetime({ offset: true, local: false });

/** An integer given as a number or as a string of digits (query strings carry strings). */
const integerInput = z.union([
  z.number(),
  z.pipe(
    z.string().check(z.regex(/^-?\d+$/, 'expected an integer')),
    z.transform((s: string) => Number(s)),
  ),
]);

/** An integer from `min` to `max`. */
const intIn = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));

export const hourSchema = z.pipe(integerInput, intIn(0, 23));
export const limitSchema = z.pipe(integerInput, intIn(1, MAX_PAGE_SIZE));
export const daysFilterSchema = z
  .string()
  .check(z.regex(/^[1-7]+$/, 'expected day codes 1..7 (1 = Sunday) with no separator, e.g. 23456'));

// ---------------------------------------------------------------------------------------------------
// Query parameters (spec 4.3)

/**
 * The query parameters of `metric`'s endpoint. One schema per metric, made at its first use: every request checks its
 * query, and a zod object made anew compiles its parser again at its first parse.
 */
export function metricQuerySchema<M extends Metric>(metric: M): ReturnType<typeof makeMetricQuerySchema<M>> {
  return (QUERY_SCHEMAS[metric] ??= makeMetricQuerySchema(metric)) as ReturnType<typeof makeMetricQuerySchema<M>>;
}

const QUERY_SCHEMAS: { [M in Metric]?: ReturnType<typeof makeMetricQuerySchema> } = {};

function makeMetricQuerySchema<M extends Metric>(metric: M) {
  const intervals = INTERVALS[metric] as unknown as [IntervalOf<M>, ...IntervalOf<M>[]];
  return z.object({
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    interval: z._default(z.enum(intervals), DEFAULT_INTERVAL as IntervalOf<M>),
    limit: z.optional(limitSchema),
    cursor: z.optional(z.string().check(z.minLength(1))),
    start_hour_filter: z.optional(hourSchema),
    end_hour_filter: z.optional(hourSchema),
    days_filter: z.optional(daysFilterSchema),
  });
}

export type MetricQuery<M extends Metric = Metric> = z.infer<ReturnType<typeof metricQuerySchema<M>>>;
/**
 * What a caller passes to a metric fetcher. Any interval of the API: the fetcher checks it against the
 * metric's own set (and everything else against the spec) before sending anything.
 */
export interface MetricQueryInput {
  start_date: string;
  end_date: string;
  interval?: Interval;
  limit?: number;
  cursor?: string;
  start_hour_filter?: number;
  end_hour_filter?: number;
  days_filter?: string;
}

// ---------------------------------------------------------------------------------------------------
// Envelope (spec 2.1, 2.6)

export const paginationSchema = z.object({
  has_more: z.boolean(),
  next_cursor: z.nullable(z.string()),
  prev_cursor: z.nullable(z.string()),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const timeRangeSchema = z.object({ start: dateTimeSchema, end: dateTimeSchema });

/**
 * Echoed hour range. Requests take 0..23; an echo of 24 (the "0-24" reading in one spec sentence) is
 * accepted rather than failing a whole response, and shown as "until midnight".
 */
export const hourRangeSchema = z.object({
  start: intIn(0, 23),
  end: intIn(0, 24),
});
export type HourRange = z.infer<typeof hourRangeSchema>;

export const dayCodeSchema = intIn(1, 7);

const windowFields = {
  timestamp: dateTimeSchema,
  window_start: dateTimeSchema,
  window_end: dateTimeSchema,
};

/** A whole count of people, entries, minutes or places: 0 or more. */
export const countSchema = z.int().check(z.nonnegative());
const nonNegative = z.number().check(z.nonnegative());

export const occupancyPointSchema = z.object({
  ...windowFields,
  avg_occupancy: countSchema,
  avg_utilization_percentage: nonNegative,
  peak_occupancy: countSchema,
  peak_utilization_percentage: nonNegative,
});

export const trafficPointSchema = z.object({ ...windowFields, traffic: countSchema });

export const dwellTimePointSchema = z.object({
  ...windowFields,
  avg_dwell_time: z.nullable(countSchema),
  peak_dwell_time: z.nullable(countSchema),
});

export const availabilityPointSchema = z.object({
  ...windowFields,
  /** A fraction 0..1 by the spec; a server sending 0..100 is normalised after parsing (availability.ts). */
  availability_percentage: z.nullable(z.number().check(z.gte(0), z.lte(100))),
});

export type OccupancyPoint = z.infer<typeof occupancyPointSchema>;
export type TrafficPoint = z.infer<typeof trafficPointSchema>;
export type DwellTimePoint = z.infer<typeof dwellTimePointSchema>;
export type AvailabilityPoint = z.infer<typeof availabilityPointSchema>;

export const POINT_SCHEMAS = {
  occupancy: occupancyPointSchema,
  traffic: trafficPointSchema,
  dwell_time: dwellTimePointSchema,
  availability: availabilityPointSchema,
} as const;

export type PointOf<M extends Metric> = z.infer<(typeof POINT_SCHEMAS)[M]>;

/** The spec leaves the dwell-time unit open (2.4): minutes in the field descriptions, seconds in the summary. */
export const DWELL_UNITS = ['minutes', 'seconds'] as const;
export type DwellUnit = (typeof DWELL_UNITS)[number];

/** Shares the spec calls fractions under names that say percentage (2.2, 2.5): the two scales servers use. */
export const SHARE_SCALES = ['fraction', 'percent'] as const;
export type ShareScale = (typeof SHARE_SCALES)[number];

export function envelopeSchema<P extends z.ZodMiniType>(point: P) {
  return z.object({
    location_id: z.int(),
    name: z.string(),
    capacity: countSchema,
    metric: z.string(),
    interval: z.string(),
    time_range: timeRangeSchema,
    days_of_week: z.array(dayCodeSchema),
    hour_range: hourRangeSchema,
    data: z.array(point),
    pagination: paginationSchema,
  });
}

export const METRIC_RESPONSE_SCHEMAS = {
  occupancy: envelopeSchema(occupancyPointSchema),
  traffic: envelopeSchema(trafficPointSchema),
  dwell_time: envelopeSchema(dwellTimePointSchema),
  availability: envelopeSchema(availabilityPointSchema),
} as const;

export type MetricResponse<M extends Metric = Metric> = z.infer<(typeof METRIC_RESPONSE_SCHEMAS)[M]>;

// ---------------------------------------------------------------------------------------------------
// Problem details (spec 7, RFC 7807 / 9457)

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  instance: z.string(),
  request_id: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

// ---------------------------------------------------------------------------------------------------
// Locations (spec 4.4 names these endpoints without shapes; this is the real API's published record,
// plus our optional extensions `time_zone`, `operating_hours` and `operating_days`)

export const locationRecordSchema = z.object({
  location_id: z.int(),
  name: z.string(),
  /** Open: the real API lists active, inactive, setup, review, calibration; an unknown one is shown as it is. */
  status: z.string(),
  parent_id: z.nullable(z.int()),
  /** Includes the capacity of the location's children. */
  capacity: countSchema,
  /** First day with data, or null. */
  start_date: z.nullable(isoDateSchema),
  time_zone: z.optional(z.string()),
  operating_hours: z.optional(hourRangeSchema),
  operating_days: z.optional(z.array(dayCodeSchema)),
});
export type LocationRecord = z.infer<typeof locationRecordSchema>;

export const locationListSchema = z.object({
  data: z.array(locationRecordSchema),
  pagination: paginationSchema,
});
export type LocationList = z.infer<typeof locationListSchema>;

/** `/locations/{id}`: the record; with `include=children`, a page of its children too. */
export const locationDetailSchema = z.extend(locationRecordSchema, {
  children_data: z.optional(z.array(locationRecordSchema)),
  pagination: z.optional(paginationSchema),
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

export const locationNowSchema = z.object({
  location_id: z.int(),
  name: z.string(),
  capacity: countSchema,
  /** The instant of the reading, local time. */
  timestamp: dateTimeSchema,
  /** People present now; null during a sensor outage. */
  occupancy: z.nullable(countSchema),
  utilization_percentage: z.nullable(nonNegative),
  is_open: z.boolean(),
});
export type LocationNow = z.infer<typeof locationNowSchema>;

export const locationNowResponseSchema = z.extend(locationNowSchema, {
  children_data: z.optional(z.array(locationNowSchema)),
  pagination: z.optional(paginationSchema),
});
export type LocationNowResponse = z.infer<typeof locationNowResponseSchema>;
