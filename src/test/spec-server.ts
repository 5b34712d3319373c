/**
 * A fake Location Metrics API v2 server (spec sections 2 and 4) at the fetch boundary, for one location in a real
 * IANA zone. Built on date-fns-tz and zonedTimeRange only, never on the app's own time or paging code, so tests of
 * that code have an independent reference.
 *
 *   const server = specServer({ zone: 'Europe/Berlin', latencyMs: 2 });
 *   await walkSeries(server.client, 'occupancy', 1, { start_date, end_date, interval: '15min' });
 *   expect(server.maxInFlight).toBeLessThanOrEqual(4);
 *
 * It answers `/v2/locations/{id}/traffic` and `/v2/locations/{id}/occupancy`:
 * - a window for every local day of start_date … end_date: `daily` (the day), or 60min/30min/15min windows stepped in
 *   real instants from the day's first instant to the next day's, so a DST day has 23 or 25 hours and its repeated
 *   hour appears twice with different offsets; every time carries its offset;
 * - the hour filters (inclusive, by a window's local start hour) and `days_filter` (1 = Sunday, by local weekday)
 *   on every interval (the spec's broad reading), or a 400 for them on sub-daily intervals (`filterReading:
 *   'strict'`). A daily window is the whole day: the hour filters keep it and change its value, as a server that
 *   sums the chosen hours would. Without a filter the location's operating hours and days apply (spec 4.3);
 * - a value per window from a hash of its instant, the same on every request;
 * - cursor pagination honouring `limit` (default 1000): opaque cursors carry the offset and the request (metric,
 *   dates, interval, filters), so a cursor sent with another request is a 400, as is one made to expire.
 * Weekly and monthly intervals are not served (400).
 */
import { formatInTimeZone } from 'date-fns-tz';

import { createApiClient, type ApiClient } from '../api/client';
import { systemClock, type PaceClock } from '../api/pace';
import { MINUTE_MS, SECOND_MS } from '../lib/time-spans';
import { fakeFetch, respondWithJson, respondWithProblem, type FakeFetch, type RecordedRequest } from './fetch-fakes';
import { zonedTimeRange } from './zoned-time-range';
import { datesFrom, daysBetween, decodeCursor, encodeCursor, integerParam, isDate, pause } from './spec-cursors';

export type SpecMetric = 'traffic' | 'occupancy';

export interface SpecServerOptions {
  /** The location's IANA zone. */
  zone: string;
  locationId?: number;
  capacity?: number;
  /** What applies where an hour or day filter is not given. Default: every hour, every day. */
  operatingHours?: { start: number; end: number };
  operatingDays?: number[];
  /** 'broad' (default): filters on every interval. 'strict': a 400 for filters on sub-daily intervals. */
  filterReading?: 'broad' | 'strict';
  /** Every Nth request (counting all, from 1) is answered with a 500 problem. */
  failEvery?: number;
  /** Each answer waits this long (cut short when the request is aborted). */
  latencyMs?: number;
  /**
   * The clock the latency runs on, and the client's pace: the system's unless given (test/manual-clock.ts, so that
   * the test moves it and every answer, and every retry's wait on the same clock, comes when it says).
   */
  clock?: PaceClock;
  /**
   * The server's clock: windows starting at or after it are absent, and the window containing it holds a value
   * that changes with it (the data so far). Without it every window is there, with its final value.
   */
  nowMs?: () => number;
  /** Answers request number `n` instead of the server when it returns a response (scripted failures). */
  intercept?: (request: RecordedRequest, n: number) => Response | Promise<Response> | undefined;
}

export interface SpecServer extends FakeFetch {
  /** An API client over this server (its own limiter and learned capabilities). */
  client: ApiClient;
  /** Requests the server is answering now, and the most seen at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Answers made by `failEvery`. */
  readonly failures: number;
  /** Every answer given, in order (an aborted request has none). */
  served: { request: RecordedRequest; status: number }[];
  /** The next request with this cursor is a 400, as for a cursor the server let expire. */
  expireCursorOnce(cursor: string): void;
}

