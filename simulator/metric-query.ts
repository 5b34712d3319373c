/**
 * Validates a metric request's query string and resolves it into what the series needs: the range,
 * the interval as requested, the effective filters (given, taken from the cursor, or the location's
 * operating hours and days) and the page position. Every rejection is a 400 naming the parameter.
 */
import {
  INTERVALS,
  type Interval,
  MAX_PAGE_SIZE,
  type Metric,
  metricQuerySchema,
  SUB_DAILY_INTERVALS,
} from '../src/api/schemas';
import type { CursorCodec, CursorPayload, MetricCursor } from './cursor';
import { type DayCode, type DayNumber, parseIsoDate } from './local-time';
import type { HourRange } from './location-definitions';
import { type Location, parseDayCodes } from './locations';
import { invalidParameter } from './problem';

/** Dates outside this span are refused: the simulator's zones have whole-hour offsets only since 1970. */
export const EARLIEST_DATE = '1970-01-01';
export const LATEST_DATE = '2099-12-31';
/** About ten years per request, which bounds a response list at 15 minutes to some 350,000 windows. */
export const MAX_RANGE_DAYS = 3660;

export interface ResolvedMetricQuery {
  startDate: string;
  endDate: string;
  startDay: DayNumber;
  endDay: DayNumber;
  /** As requested: `hourly` and `60min` give the same windows but are echoed as sent. */
  interval: Interval;
  hours: HourRange;
  days: DayCode[];
  offset: number;
  limit: number;
}

interface GivenFilters {
  startHour: number | undefined;
  endHour: number | undefined;
  days: DayCode[] | undefined;
}

export interface MetricQueryContext {
  metric: Metric;
  location: Location;
  cursors: CursorCodec;
  strictFilters: boolean;
}

const QUERY_SCHEMAS = {
  occupancy: metricQuerySchema('occupancy'),
  traffic: metricQuerySchema('traffic'),
  dwell_time: metricQuerySchema('dwell_time'),
  availability: metricQuerySchema('availability'),
};

export function resolveMetricQuery(query: Record<string, string>, context: MetricQueryContext): ResolvedMetricQuery {
  const { metric, location } = context;
  const parsed = QUERY_SCHEMAS[metric].safeParse(query);
  if (!parsed.success) {
    const parameter = String(parsed.error.issues[0]?.path[0] ?? 'query');
    throw invalidParameter(describeInvalidParameter(parameter, query[parameter], metric));
  }
  const { start_date: startDate, end_date: endDate, interval, limit, cursor } = parsed.data;
  const [startDay, endDay] = checkRange(startDate, endDate);
  const given: GivenFilters = {
    startHour: parsed.data.start_hour_filter,
    endHour: parsed.data.end_hour_filter,
    days: parsed.data.days_filter === undefined ? undefined : parseDayCodes(parsed.data.days_filter),
  };
  if (context.strictFilters) checkStrictFilters(interval, given);

  const position =
    cursor === undefined
      ? firstPage(location, given, limit)
      : fromCursor(context.cursors.decode(cursor), { metric, location, startDate, endDate, interval }, given, limit);
  checkHourOrder(position.hours, given);
  return { startDate, endDate, startDay, endDay, interval, ...position };
}

export function metricCursor(
  request: { metric: Metric; location: Location },
  query: ResolvedMetricQuery,
  offset: number,
): MetricCursor {
  return {
    kind: 'metric',
    location_id: request.location.id,
    metric: request.metric,
    start_date: query.startDate,
    end_date: query.endDate,
    interval: query.interval,
    start_hour: query.hours.start,
    end_hour: query.hours.end,
    days: query.days.join(''),
    offset,
    limit: query.limit,
  };
}

// ---------------------------------------------------------------------------------------------------

function quoted(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `'${shown}'`;
}

export function describeInvalidLimit(value: string): string {
  return `limit ${quoted(value)} is not valid; expected an integer from 1 to ${MAX_PAGE_SIZE}`;
}

/** The rule a parameter broke, with its valid values. */
function describeInvalidParameter(parameter: string, value: string | undefined, metric: Metric): string {
  const given = value === undefined ? '' : ` ${quoted(value)}`;
  switch (parameter) {
    case 'start_date':
    case 'end_date':
      return value === undefined
        ? `${parameter} is required: a calendar date as YYYY-MM-DD`
        : `${parameter}${given} is not valid; expected a calendar date as YYYY-MM-DD`;
    case 'interval':
      return `interval${given} is not valid for ${metric}; valid values: ${INTERVALS[metric].join(', ')}`;
    case 'limit':
      return describeInvalidLimit(value ?? '');
    case 'start_hour_filter':
    case 'end_hour_filter':
      return `${parameter}${given} is not valid; expected an integer hour from 0 to 23`;
    case 'days_filter':
      return `days_filter${given} is not valid; expected day codes 1 to 7 with no separator, matching ^[1-7]+$ (1 = Sunday ... 7 = Saturday), e.g. 23456`;
    case 'cursor':
      return 'cursor is empty; pass a next_cursor or prev_cursor value from a previous page, or omit it';
    default:
      return `${parameter}${given} is not valid`;
  }
}

