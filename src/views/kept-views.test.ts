import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import type { SeriesWalk } from '../api/walk-state';
import { MINUTE_MS } from '../lib/time-spans';
import { memoryBackend } from '../persist/kept-store';
import { metricEnvelope, windowAt } from '../test/fetch-fakes';
import { checkKept, createKeptViewStore, KEPT_VIEW_LIMITS, restoreView, viewQueries } from './kept-views';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';
const ADDRESS = '/locations/21/traffic?range=7d';
const LIST_KEY = ['locations', 'list'];
const REQUEST = { start_date: '2026-01-05', end_date: '2026-01-11', interval: 'daily' };
const SERIES_KEY = ['metrics', 'traffic', 21, REQUEST];
const RECEIVED = Date.parse('2026-01-12T09:00:00Z');

const RECORD = {
  location_id: 21,
  name: 'Main Library',
  status: 'active',
  parent_id: null,
  capacity: 10,
  start_date: null,
};

/** A whole walk of `days` days of traffic, one page. */
function trafficWalk(days = 7): SeriesWalk {
  const data = Array.from({ length: days }, (_, index) => ({ ...windowAt(5 + (index % 7)), traffic: 40 + index }));
  return {
    chains: [
      {
        start_date: REQUEST.start_date,
        end_date: REQUEST.end_date,
        pages: [metricEnvelope('traffic', data, { location_id: 21, metric: 'traffic' }) as never],
        cursor: undefined,
        done: true,
        filtersRefused: false,
        final: true,
      },
    ],
  };
}

/** A query client whose queries under `keys` are mounted (observed), as a page showing them has them. */
function clientShowing(entries: [readonly unknown[], unknown][]) {
  const client = new QueryClient();
  for (const [key, data] of entries) {
    client.setQueryData(key, data, { updatedAt: RECEIVED });
    new QueryObserver(client, { queryKey: key, enabled: false, staleTime: Infinity }).subscribe(() => {});
  }
  return client;
}

function viewStore(backend = memoryBackend()) {
  let now = RECEIVED;
  return { store: createKeptViewStore({ backend, secrets: () => [TOKEN], now: () => (now += 1_000) }), backend };
}

describe('viewQueries: what a view keeps', () => {
  it('keeps the mounted location list and whole series walks, not the table, the live reading or what still loads', () => {
    const incomplete = trafficWalk();
    const client = clientShowing([
      [LIST_KEY, [RECORD]],
      [SERIES_KEY, trafficWalk()],
      [
        ['metrics', 'traffic', 21, { ...REQUEST, end_date: '2026-01-12' }],
        { chains: [{ ...incomplete.chains[0]!, done: false }] },
      ],
      [['metrics', 'traffic', 21, REQUEST, 'infinite'], { pages: [], pageParams: [] }],
      [['live', 'now', 21], { self: null, receivedMs: RECEIVED }],
    ]);
    // Cached but shown by no page any more.
    client.setQueryData(['metrics', 'traffic', 22, REQUEST], trafficWalk(), { updatedAt: RECEIVED });
    expect(viewQueries(client).map((query) => query.key)).toEqual([LIST_KEY, SERIES_KEY]);
  });
});

