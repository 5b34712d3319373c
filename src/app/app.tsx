/**
 * Providers and routes. Routes: `/` (landing), `/portfolio` (every location), `/locations/:locationId/utilization` (capacity utilization),
 * `/locations/:locationId/:metric` (a metric page), `/kiosk` (a wall screen, configured by its address).
 */
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';

import { createApiClient } from '../api/client';
import { retryDelayMs, shouldRetry } from '../api/retry';
import { AppContext, type AppContextValue } from '../config/app-context';
import type { RuntimeConfig } from '../config/runtime-config';
import { configToken } from '../config/config-token';
import { useDocumentTheme } from '../lib/use-theme';
import { tokenStore } from '../config/token-store';
import { MetricPage } from '../pages/metric/metric-page';
import { prefetchPinnedChartAt } from '../pages/metric/pinned-prefetch';
import { NotFoundPage } from '../pages/shared/not-found-page';
import { Skeleton } from '../components/skeleton';
import { ErrorBoundary } from './error-boundary';
import { Landing } from './landing';
import { locationQueries } from '../locations/queries';
import { Layout } from './layout';

/** The utilization page and what only it draws are a chunk of their own: a metric page does not load them. */
const UtilizationPage = lazy(() =>
  import('../pages/utilization/utilization-page').then((m) => ({ default: m.UtilizationPage })),
);
/** The portfolio, likewise: its table, planner and virtualizer are its own. */
const PortfolioPage = lazy(() =>
  import('../pages/portfolio/portfolio-page').then((m) => ({ default: m.PortfolioPage })),
);
/** The kiosk, likewise: a wall screen's code is not a desk user's download. */
const KioskPage = lazy(() => import('../pages/kiosk/kiosk-page').then((m) => ({ default: m.KioskPage })));

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
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, refetchOnWindowFocus: false, gcTime: 10 * 60_000 },
    },
  });
}

export function App({ config }: { config: RuntimeConfig }) {
  const [context] = useState<AppContextValue>(() => ({
    config,
    client: createApiClient({
      baseUrl: config.apiBaseUrl,
      // A typed token first; then config.json's, as re-read by a kiosk refused with 401, else as read at start.
      getToken: () => tokenStore.get() ?? configToken.get() ?? config.token ?? null,
    }),
  }));
  const [queryClient] = useState(() => {
    const created = createQueryClient();
    // Every route needs the location list (names, zones): asked for now, not after the first render commits; and a
    // chart pinned to its dates needs nothing else to ask for its series (pages/metric/pinned-prefetch.ts).
    void created.prefetchQuery(locationQueries.list(context.client));
    prefetchPinnedChartAt(created, context, startAddress());
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={context}>
        {/* The same base as config.json (main.tsx): the app may be served below the site's root. */}
        <BrowserRouter basename={import.meta.env.BASE_URL}>
          <AppRoutes />
        </BrowserRouter>
      </AppContext.Provider>
    </QueryClientProvider>
  );
}

/** The address the app starts at, below its base (`import.meta.env.BASE_URL`, the router's basename). */
function startAddress(): { pathname: string; search: string } {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const { pathname, search } = window.location;
  return { pathname: pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname, search };
}

/** The route table, inside whichever router holds it (the browser's here, a memory router in tests). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="kiosk" element={<Kiosk />} />
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route
          path="portfolio"
          element={
            <Suspense fallback={<Skeleton label="Loading the portfolio" />}>
              <PortfolioPage />
            </Suspense>
          }
        />
        <Route
          path="locations/:locationId/utilization"
          element={
            <Suspense fallback={<Skeleton label="Loading the utilization page" />}>
              <UtilizationPage />
            </Suspense>
          }
        />
        <Route path="locations/:locationId/:metric" element={<MetricPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** The kiosk has no header, menus or token button: a screen of its own, with its own error boundary. */
function Kiosk() {
  const { search } = useLocation();
  // Outside the layout: the kiosk sets the page's theme itself (`theme=` of its address).
  useDocumentTheme();
  return (
    <ErrorBoundary resetKey={search}>
      <Suspense fallback={<Skeleton label="Loading the kiosk" />}>
        <KioskPage />
      </Suspense>
    </ErrorBoundary>
  );
}