const STEP_MINUTES: Partial<Record<string, number>> = { hourly: 60, '60min': 60, '30min': 30, '15min': 15 };
const INTERVALS: Record<SpecMetric, readonly string[]> = {
  traffic: ['daily', '60min'],
  occupancy: ['daily', 'hourly', '60min', '30min', '15min'],
};
const MAX_DAYS = 3660;

export function specServer(options: SpecServerOptions): SpecServer {
  const { zone, locationId = 1, capacity = 40, failEvery, latencyMs, intercept, clock = systemClock } = options;
  const operatingHours = options.operatingHours ?? { start: 0, end: 23 };
  const operatingDays = options.operatingDays ?? [1, 2, 3, 4, 5, 6, 7];
  const expired = new Set<string>();
  const windowsByRequest = new Map<string, readonly Window[]>();
  const served: SpecServer['served'] = [];
  let [count, inFlight, maxInFlight, failures] = [0, 0, 0, 0];

  const answer = (request: RecordedRequest): Response => {
    const problem = (status: number, detail: string) =>
      respondWithProblem(status, { detail, instance: request.url.pathname });
    const path = /^\/v2\/locations\/(\d+)\/(traffic|occupancy)$/.exec(request.url.pathname);
    if (!path || Number(path[1]) !== locationId) return problem(404, `Nothing at ${request.url.pathname}`);
    const metric = path[2] as SpecMetric;
    const params = request.url.searchParams;
    const [start, end] = [params.get('start_date') ?? '', params.get('end_date') ?? ''];
    if (!isDate(start) || !isDate(end)) return problem(400, 'start_date and end_date are required, as YYYY-MM-DD');
    if (end < start) return problem(400, 'end_date is before start_date');
    if (daysBetween(start, end) > MAX_DAYS) return problem(400, 'The range is longer than this fake serves');
    const interval = params.get('interval') ?? 'daily';
    if (!INTERVALS[metric].includes(interval)) return problem(400, `interval ${interval} is not served for ${metric}`);
    const limit = integerParam(params.get('limit'), 1, 1000) ?? 1000;
    const startHour = integerParam(params.get('start_hour_filter'), 0, 23);
    const endHour = integerParam(params.get('end_hour_filter'), 0, 23);
    const daysFilter = params.get('days_filter') ?? undefined;
    if ([limit, startHour, endHour].some(Number.isNaN) || (daysFilter !== undefined && !/^[1-7]+$/.test(daysFilter))) {
      return problem(400, 'limit, hour or day filter out of range');
    }
    const filtered = startHour !== undefined || endHour !== undefined || daysFilter !== undefined;
    if (filtered && interval !== 'daily' && options.filterReading === 'strict') {
      return problem(
        400,
        'start_hour_filter, end_hour_filter and days_filter are only valid with daily, weekly, monthly',
      );
    }

    const key = [metric, start, end, interval, startHour ?? '', endHour ?? '', daysFilter ?? ''].join('|');
    const cursor = params.get('cursor');
    let offset = 0;
    if (cursor !== null) {
      if (expired.delete(cursor)) return problem(400, 'The cursor has expired');
      const decoded = decodeCursor(cursor);
      if (decoded?.request !== key) return problem(400, 'The cursor belongs to another request');
      offset = decoded.offset;
    }

    const hours = { start: startHour ?? operatingHours.start, end: endHour ?? operatingHours.end };
    const days = daysFilter ? [...new Set(daysFilter)].map(Number).sort() : operatingDays;
    let windows = windowsByRequest.get(key);
    if (!windows) {
      const keep = (w: Window) =>
        days.includes(w.day) && (interval === 'daily' || (w.hour >= hours.start && w.hour <= hours.end));
      windows = datesFrom(start, end).flatMap((date) => windowsOfDay(zone, date, interval).filter(keep));
      windowsByRequest.set(key, windows);
    }
    const salt = interval === 'daily' ? hours.start * 24 + hours.end : 0;
    const now = options.nowMs?.();
    if (now !== undefined) windows = windows.filter((w) => w.startMs < now);
    const hasMore = offset + limit < windows.length;
    return respondWithJson({
      location_id: locationId,
      name: 'Spec Server Room',
      capacity,
      metric,
      interval,
      time_range: zonedTimeRange(zone, start, end),
      days_of_week: days,
      hour_range: hours,
      data: windows
        .slice(offset, offset + limit)
        .map((w) =>
          point(metric, w, now !== undefined && w.endMs > now ? salt + Math.floor(now / MINUTE_MS) : salt, capacity),
        ),
      pagination: {
        has_more: hasMore,
        next_cursor: hasMore ? encodeCursor(offset + limit, key) : null,
        prev_cursor: offset > 0 ? encodeCursor(Math.max(0, offset - limit), key) : null,
      },
    });
  };

  const handle = async (request: RecordedRequest): Promise<Response> => {
    const n = ++count;
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      if (latencyMs) await pause(clock, latencyMs, request.signal);
      if (request.signal?.aborted) throw request.signal.reason;
      let response = await intercept?.(request, n);
      if (!response && failEvery && n % failEvery === 0) {
        failures++;
        response = respondWithProblem(500, { detail: `Request ${n} fails`, instance: request.url.pathname });
      }
      response ??= answer(request);
      served.push({ request, status: response.status });
      return response;
    } finally {
      inFlight--;
    }
  };

  const fake = fakeFetch(handle);
  return {
    ...fake,
    client: createApiClient({ baseUrl: '/v2', getToken: () => 'token', fetch: fake.fetch, clock }),
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get failures() {
      return failures;
    },
    served,
    expireCursorOnce: (cursor) => void expired.add(cursor),
  };
}