describe('createKeptViewStore', () => {
  it('gives back a view as it was kept, checked, with when it was received and the clock it was drawn at', async () => {
    const { store } = viewStore();
    const client = clientShowing([
      [LIST_KEY, [RECORD]],
      [SERIES_KEY, trafficWalk()],
    ]);
    await store.save(ADDRESS, RECEIVED + 500, viewQueries(client));
    const view = await store.read(ADDRESS);
    expect(view?.receivedAt).toBe(RECEIVED);
    expect(view?.nowMs).toBe(RECEIVED + 500);
    expect(view?.queries.map((query) => query.key)).toEqual([LIST_KEY, SERIES_KEY]);
    expect(view?.queries[1]?.data).toEqual(trafficWalk());
    expect(await store.read('/locations/21/occupancy')).toBeNull();
  });

  it('drops every answer that fails its check, and an entry kept under another address', async () => {
    const { store, backend } = viewStore();
    const walk = trafficWalk();
    const broken = structuredClone(walk) as unknown as { chains: { pages: { data: { traffic: unknown }[] }[] }[] };
    broken.chains[0]!.pages[0]!.data[0]!.traffic = '<img src=x onerror=alert(1)>';
    await store.save(ADDRESS, RECEIVED, [
      { key: LIST_KEY, data: [RECORD, { location_id: 'x' }], updatedAt: RECEIVED },
      { key: SERIES_KEY, data: broken, updatedAt: RECEIVED },
      { key: ['metrics', 'traffic', 21, { ...REQUEST, end_date: '2026-01-10' }], data: walk, updatedAt: RECEIVED },
    ]);
    expect((await store.read(ADDRESS))?.queries.map((query) => query.key[3])).toEqual([
      { ...REQUEST, end_date: '2026-01-10' },
    ]);

    backend.contents.set('kept-view:/portfolio', backend.contents.get(`kept-view:${ADDRESS}`));
    expect(await store.read('/portfolio')).toBeNull();
    backend.contents.set(`kept-view:${ADDRESS}`, '{ not json');
    expect(await store.read(ADDRESS)).toBeNull();
  });

  it(`keeps the last ${KEPT_VIEW_LIMITS.maxEntries} views and no view larger than ${KEPT_VIEW_LIMITS.maxBytes / 1024 / 1024} MB`, async () => {
    const { store, backend } = viewStore();
    const kept = () => [...backend.contents.keys()].filter((key) => key.startsWith('kept-view:'));
    for (let n = 0; n < KEPT_VIEW_LIMITS.maxEntries + 2; n++) {
      await store.save(`/locations/${n}/traffic`, RECEIVED, [
        { key: SERIES_KEY, data: trafficWalk(), updatedAt: RECEIVED + n },
      ]);
    }
    expect(kept()).toHaveLength(KEPT_VIEW_LIMITS.maxEntries);
    expect(await store.read('/locations/0/traffic')).toBeNull();
    expect(await store.read(`/locations/${KEPT_VIEW_LIMITS.maxEntries + 1}/traffic`)).not.toBeNull();

    // A year at 15 minutes of several metrics is more than a view may take: not kept.
    const huge = trafficWalk();
    huge.chains[0]!.pages[0]!.name = 'x'.repeat(KEPT_VIEW_LIMITS.maxBytes);
    await store.save('/locations/99/traffic', RECEIVED, [{ key: SERIES_KEY, data: huge, updatedAt: RECEIVED + 99 }]);
    expect(await store.read('/locations/99/traffic')).toBeNull();
    expect(kept()).toHaveLength(KEPT_VIEW_LIMITS.maxEntries);
  });

  it('never keeps a view that holds a token in use', async () => {
    const { store, backend } = viewStore();
    await store.save(ADDRESS, RECEIVED, [{ key: LIST_KEY, data: [{ ...RECORD, name: TOKEN }], updatedAt: RECEIVED }]);
    expect(JSON.stringify([...backend.contents])).not.toContain(TOKEN);
  });
});

describe('restoreView', () => {
  it('puts the kept answers in the cache with when they were received, never over newer ones', () => {
    const client = new QueryClient();
    const newer = trafficWalk(3);
    client.setQueryData(SERIES_KEY, newer, { updatedAt: RECEIVED + MINUTE_MS });
    const restored = restoreView(client, {
      receivedAt: RECEIVED,
      nowMs: RECEIVED,
      queries: [
        { key: LIST_KEY, data: [RECORD], updatedAt: RECEIVED },
        { key: SERIES_KEY, data: trafficWalk(), updatedAt: RECEIVED },
      ],
    });
    expect(restored).toBe(1);
    expect(client.getQueryState(LIST_KEY)).toMatchObject({ status: 'success', dataUpdatedAt: RECEIVED });
    expect(client.getQueryData(SERIES_KEY)).toBe(newer);
  });

  it('checks answers by the kind of key they are under', () => {
    expect(checkKept(LIST_KEY, null)).toEqual({ data: null });
    expect(checkKept(['locations', 21, 'local-day', '2026-01-12'], { date: '2026-01-12' })).toBeNull();
    expect(checkKept(['metrics', 'noise', 21, REQUEST], trafficWalk())).toBeNull();
    expect(checkKept(['settings'], {})).toBeNull();
  });
});
