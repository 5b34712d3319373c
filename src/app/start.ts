/**
 * The app's start, before React: the API client, the query cache, and the first requests (the location list, a
 * chart pinned to its dates: features/metric/pinned-prefetch.ts, a live number: views/live-prefetch.ts, and a
 * utilization page's series: features/utilization/utilization-prefetch.ts, the kiosk's: features/kiosk/kiosk-prefetch.ts).
 * Nothing here imports React's renderer, so that main.tsx runs it (through app/boot.ts) as soon as config.json is
 * in, while React and the pages are still being downloaded and evaluated.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';

import { createApiClient } from '../api/client';
import { fetchOrTakeEarly } from './early-requests';
import { retryDelayMs, shouldRetry } from '../api/retry';
import type { AppContextValue } from '../config/app-context';
import { configToken, dropConfigTokenWhenRefused } from '../config/config-token';
import type { RuntimeConfig } from '../config/runtime-config';
import { tokenStore } from '../config/token-store';
import { onNextPaint } from '../lib/scheduling/after-paint';
import { loadNumberFormats } from '../lib/format';
import { MINUTE_MS } from '../lib/time-spans';
import { locationQueries } from '../locations/queries';
import { followBrowserNetwork } from '../offline/network';
import { prefetchPinnedChartAt } from '../features/metric/pinned-prefetch';
import { prefetchLive } from '../views/live-prefetch';
import { kioskLiveLocationAt, prefetchKioskAt } from '../features/kiosk/kiosk-prefetch';
import { prefetchUtilizationAt, utilizationLiveLocationAt } from '../features/utilization/utilization-prefetch';

/** What the app is mounted with: its context (configuration and API client) and its query cache. */
export interface AppStart {
  context: AppContextValue;
  queryClient: QueryClient;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Panels show the errors of what the user asked for; only background refetch failures, which a panel
    // with data on screen does not show, are logged here.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined) console.warn('Background refresh failed', query.queryKey, error);
      },
    }),
    defaultOptions: {
      // Only what may pass retries (no answer, 429, 5xx), with backoff or the server's Retry-After; a 400, 401
      // or 404 shows its panel at once.
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, refetchOnWindowFocus: false, gcTime: 10 * MINUTE_MS },
    },
  });
}

/** Creates the client and the cache, and asks for what the page at `address` (below the app's base) needs first. */
export function startApp(config: RuntimeConfig, address: { pathname: string; search: string }): AppStart {
  const context: AppContextValue = {
    config,
    client: createApiClient({
      baseUrl: config.apiBaseUrl,
      // A typed token first; then config.json's, as re-read by a kiosk refused with 401, else as read at start.
      getToken: () => tokenStore.get() ?? configToken.get() ?? config.token ?? null,
      // The location list's first page may be on its way already (main.tsx).
      fetch: fetchOrTakeEarly,
    }),
  };
  const queryClient = createQueryClient();
  // A config.json token the API refuses is dropped from the service worker's copy (config/config-token.ts).
  dropConfigTokenWhenRefused(queryClient, () =>
    tokenStore.get() === null ? (configToken.get() ?? config.token ?? null) : null,
  );
  // Opened with no network, the queries wait for it rather than fail (offline/network.ts).
  followBrowserNetwork();
  // Every route needs the location list (names, zones); a chart pinned to its dates needs nothing else.
  void queryClient.prefetchQuery(locationQueries.list(context.client));
  prefetchPinnedChartAt(queryClient, context, address);
  // The kiosk's and a utilization page's live number, and what is usual for it.
  const liveLocation = kioskLiveLocationAt(address) ?? utilizationLiveLocationAt(address);
  if (liveLocation !== null) prefetchLive(queryClient, context, liveLocation);
  // A utilization page's series and the kiosk's, once the list names the location's zone.
  prefetchUtilizationAt(queryClient, context, address);
  prefetchKioskAt(queryClient, context, address);
  // While those are out, once the frame is painted: every page formats numbers as its first answers come (the time
  // zones are loaded by the entry).
  onNextPaint(loadNumberFormats);
  return { context, queryClient };
}

/** The address the app starts at, below its base (`import.meta.env.BASE_URL`, the router's basename). */
export function startAddress(): { pathname: string; search: string } {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const { pathname, search } = window.location;
  return { pathname: pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname, search };
}
