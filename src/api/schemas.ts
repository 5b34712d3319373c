/**
 * The contract of the Location Metrics API v2 (../shared/spec/location-metrics-api-v2.md), as zod schemas.
 *
 * This is the one file the simulator imports from the app. Response schemas are resilient: unknown extra
 * fields are stripped, not rejected, and `metric` is an open string. Query schemas are strict: what the
 * spec forbids is refused before any request is sent (client) or answered with 400 (simulator).
 */
import { z } from 'zod';

// Before any schema is built: no validator compiled with `new Function`, under a strict content policy.
import './zod-jitless';

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
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'not a calendar date');

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
  z
    .string()
    .regex(/^-?\d+$/, 'expected an integer')
    .transform((s) => Number(s)),
]);

export const hourSchema = integerInput.pipe(z.number().int().min(0).max(23));
export const limitSchema = integerInput.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE));
export const daysFilterSchema = z
  .string()
  .regex(/^[1-7]+$/, 'expected day codes 1..7 (1 = Sunday) with no separator, e.g. 23456');

// ---------------------------------------------------------------------------------------------------
// Query parameters (spec 4.3)

export function metricQuerySchema<M extends Metric>(metric: M) {
  const intervals = INTERVALS[metric] as unknown as [IntervalOf<M>, ...IntervalOf<M>[]];
  return z.object({
    start_date: isoDateSchema,
    end_date: isoDateSchema,
    interval: z.enum(intervals).default(DEFAULT_INTERVAL as IntervalOf<M>),
    limit: limitSchema.optional(),
    cursor: z.string().min(1).optional(),
    start_hour_filter: hourSchema.optional(),
    end_hour_filter: hourSchema.optional(),
    days_filter: daysFilterSchema.optional(),
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
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const timeRangeSchema = z.object({ start: dateTimeSchema, end: dateTimeSchema });

/**
 * Echoed hour range. Requests take 0..23; an echo of 24 (the "0-24" reading in one spec sentence) is
 * accepted rather than failing a whole response, and shown as "until midnight".
 */
export const hourRangeSchema = z.object({
  start: z.number().int().min(0).max(23),
  end: z.number().int().min(0).max(24),
});
export type HourRange = z.infer<typeof hourRangeSchema>;

export const dayCodeSchema = z.number().int().min(1).max(7);

const windowFields = {
  timestamp: dateTimeSchema,
  window_start: dateTimeSchema,
  window_end: dateTimeSchema,
};

const count = z.number().int().nonnegative();

export const occupancyPointSchema = z.object({
  ...windowFields,
  avg_occupancy: count,
  avg_utilization_percentage: z.number().nonnegative(),
  peak_occupancy: count,
  peak_utilization_percentage: z.number().nonnegative(),
});

export const trafficPointSchema = z.object({ ...windowFields, traffic: count });

export const dwellTimePointSchema = z.object({
  ...windowFields,
  avg_dwell_time: count.nullable(),
  peak_dwell_time: count.nullable(),
});

export const availabilityPointSchema = z.object({
  ...windowFields,
  /** A fraction 0..1 by the spec; a server sending 0..100 is normalised after parsing (availability.ts). */
  availability_percentage: z.number().min(0).max(100).nullable(),
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

export function envelopeSchema<P extends z.ZodType>(point: P) {
  return z.object({
    location_id: z.number().int(),
    name: z.string(),
    capacity: z.number().int().nonnegative(),
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
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  request_id: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

// ---------------------------------------------------------------------------------------------------
// Locations (spec 4.4 names these endpoints without shapes; this is the real API's published record,
// plus our optional extensions `time_zone`, `operating_hours` and `operating_days`)

export const locationRecordSchema = z.object({
  location_id: z.number().int(),
  name: z.string(),
  /** Open: the real API lists active, inactive, setup, review, calibration; an unknown one is shown as it is. */
  status: z.string(),
  parent_id: z.number().int().nullable(),
  /** Includes the capacity of the location's children. */
  capacity: z.number().int().nonnegative(),
  /** First day with data, or null. */
  start_date: isoDateSchema.nullable(),
  time_zone: z.string().optional(),
  operating_hours: hourRangeSchema.optional(),
  operating_days: z.array(dayCodeSchema).optional(),
});
export type LocationRecord = z.infer<typeof locationRecordSchema>;

export const locationListSchema = z.object({
  data: z.array(locationRecordSchema),
  pagination: paginationSchema,
});
export type LocationList = z.infer<typeof locationListSchema>;

/** `/locations/{id}`: the record; with `include=children`, a page of its children too. */
export const locationDetailSchema = locationRecordSchema.extend({
  children_data: z.array(locationRecordSchema).optional(),
  pagination: paginationSchema.optional(),
});
export type LocationDetail = z.infer<typeof locationDetailSchema>;

export const locationNowSchema = z.object({
  location_id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nonnegative(),
  /** The instant of the reading, local time. */
  timestamp: dateTimeSchema,
  /** People present now; null during a sensor outage. */
  occupancy: count.nullable(),
  utilization_percentage: z.number().nonnegative().nullable(),
  is_open: z.boolean(),
});
export type LocationNow = z.infer<typeof locationNowSchema>;

export const locationNowResponseSchema = locationNowSchema.extend({
  children_data: z.array(locationNowSchema).optional(),
  pagination: paginationSchema.optional(),
});
export type LocationNowResponse = z.infer<typeof locationNowResponseSchema>;