// ---------------------------------------------------------------------------------------------------
// Windows

interface Window {
  start: string;
  end: string;
  startMs: number;
  endMs: number;
  /** Local start hour and weekday (1 = Sunday). */
  hour: number;
  day: number;
}

const PATTERN = "yyyy-MM-dd'T'HH:mm:ssXXX";
/** A day's windows depend on the zone, the date and the interval only: kept across servers and tests. */
const dayCache = new Map<string, readonly Window[]>();

function windowsOfDay(zone: string, date: string, interval: string): readonly Window[] {
  const key = `${zone}|${date}|${interval}`;
  const known = dayCache.get(key);
  if (known) return known;
  const { start, end } = zonedTimeRange(zone, date, date);
  const day = new Date(`${date}T00:00:00Z`).getUTCDay() + 1;
  const window = (from: string, to: string): Window => ({
    start: from,
    end: to,
    startMs: Date.parse(from),
    endMs: Date.parse(to),
    hour: Number(from.slice(11, 13)),
    day,
  });
  const stepMinutes = STEP_MINUTES[interval];
  const windows: Window[] = [];
  if (stepMinutes === undefined) windows.push(window(start, end));
  else {
    const [startMs, endMs, step] = [Date.parse(start), Date.parse(end), stepMinutes * MINUTE_MS];
    const format = dayFormatter(zone, start, end);
    for (let ms = startMs; ms < endMs; ms += step) windows.push(window(format(ms), format(Math.min(ms + step, endMs))));
  }
  dayCache.set(key, windows);
  return windows;
}

/**
 * `formatInTimeZone(ms, zone, PATTERN)` for the instants of one day. A day that starts and ends at one offset keeps
 * it throughout (no zone changes twice in a day), so its times are read off UTC at that offset, which costs a
 * fraction of date-fns-tz's formatting; a DST day goes through date-fns-tz.
 */
function dayFormatter(zone: string, start: string, end: string): (ms: number) => string {
  const offset = start.slice(19);
  if (offset !== end.slice(19)) return (ms) => formatInTimeZone(ms, zone, PATTERN);
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = offset === 'Z' ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return (ms) => new Date(ms + minutes * MINUTE_MS).toISOString().slice(0, 19) + offset;
}

function point(metric: SpecMetric, window: Window, salt: number, capacity: number): Record<string, unknown> {
  const times = { timestamp: window.start, window_start: window.start, window_end: window.end };
  const h = hash(window.startMs / SECOND_MS + salt);
  if (metric === 'traffic') return { ...times, traffic: h % 500 };
  const average = h % (capacity + 1);
  const peak = Math.min(capacity, average + ((h >>> 12) % 6));
  return {
    ...times,
    avg_occupancy: average,
    avg_utilization_percentage: average / capacity,
    peak_occupancy: peak,
    peak_utilization_percentage: peak / capacity,
  };
}

function hash(n: number): number {
  let x = Math.imul(n ^ (n >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}
