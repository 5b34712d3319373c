import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { createApiClient } from '../../api/client';
import { fakeFetch, metricEnvelope, respondWithJson, type FetchHandler } from '../../test/fetch-fakes';
import { locationRecord } from '../../test/location-record';
import { testConfig } from '../../test/render-page';
import { WEEK_FILTERS } from '../../test/week-filters';
import type { LoadedRow } from './load-row';
import { fetchWhileWanted } from './fetch-while-wanted';
import { endsBeforeEveryToday, portfolioQueries } from './row-queries';

const NOW = Date.parse('2026-11-18T15:30:00Z');
/** Library 1, its zone named by the test configuration: no clock probe. */
const RECORD = locationRecord({ location_id: 1, name: 'Main Library', capacity: 10 });

function setUp(handler: FetchHandler = () => respondWithJson(metricEnvelope('occupancy', []))) {
  const api = fakeFetch(handler);
  const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const configured = testConfig.locations[0];
  const options = portfolioQueries.row(client, { record: RECORD, configured, filters: WEEK_FILTERS, nowMs: NOW });
  return { api, queryClient, options };
}

describe('a portfolio row as a query', () => {
  it('asks for its two periods once, and is read from the cache while it is fresh', async () => {
    const { api, queryClient, options } = setUp();
    const first = await fetchWhileWanted(queryClient, options, new AbortController().signal);
    expect(api.requests.map((request) => request.url.pathname)).toEqual([
      '/v2/locations/1/occupancy',
      '/v2/locations/1/occupancy',
    ]);
    expect(await fetchWhileWanted(queryClient, options, new AbortController().signal)).toBe(first);
    expect(api.requests).toHaveLength(2);
    expect(queryClient.getQueryData(options.queryKey)).toBe(first);
  });

  it('given up, aborts its requests and leaves nothing behind; asked again, it loads anew', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const { api, queryClient, options } = setUp(async () => {
      await held;
      return respondWithJson(metricEnvelope('occupancy', []));
    });
    const row = new AbortController();
    const loading = fetchWhileWanted(queryClient, options, row.signal);
    await expect.poll(() => api.requests.length).toBe(2);
    row.abort();
    await expect(loading).rejects.toBeDefined();
    expect(api.requests.every((request) => request.signal?.aborted)).toBe(true);
    expect(queryClient.getQueryState(options.queryKey)).toMatchObject({ status: 'pending', fetchStatus: 'idle' });

    answer();
    await expect(fetchWhileWanted(queryClient, options, new AbortController().signal)).resolves.toMatchObject({
      start: '2026-11-12',
      end: '2026-11-18',
    });
    expect(api.requests).toHaveLength(4);
  });
});

describe('endsBeforeEveryToday', () => {
  const endingOn = (end: string) => ({ end }) as LoadedRow;
  it('is true only for dates before the today of a zone a day behind UTC', () => {
    // 00:30 UTC on the 18th: it is still the 17th at UTC−12.
    const now = Date.parse('2026-11-18T00:30:00Z');
    expect(endsBeforeEveryToday(endingOn('2026-11-16'), now)).toBe(true);
    expect(endsBeforeEveryToday(endingOn('2026-11-17'), now)).toBe(false);
    expect(endsBeforeEveryToday(endingOn('2026-11-18'), now)).toBe(false);
    expect(endsBeforeEveryToday(undefined, now)).toBe(false);
  });
});
