/**
 * Providers and routes. Routes: `/` (landing), `/portfolio` (every location), `/locations/:locationId/utilization` (capacity utilization),
 * `/locations/:locationId/:metric` (a metric page), `/kiosk` (a wall screen, configured by its address), `/compare` (locations side by side).
 */
import { t } from '@lingui/core/macro';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType } from 'react';
import { BrowserRouter, useLocation } from '../lib/router/router';
import { Route, Routes } from '../lib/router/routes';

import { AppContext } from '../config/app-context';
import { useDocumentTheme } from '../lib/use-theme';
import { useLanguage } from '../lib/use-language';
import { startServiceWorker } from '../offline/use-app-update';
import { MetricPage } from '../features/metric/metric-page';
import { NotFoundPage } from '../views/not-found-page';
import { Skeleton } from '../components/skeleton';
import { ErrorBoundary } from './error-boundary';
import { Landing } from './landing';
import { LAZY_PAGES } from './lazy-pages';
import { Layout } from './layout';
import type { AppStart } from './start';

export function App({ start }: { start: AppStart }) {
  const { context, queryClient } = start;
  // Another language renders the app anew, on the same address and over the same cache: every word is made again.
  const language = useLanguage();
  // The app kept for offline use, registered after the first load and its data (offline/use-app-update.ts).
  useEffect(() => startServiceWorker(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={context}>
        {/* The same base as config.json (config/early-config.ts): the app may be served below the site's root. */}
        <BrowserRouter key={language} basename={import.meta.env.BASE_URL}>
          <AppRoutes />
        </BrowserRouter>
      </AppContext.Provider>
    </QueryClientProvider>
  );
}

/** A page whose code loads when its route is first opened, with a loading panel named `label` meanwhile. */
function lazyPage(label: string, Page: ComponentType) {
  return (
    <Suspense fallback={<Skeleton label={label} />}>
      <Page />
    </Suspense>
  );
}

/** The route table, inside whichever router holds it (the browser's here, a memory router in tests). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="kiosk" element={<Kiosk />} />
      <Route element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="portfolio" element={lazyPage(t`Loading the portfolio`, LAZY_PAGES.portfolio.Page)} />
        <Route
          path="locations/:locationId/utilization"
          element={lazyPage(t`Loading the utilization page`, LAZY_PAGES.utilization.Page)}
        />
        <Route path="compare" element={lazyPage(t`Loading the comparison`, LAZY_PAGES.compare.Page)} />
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
      <Suspense fallback={<Skeleton label={t`Loading the kiosk`} />}>
        <LAZY_PAGES.kiosk.Page />
      </Suspense>
    </ErrorBoundary>
  );
}
