/**
 * A fake Location Metrics API for one location in a real IANA zone, at the fetch boundary, for the pages' component
 * tests: `/v2/locations` lists `records`, and each of the four metrics answers with one window per local day of
 * `start_date` … `end_date` (`daily`), or the local hours 09:00–12:00 of each day (`60min`), one page. Built on
 * date-fns-tz only, never on the app's own time code. Every value of a day comes from one number, `level(date)`
 * (null: the day has no window, an outage):
 *
 *   occupancy     avg_occupancy = level, peak_occupancy = level + 2 (utilization: ÷ capacity 10)
 *   traffic       traffic = 10 × level a day: the daily window, or its three hourly windows together (⌊10 × level ÷ 3⌋
 *                 each, the last with the rest), so a day's hours add up to its daily window as a server's do
 *   dwell_time    avg_dwell_time = 5 × level, peak_dwell_time = 10 × level (minutes)
 *   availability  availability_percentage = level ÷ 10
 *
 *   const server = zonedMetricServer({ zone: 'America/New_York', records: [record], level: () => 4 });
 *   renderApp('/locations/1/traffic?from=…', { fetch: server.fetch });
 *   expect(server.metricQueries().map((query) => query.start_date)).toEqual([…]);
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

import { fakeFetch, respondWithJson, respondWithProblem, type RecordedRequest } from './fetch-fakes';
import { zonedTimeRange } from './zoned-time-range';

export const ZONED_CAPACITY = 10;
const HOURS = [9, 10, 11];
const METRIC_PATH = /^\/v2\/locations\/(\d+)\/([a-z_]+)$/;

/** A day's entries, or the share of them in the hour `part` of HOURS. */
function trafficOf(day: number, part: number | undefined): number {
  if (part === undefined) return day;
  const each = Math.floor(day / HOURS.length);
  return part === HOURS.length - 1 ? day - each * (HOURS.length - 1) : each;
}

export interface ZonedMetricServerOptions {
  /** The zone the server's windows are in (the records need not say it). */
  zone: string;
  /** What `/v2/locations` lists. */
  records: readonly object[];
  /** The number every value of a local date is built from; null for a day without windows. */
  level(date: string): number | null;
  /** Holds a metric request's answer until it resolves (a comparison still loading). */
  hold?(query: Record<string, string>): Promise<void> | undefined;
}

export function zonedMetricServer(options: ZonedMetricServerOptions) {
  const { zone } = options;
  const at = (instantMs: number) => formatInTimeZone(instantMs, zone, "yyyy-MM-dd'T'HH:mm:ssXXX");
  const local = (date: string, hour: number) => fromZonedTime(`${date}T${pad(hour)}:00:00`, zone).getTime();

  /** A window of `metric` for a day at `level`; `part` is which of HOURS it is, or undefined for the daily window. */
  function window(metric: string, level: number, startMs: number, endMs: number, part?: number) {
    const times = { timestamp: at(startMs), window_start: at(startMs), window_end: at(endMs) };
    switch (metric) {
      case 'occupancy':
        return {
          ...times,
          avg_occupancy: level,
          avg_utilization_percentage: level / ZONED_CAPACITY,
          peak_occupancy: level + 2,
          peak_utilization_percentage: (level + 2) / ZONED_CAPACITY,
        };
      case 'traffic':
        return { ...times, traffic: trafficOf(10 * level, part) };
      case 'dwell_time':
        return { ...times, avg_dwell_time: 5 * level, peak_dwell_time: 10 * level };
      default:
        return { ...times, availability_percentage: level / 10 };
    }
  }

  async function answer(request: RecordedRequest, locationId: number, metric: string) {
    const query = Object.fromEntries(request.url.searchParams);
    await options.hold?.(query);
    const { start_date: start = '', end_date: end = '', interval = 'daily' } = query;
    const data = [];
    for (let date = start; date <= end; date = nextDate(date)) {
      const level = options.level(date);
      if (level === null) continue;
      if (interval === 'daily') data.push(window(metric, level, local(date, 0), local(nextDate(date), 0)));
      else
        HOURS.forEach((hour, part) => data.push(window(metric, level, local(date, hour), local(date, hour + 1), part)));
    }
    return respondWithJson({
      location_id: locationId,
      name: 'Main Library',
      capacity: ZONED_CAPACITY,
      metric,
      interval,
      time_range: zonedTimeRange(zone, start, end),
      hour_range: { start: 0, end: 23 },
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      data,
      pagination: { has_more: false, next_cursor: null, prev_cursor: null },
    });
  }

  const api = fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations') {
      return respondWithJson({
        data: options.records,
        pagination: { has_more: false, next_cursor: null, prev_cursor: null },
      });
    }
    const match = METRIC_PATH.exec(path);
    if (!match) return respondWithProblem(404, { title: 'Unexpected request in test' });
    return answer(request, Number(match[1]), match[2]!);
  });
  return {
    fetch: api.fetch,
    /** The query of every metric request, in the order made. */
    metricQueries: () =>
      api.requests
        .filter((request) => METRIC_PATH.test(request.url.pathname))
        .map((request) => Object.fromEntries(request.url.searchParams)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
