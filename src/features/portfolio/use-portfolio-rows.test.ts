import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { locationRecord } from '../../test/location-record';
import { testConfig } from '../../test/render-page';
import { WEEK_FILTERS } from '../../test/week-filters';
import { zonedMetricServer } from '../../test/zoned-metric-server';
import { RowStore } from './use-portfolio-rows';

describe('RowStore, as useStoreVersion reads it', () => {
  it('gives a new version and tells its subscribers when its rows change, and no longer once unsubscribed', () => {
    const store = new RowStore('range=7d', WEEK_FILTERS, Date.UTC(2026, 10, 18), true);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getVersion();
    store.retryFailed();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getVersion()).toBe(before + 1);
    // The same version while nothing changes: the snapshot is stable between reads.
    expect(store.getVersion()).toBe(store.getVersion());
    unsubscribe();
    store.retryFailed();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('RowStore.start', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts each row in a task of its own: the rows planned together do not all send their requests in one task', async () => {
    // Each timer's callback counted as it runs: a request made in a task carries that task's number.
    const realSetTimeout = globalThis.setTimeout;
    let task = 0;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) =>
      realSetTimeout(() => {
        task += 1;
        run();
      }, ms)) as typeof setTimeout);
    const records = [1, 2, 3].map((id) =>
      locationRecord({ location_id: id, capacity: 10, time_zone: 'America/New_York' }),
    );
    const server = zonedMetricServer({ zone: 'America/New_York', records, level: () => 4 });
    const sentIn = new Map<string, number>();
    const fetch: typeof globalThis.fetch = (input, init) => {
      const row = new URL(String(input), 'https://api.test').pathname.split('/')[3]!;
      if (!sentIn.has(row)) sentIn.set(row, task);
      return server.fetch(input, init);
    };
    const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const store = new RowStore('range=7d', WEEK_FILTERS, Date.parse('2026-11-18T15:30:00Z'));
    const stop = store.start({ client, queryClient, config: testConfig }, (id) =>
      records.find((record) => record.location_id === id),
    );
    store.plan([1, 2, 3]);
    await expect.poll(() => sentIn.size).toBe(3);
    stop();
    expect(new Set(sentIn.values()).size).toBe(3);
  });
});
