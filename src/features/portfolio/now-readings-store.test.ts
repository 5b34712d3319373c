// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { locationRecord } from '../../test/location-record';
import { fakeFetch, respondWithJson, respondWithProblem, type FetchHandler } from '../../test/fetch-fakes';
import { NowReadingsStore } from './now-readings-store';

const record = (location_id: number, parent_id: number | null) => locationRecord({ location_id, parent_id });
/** A building (1) with two spaces (2, 3), and a location on its own (4). */
const RECORDS = new Map([record(1, null), record(2, 1), record(3, 1), record(4, null)].map((r) => [r.location_id, r]));
const HAS_CHILDREN = new Set([1]);

const answer: FetchHandler = (request) => {
  const id = Number(request.url.pathname.split('/')[3]);
  const children = request.url.searchParams.get('include') === 'children' ? [2, 3] : [];
  return respondWithJson({
    location_id: id,
    occupancy: id * 10,
    children_data: children.map((child) => ({ location_id: child, occupancy: child })),
    pagination: { has_more: false, next_cursor: null, prev_cursor: null },
  });
};

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function setUp(handler: FetchHandler = answer) {
  const api = fakeFetch(handler);
  const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch });
  const store = new NowReadingsStore(client, new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const listener = vi.fn();
  store.subscribe(listener);
  const asked = () => api.requests.map((request) => `${request.url.pathname}${request.url.search}`);
  return { store, listener, asked };
}

describe('NowReadingsStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('asks each parent once with its children, in the order listed, and tells subscribers once', async () => {
    const { store, listener, asked } = setUp();
    const stop = store.start();
    store.plan([4, 2, 3, 1], RECORDS, HAS_CHILDREN);
    await vi.advanceTimersByTimeAsync(300);
    expect(asked()).toEqual(['/v2/locations/4/now', '/v2/locations/1/now?include=children&limit=1000']);
    expect([1, 2, 3, 4].map((id) => store.get(id)?.reading.people)).toEqual([10, 2, 3, 40]);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks again every minute while visible, never while hidden, and at once when shown', async () => {
    const { store, asked } = setUp();
    const stop = store.start();
    store.plan([4], RECORDS, HAS_CHILDREN);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked()).toHaveLength(2);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(asked()).toHaveLength(2);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toHaveLength(3);
    stop();
  });

  it('stops asking once the server shows it has no /now', async () => {
    const { store, listener, asked } = setUp(() => respondWithProblem(404));
    const stop = store.start();
    store.plan([4, 1], RECORDS, HAS_CHILDREN);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.offered).toBe(false);
    // The two parents of the first turn, asked at once; nothing after.
    expect(asked()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(asked()).toHaveLength(2);
    expect(listener).toHaveBeenCalled();
    stop();
  });
});
