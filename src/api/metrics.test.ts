import { describe, expect, it } from 'vitest';

import {
  fakeFetch,
  metricEnvelope,
  rejectionOf,
  respondWithJson,
  windowAt,
  type FetchHandler,
  type RecordedRequest,
} from '../test/fetch-fakes';
import { createApiClient } from './client';
import { InvalidRequestError, PagingError } from './errors';
import { fetchMetricPage } from './metrics';
import { walkPages, walkSeries } from './series-walk';
import { MAX_PAGE_SIZE, METRICS, type Metric, type OccupancyPoint } from './schemas';

function setup(handler: FetchHandler) {
  const api = fakeFetch(handler);
  const client = createApiClient({ baseUrl: '/v2', getToken: () => 'jwt', fetch: api.fetch });
  return { api, client };
}

const query = { start_date: '2026-01-05', end_date: '2026-01-11' } as const;

function occupancy(day: number, avg: number, util: number, peak: number, peakUtil: number): OccupancyPoint {
  return {
    ...windowAt(day),
    avg_occupancy: avg,
    avg_utilization_percentage: util,
    peak_occupancy: peak,
    peak_utilization_percentage: peakUtil,
  };
}

const SAMPLE_POINTS: Record<Metric, unknown> = {
  occupancy: occupancy(5, 4, 0.4, 6, 0.6),
  traffic: { ...windowAt(5), traffic: 31 },
  dwell_time: { ...windowAt(5), avg_dwell_time: null, peak_dwell_time: 90 },
  availability: { ...windowAt(5), availability_percentage: 0.75 },
};

/** The query of a recorded request, as a plain object. */
const paramsOf = (request: RecordedRequest | undefined) => Object.fromEntries(request?.url.searchParams ?? []);

describe('fetchMetricPage: request', () => {
  it.each(METRICS)('asks /locations/{id}/%s with the checked query and returns the parsed envelope', async (metric) => {
    const body = metricEnvelope(metric, [SAMPLE_POINTS[metric]], { location_id: 42 });
    const { api, client } = setup(() => respondWithJson(body));
    const response = await fetchMetricPage(client, metric, 42, { ...query, start_hour_filter: 8 });
    expect(response).toEqual(body);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.url.pathname).toBe(`/v2/locations/42/${metric}`);
    expect(paramsOf(api.requests[0])).toEqual({ ...query, interval: 'daily', limit: '1000', start_hour_filter: '8' });
  });

  it('sends every given filter, coerced digit strings as numbers', async () => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('traffic', [])));
    await fetchMetricPage(client, 'traffic', 3, {
      ...query,
      interval: '60min',
      limit: '250',
      cursor: 'abc',
      start_hour_filter: '07',
      end_hour_filter: 19,
      days_filter: '246',
    } as never);
    expect(paramsOf(api.requests[0])).toEqual({
      ...query,
      interval: '60min',
      limit: '250',
      cursor: 'abc',
      start_hour_filter: '7',
      end_hour_filter: '19',
      days_filter: '246',
    });
  });

  it('asks for the largest page the spec allows when the caller names no limit, not the server’s default', async () => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('occupancy', [])));
    await fetchMetricPage(client, 'occupancy', 1, query);
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe(String(MAX_PAGE_SIZE));
    expect(api.requests[0]?.url.searchParams.get('limit')).toBe('1000');
  });

  it('passes the signal through to fetch', async () => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('availability', [])));
    const controller = new AbortController();
    await fetchMetricPage(client, 'availability', 1, query, controller.signal);
    expect(api.requests[0]?.signal).toBe(controller.signal);
  });
});

