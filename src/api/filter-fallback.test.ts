import { describe, expect, it } from 'vitest';

import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../test/fetch-fakes';
import { createApiClient } from './client';
import { ApiError } from './errors';
import type { ApiClient } from './client';
import { fetchMetricPageEitherReading } from './filter-fallback';
import type { MetricQueryInput } from './schemas';
import { walkPages, walkSeries } from './series-walk';

/** Hourly traffic windows on Mon 5 and Tue 6 Jan 2026 (UTC+1), 07:00–19:00. */
function hourly(day: number, hour: number) {
  const at = (h: number) => `2026-01-0${day}T${String(h).padStart(2, '0')}:00:00+01:00`;
  return { timestamp: at(hour), window_start: at(hour), window_end: at(hour + 1), traffic: day * 100 + hour };
}
const hours = (day: number) => Array.from({ length: 13 }, (_, i) => hourly(day, 7 + i));
const query = {
  start_date: '2026-01-05',
  end_date: '2026-01-06',
  interval: '60min' as const,
  start_hour_filter: 9,
  end_hour_filter: 10,
  days_filter: '3',
};
const echo = { interval: '60min', hour_range: { start: 7, end: 19 }, days_of_week: [2, 3, 4, 5, 6] };

const SUB_DAILY = new Set(['15min', '30min', '60min', 'hourly']);

/**
 * A server of the strict reading: filters on sub-daily intervals are a 400 (at daily they are fine: one day's
 * window); two pages without them. An hour filter of 20 is a 400 at any interval (after the 19:00 closing).
 */
function strictServer() {
  return fakeFetch((request) => {
    const params = request.url.searchParams;
    if (params.get('start_date') === '1999-01-01') return respondWithProblem(400, { detail: 'start_date too early' });
    if (params.get('start_hour_filter') === '20') {
      return respondWithProblem(400, { detail: 'start_hour_filter 20 is after end_hour_filter 19' });
    }
    const filtered = params.has('start_hour_filter') || params.has('days_filter');
    if (filtered && SUB_DAILY.has(params.get('interval') ?? 'daily')) {
      return respondWithProblem(400, { detail: 'start_hour_filter is only valid with daily, weekly, monthly' });
    }
    if (params.get('interval') === 'daily') return respondWithJson(metricEnvelope('traffic', [], echo));
    return params.get('cursor') === 'p2'
      ? respondWithJson(metricEnvelope('traffic', hours(6), echo))
      : respondWithJson(
          metricEnvelope('traffic', hours(5), { ...echo, pagination: { has_more: true, next_cursor: 'p2' } }),
        );
  });
}

/** A whole walk of the request, as the chart makes it (one cursor chain, no retries), its pages in order. */
async function collect(client: ApiClient, request: Omit<MetricQueryInput, 'cursor'>) {
  return walkPages(await walkSeries(client, 'traffic', 1, request, { maxChains: 1, retries: 0 }));
}

describe('both readings of the filter rule', () => {
  it('asks again without filters when a sub-daily request is refused, and filters the windows itself', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const pages = await collect(client, query);

    expect(pages.flatMap((page) => page.data.map((point) => point.traffic))).toEqual([609, 610]); // Tuesday 09:00, 10:00
    expect(pages.every((page) => page.filteredLocally)).toBe(true);
    expect(pages[0]!.hour_range).toEqual({ start: 9, end: 10 });
    expect(pages[0]!.days_of_week).toEqual([3]);
    // The refused request, the same filters at daily (accepted), then both pages without filters.
    expect(server.requests.map((r) => r.url.searchParams.get('interval'))).toEqual([
      '60min',
      'daily',
      '60min',
      '60min',
    ]);
    expect(server.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, null, null, 'p2']);
    expect(server.requests.slice(2).every((r) => !r.url.searchParams.has('days_filter'))).toBe(true);
  });

  it('learns the refusal once: later sub-daily requests go without filters from the start', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    await collect(client, query);
    const before = server.requests.length;

    const again = await collect(client, { ...query, days_filter: '2' });
    expect(again.every((page) => page.filteredLocally)).toBe(true);
    expect(server.requests.slice(before).map((r) => r.url.searchParams.has('days_filter'))).toEqual([false, false]);
  });

  it('shows a 400 that the filters’ values explain (hours from 20:00 at a place that closes at 19:00)', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const error = await collect(client, {
      ...query,
      start_hour_filter: 20,
      end_hour_filter: undefined,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('start_hour_filter 20 is after end_hour_filter 19');
    // The request and its check at daily; never a request without the filters.
    expect(server.requests.map((r) => r.url.searchParams.get('interval'))).toEqual(['60min', 'daily']);
  });

  it('shows a later 400 as it is, with no check, once the server is known to accept sub-daily filters', async () => {
    let calls = 0;
    const server = fakeFetch(() =>
      ++calls === 1
        ? respondWithJson(metricEnvelope('traffic', [hourly(6, 9)], echo))
        : respondWithProblem(400, { detail: 'start_hour_filter 20 is after end_hour_filter 19' }),
    );
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    await collect(client, query);
    await expect(collect(client, { ...query, start_hour_filter: 20 })).rejects.toThrow(ApiError);
    expect(server.requests).toHaveLength(2);
  });

  it('shows the server’s own 400 when the request fails at daily too: the interval was not the problem', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const error = await collect(client, { ...query, start_date: '1999-01-01' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toBe('start_date too early');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry what the filters cannot explain: a daily request, or a request without filters', async () => {
    const server = fakeFetch(() => respondWithProblem(400, { detail: 'bad' }));
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    await expect(collect(client, { ...query, interval: 'daily' })).rejects.toThrow(ApiError);
    await expect(
      collect(client, {
        start_date: '2026-01-05',
        end_date: '2026-01-06',
        interval: '60min',
      }),
    ).rejects.toThrow(ApiError);
    expect(server.requests).toHaveLength(2);
  });

  it('passes pages of a server of the broad reading through untouched', async () => {
    const server = fakeFetch(() =>
      respondWithJson(metricEnvelope('traffic', [hourly(6, 9)], { ...echo, hour_range: { start: 9, end: 10 } })),
    );
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const [page] = await collect(client, query);
    expect(page!.filteredLocally).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url.searchParams.get('days_filter')).toBe('3');
  });

  it('fetches one table page by either reading', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const page = await fetchMetricPageEitherReading(client, 'traffic', 1, { ...query, cursor: 'p2' });
    expect(page.data.map((point) => point.traffic)).toEqual([609, 610]);
    expect(page.filteredLocally).toBe(true);
  });

  it('sends a later table page of a refused walk without the filters: its cursor belongs to that request', async () => {
    const server = strictServer();
    const client = createApiClient({ baseUrl: 'http://api.test/v2', getToken: () => null, fetch: server.fetch });
    const page = await fetchMetricPageEitherReading(client, 'traffic', 1, { ...query, cursor: 'p2' }, undefined, true);
    expect(page.data.map((point) => point.traffic)).toEqual([609, 610]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url.searchParams.has('start_hour_filter')).toBe(false);
    expect(server.requests[0]!.url.searchParams.get('cursor')).toBe('p2');
  });
});
