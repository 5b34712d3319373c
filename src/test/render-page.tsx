/**
 * Renders the metric page as the app does (routes, app context, query client), at a URL, over a fake fetch:
 *
 *   const api = fakeFetch(handler);
 *   const { user } = renderPage('/locations/1/occupancy?interval=60min', { fetch: api.fetch });
 *   expect(currentUrl()).toBe('/locations/1/traffic?interval=60min');
 *
 * `renderApp` renders the app's whole route table instead (layout, landing, not-found), for what crosses pages.
 * Each call builds a fresh QueryClient with `retry: false`, so no test waits on retries or sees another's cache.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from '../lib/router/router';
import { Route, Routes } from '../lib/router/routes';

import { createApiClient } from '../api/client';
import { AppRoutes } from '../app/app';
import { AppContext, type AppContextValue } from '../config/app-context';
import { runtimeConfigSchema, type RuntimeConfig } from '../config/runtime-config';
import { MetricPage } from '../features/metric/metric-page';

export const TEST_API_BASE = 'http://api.test/v2';
export const TEST_TOKEN = 'test-token';

/** One configured location (id 1, New York), the 7-day default range, dwell times in minutes. */
export const testConfig: RuntimeConfig = runtimeConfigSchema.parse({
  apiBaseUrl: TEST_API_BASE,
  locations: [{ id: 1, name: 'Main Library', timeZone: 'America/New_York' }],
});

export interface RenderPageOptions {
  /** The fake at the fetch boundary (`fakeFetch(handler).fetch`). */
  fetch: typeof fetch;
  config?: RuntimeConfig;
  /** Earlier history entries, oldest first: the "Browser Back" button goes back to them. */
  history?: string[];
}

/** The address the router is at, as the test element shows it. */
function CurrentUrl() {
  const location = useLocation();
  return <output aria-label="Current URL">{location.pathname + location.search}</output>;
}

/** The browser's Back button: outside the page, as the browser's is. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser Back
    </button>
  );
}

export function renderPage(url: string, options: RenderPageOptions) {
  return renderRoutes(
    url,
    options,
    <Routes>
      <Route path="/locations/:locationId/:metric" element={<MetricPage />} />
    </Routes>,
  );
}

/** The whole app at `url`: the layout with its error boundary, the landing, the metric page, not-found. */
export function renderApp(url: string, options: RenderPageOptions) {
  return renderRoutes(url, options, <AppRoutes />);
}

function renderRoutes(url: string, options: RenderPageOptions, routes: ReactNode) {
  const config = options.config ?? testConfig;
  const entries = [...(options.history ?? []), url];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const context: AppContextValue = {
    config,
    client: createApiClient({ baseUrl: TEST_API_BASE, getToken: () => TEST_TOKEN, fetch: options.fetch }),
  };
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={context}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          {routes}
          <CurrentUrl />
          <BrowserBack />
        </MemoryRouter>
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, config };
}

/** `pathname + search` of the router, from the test element. */
export function currentUrl(): string {
  return screen.getByRole('status', { name: 'Current URL' }).textContent ?? '';
}