function checkRange(startDate: string, endDate: string): [DayNumber, DayNumber] {
  for (const [parameter, value] of [
    ['start_date', startDate],
    ['end_date', endDate],
  ] as const) {
    if (value < EARLIEST_DATE || value > LATEST_DATE) {
      throw invalidParameter(
        `${parameter} '${value}' is out of range; supported dates: ${EARLIEST_DATE} to ${LATEST_DATE}`,
      );
    }
  }
  const startDay = parseIsoDate(startDate);
  const endDay = parseIsoDate(endDate);
  if (endDay < startDay) {
    throw invalidParameter(`end_date '${endDate}' is before start_date '${startDate}'; end_date is inclusive`);
  }
  if (endDay - startDay + 1 > MAX_RANGE_DAYS) {
    throw invalidParameter(
      `start_date '${startDate}' to end_date '${endDate}' spans ${endDay - startDay + 1} days; at most ${MAX_RANGE_DAYS} days per request`,
    );
  }
  return [startDay, endDay];
}

function checkStrictFilters(interval: Interval, given: GivenFilters): void {
  if (!SUB_DAILY_INTERVALS.includes(interval)) return;
  const names = [
    given.startHour === undefined ? null : 'start_hour_filter',
    given.endHour === undefined ? null : 'end_hour_filter',
    given.days === undefined ? null : 'days_filter',
  ].filter((name) => name !== null);
  if (names.length > 0) {
    throw invalidParameter(
      `${names.join(', ')} cannot be used with interval '${interval}'; only daily, weekly, monthly accept hour and day filters`,
    );
  }
}

type PagePosition = Pick<ResolvedMetricQuery, 'hours' | 'days' | 'offset' | 'limit'>;

/** Without a cursor: the given filters, else the location's operating hours and days. */
function firstPage(location: Location, given: GivenFilters, limit: number | undefined): PagePosition {
  return {
    hours: {
      start: given.startHour ?? location.operatingHours.start,
      end: given.endHour ?? location.operatingHours.end,
    },
    days: given.days ?? [...location.operatingDays],
    offset: 0,
    limit: limit ?? MAX_PAGE_SIZE,
  };
}

function checkHourOrder(hours: HourRange, given: GivenFilters): void {
  if (hours.start <= hours.end) return;
  const origin = (value: number | undefined) => (value === undefined ? ' (from the location or the cursor)' : '');
  throw invalidParameter(
    `start_hour_filter ${hours.start}${origin(given.startHour)} is after end_hour_filter ${hours.end}${origin(given.endHour)}; the start hour must not be after the end hour`,
  );
}

interface RequestIdentity {
  metric: Metric;
  location: Location;
  startDate: string;
  endDate: string;
  interval: Interval;
}

/** The filters and position a cursor carries, once it is shown to belong to this request. */
function fromCursor(
  cursor: CursorPayload | null,
  request: RequestIdentity,
  given: GivenFilters,
  limit: number | undefined,
): PagePosition {
  if (cursor === null) {
    throw invalidParameter('cursor is malformed or has been tampered with; use next_cursor or prev_cursor as sent');
  }
  if (cursor.kind !== 'metric' || cursor.location_id !== request.location.id || cursor.metric !== request.metric) {
    throw invalidParameter(
      `cursor belongs to another request, not ${request.metric} of location ${request.location.id}; start again without a cursor`,
    );
  }
  const mustMatch: [string, string, string][] = [
    ['start_date', request.startDate, cursor.start_date],
    ['end_date', request.endDate, cursor.end_date],
    ['interval', request.interval, cursor.interval],
  ];
  for (const [parameter, sent, expected] of mustMatch) {
    if (sent !== expected) {
      throw invalidParameter(
        `${parameter} '${sent}' does not match the cursor's ${parameter} '${expected}'; send the same start_date, end_date and interval with every page`,
      );
    }
  }
  const cursorDays = parseDayCodes(cursor.days);
  const filterMismatch: [string, string | undefined, string][] = [
    ['start_hour_filter', given.startHour?.toString(), String(cursor.start_hour)],
    ['end_hour_filter', given.endHour?.toString(), String(cursor.end_hour)],
    ['days_filter', given.days?.join(''), cursorDays.join('')],
  ];
  for (const [parameter, sent, expected] of filterMismatch) {
    if (sent !== undefined && sent !== expected) {
      throw invalidParameter(
        `${parameter} '${sent}' does not match the cursor's ${parameter} '${expected}'; omit it or send the same value with every page`,
      );
    }
  }
  return {
    hours: { start: cursor.start_hour, end: cursor.end_hour },
    days: cursorDays,
    offset: cursor.offset,
    limit: limit ?? cursor.limit,
  };
}
