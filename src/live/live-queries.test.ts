// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../api/client';
import { fakeFetch, respondWithJson } from '../test/fetch-fakes';
import { LIVE_REFRESH_MS, liveQueries } from './live-queries';

/** What a browser does when its tab is hidden or shown: the state, then the event, which bubbles to the window. */
function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('liveQueries.now in a tab hidden, then shown again', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
  });

  async function observe() {
    const api = fakeFetch(() => respondWithJson({ location_id: 11, occupancy: 12 }));
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    queryClient.mount(); // what QueryClientProvider does: it hears the tab shown again
    const observer = new QueryObserver(queryClient, {
      ...liveQueries.now(client, 11),
      refetchInterval: LIVE_REFRESH_MS,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(api.requests).toHaveLength(1);
    const stop = () => {
      unsubscribe();
      queryClient.unmount();
    };
    return { requests: api.requests, unsubscribe: stop };
  }

  it('asks at once when shown with a reading older than half a minute, though the app asks on no focus by default', async () => {
    const { requests, unsubscribe } = await observe();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    expect(requests).toHaveLength(1);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    unsubscribe();
  });

  it('does not ask again when shown with a reading of less than half a minute', async () => {
    const { requests, unsubscribe } = await observe();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS / 4);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    unsubscribe();
  });
});