describe('fetchMetricPage: invalid requests are refused before any fetch', () => {
  it.each([
    ['start_hour_filter', { start_hour_filter: 24 }],
    ['start_hour_filter', { start_hour_filter: -1 }],
    ['end_hour_filter', { end_hour_filter: 24 }],
    ['end_hour_filter', { end_hour_filter: 7.5 }],
    ['days_filter', { days_filter: '1,2' }],
    ['days_filter', { days_filter: '08' }],
    ['days_filter', { days_filter: '' }],
    ['limit', { limit: 1001 }],
    ['start_date', { start_date: '2026-02-30' }],
    ['interval', { interval: '15min' }],
  ])('refuses a bad %s (%j)', async (param, bad) => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('traffic', [])));
    const error = await rejectionOf(fetchMetricPage(client, 'traffic', 1, { ...query, ...bad } as never));
    expect(error).toBeInstanceOf(InvalidRequestError);
    const problems = (error as InvalidRequestError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${param}: `)).toBe(true);
    expect((error as InvalidRequestError).message).toContain(param);
    expect(api.requests).toHaveLength(0);
  });

  it('names every bad param at once', async () => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('occupancy', [])));
    const error = await rejectionOf(
      fetchMetricPage(client, 'occupancy', 1, { ...query, start_hour_filter: 24, days_filter: '0' }),
    );
    expect((error as InvalidRequestError).problems.map((p) => p.split(':')[0])).toEqual([
      'start_hour_filter',
      'days_filter',
    ]);
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a location id that is not an integer', async () => {
    const { api, client } = setup(() => respondWithJson(metricEnvelope('occupancy', [])));
    await expect(fetchMetricPage(client, 'occupancy', 1.5, query)).rejects.toBeInstanceOf(RangeError);
    await expect(fetchMetricPage(client, 'occupancy', Number.NaN, query)).rejects.toBeInstanceOf(RangeError);
    expect(api.requests).toHaveLength(0);
  });
});

describe('fetchMetricPage: occupancy utilization scale', () => {
  it('normalises a 0..100 response to fractions, both avg and peak', async () => {
    const percent = [occupancy(5, 4, 40, 6, 60), occupancy(6, 7, 70, 10, 100)];
    const { client } = setup(() => respondWithJson(metricEnvelope('occupancy', percent, { capacity: 10 })));
    const response = await fetchMetricPage(client, 'occupancy', 1, query);
    expect(response.data).toEqual([occupancy(5, 4, 0.4, 6, 0.6), occupancy(6, 7, 0.7, 10, 1)]);
    expect(response.capacity).toBe(10);
  });

  it('leaves a fraction response untouched, over-capacity values included', async () => {
    const fractions = [occupancy(5, 4, 0.4, 6, 0.6), occupancy(6, 12, 1.2, 14, 1.4)];
    const { client } = setup(() => respondWithJson(metricEnvelope('occupancy', fractions, { capacity: 10 })));
    const response = await fetchMetricPage(client, 'occupancy', 1, query);
    expect(response.data).toEqual(fractions);
  });

  it('does not touch other metrics', async () => {
    const points = [{ ...windowAt(5), availability_percentage: 0.5 }];
    const { client } = setup(() => respondWithJson(metricEnvelope('availability', points)));
    expect((await fetchMetricPage(client, 'availability', 1, query)).data).toEqual(points);
  });
});

describe('a metric walked page by page (series-walk.ts, the one way the app pages a metric)', () => {
  /**
   * Pages keyed by the cursor that asks for them ('' = first page). After 10 requests it answers 500, so a
   * client that loops fails the test instead of hanging it.
   */
  function pagedServer(metric: Metric, pages: Record<string, { data: unknown[]; next: string | null; more: boolean }>) {
    let count = 0;
    return setup((request) => {
      if (++count > 10) return respondWithJson({ too_many_requests: count }, { status: 500 });
      const cursor = request.url.searchParams.get('cursor') ?? '';
      const page = pages[cursor];
      if (!page) return respondWithJson({ unexpected_cursor: cursor }, { status: 500 });
      return respondWithJson(
        metricEnvelope(metric, page.data, {
          pagination: { has_more: page.more, next_cursor: page.next, prev_cursor: cursor || null },
        }),
      );
    });
  }

  it('sends the same dates, interval and filters with every page, plus the previous next_cursor', async () => {
    const { api, client } = pagedServer('traffic', {
      '': { data: [{ ...windowAt(1), traffic: 1 }], next: 'p2', more: true },
      p2: { data: [{ ...windowAt(2), traffic: 2 }], next: 'p3', more: true },
      p3: { data: [{ ...windowAt(3), traffic: 3 }], next: null, more: false },
    });
    const filters = {
      ...query,
      interval: 'weekly',
      start_hour_filter: 9,
      end_hour_filter: 17,
      days_filter: '23456',
      limit: 1,
    } as const;
    const pages = walkPages(await walkSeries(client, 'traffic', 5, filters, { retries: 0 }));
    expect(pages.flatMap((p) => p.data.map((d) => d.traffic))).toEqual([1, 2, 3]);
    expect(api.requests).toHaveLength(3);
    const shared = {
      start_date: '2026-01-05',
      end_date: '2026-01-11',
      interval: 'weekly',
      start_hour_filter: '9',
      end_hour_filter: '17',
      days_filter: '23456',
      limit: '1',
    };
    expect(api.requests.map(paramsOf)).toEqual([shared, { ...shared, cursor: 'p2' }, { ...shared, cursor: 'p3' }]);
    for (const request of api.requests) expect(request.url.pathname).toBe('/v2/locations/5/traffic');
  });

  it('sends the default interval explicitly on every page', async () => {
    const { api, client } = pagedServer('dwell_time', {
      '': { data: [], next: 'p2', more: true },
      p2: { data: [], next: null, more: false },
    });
    await walkSeries(client, 'dwell_time', 5, query, { retries: 0 });
    expect(api.requests.map((r) => r.url.searchParams.get('interval'))).toEqual(['daily', 'daily']);
  });

  it('normalises each occupancy page on its own', async () => {
    const { client } = pagedServer('occupancy', {
      '': { data: [occupancy(1, 5, 50, 8, 80)], next: 'p2', more: true },
      p2: { data: [occupancy(2, 3, 0.3, 4, 0.4)], next: null, more: false },
    });
    const pages = walkPages(await walkSeries(client, 'occupancy', 5, query, { retries: 0 }));
    expect(pages.map((p) => p.data)).toEqual([[occupancy(1, 5, 0.5, 8, 0.8)], [occupancy(2, 3, 0.3, 4, 0.4)]]);
  });

  it('stops at has_more false without following its next_cursor', async () => {
    const { api, client } = pagedServer('availability', {
      '': { data: [], next: 'p2', more: true },
      p2: { data: [], next: 'p3', more: false },
    });
    const pages = walkPages(await walkSeries(client, 'availability', 5, query, { retries: 0 }));
    expect(pages).toHaveLength(2);
    expect(api.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'p2']);
  });

  it('fails with PagingError on a cursor cycle after a bounded number of requests', async () => {
    const { api, client } = pagedServer('traffic', {
      '': { data: [], next: 'A', more: true },
      A: { data: [], next: 'B', more: true },
      B: { data: [], next: 'A', more: true },
    });
    await expect(walkSeries(client, 'traffic', 5, query, { retries: 0 })).rejects.toBeInstanceOf(PagingError);
    expect(api.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'A', 'B']);
  });

  it('refuses a bad filter before the first page', async () => {
    const { api, client } = pagedServer('traffic', { '': { data: [], next: null, more: false } });
    await expect(walkSeries(client, 'traffic', 5, { ...query, end_hour_filter: 24 })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    expect(api.requests).toHaveLength(0);
  });
});
