import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { fakeFetch, respondWithProblem } from '../../test/fetch-fakes';
import { testConfig } from '../../test/render-page';
import { prefetchPinnedChartAt } from './pinned-prefetch';

vi.mock('../../panels/chart-code', () => ({
  preloadChart: () => Promise.resolve(),
  preloadUtilizationChart: () => Promise.resolve(),
}));

/** What the app asks for as it starts at `address`, before any render: the series requests' paths and queries. */
function askedAt(pathname: string, search: string): string[] {
  const api = fakeFetch(() => respondWithProblem(503));
  const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchPinnedChartAt(queryClient, { config: testConfig, client }, { pathname, search });
  return api.requests.map((request) => request.url.pathname + request.url.search);
}

describe('prefetchPinnedChartAt', () => {
  it('asks for a pinned chart’s series as the app starts', () => {
    const asked = askedAt('/locations/7/traffic', '?from=2026-01-01&to=2026-01-31&interval=60min');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0]).toMatch(
      /^\/v2\/locations\/7\/traffic\?start_date=2026-01-01&end_date=2026-01-\d\d&interval=60min/,
    );
  });

  it('asks for the comparison period’s series too when the link compares', () => {
    const asked = askedAt('/locations/7/traffic', '?from=2026-01-05&to=2026-01-11&interval=daily&compare=year');
    const starts = asked.map((path) => new URLSearchParams(path.split('?')[1]).get('start_date'));
    // 52 weeks before, so the weekdays line up.
    expect(new Set(starts)).toEqual(new Set(['2026-01-05', '2025-01-06']));
  });

  it('asks for nothing at any other address', () => {
    expect(askedAt('/locations/7/traffic', '?range=7d')).toEqual([]);
    expect(askedAt('/portfolio', '?from=2026-01-01&to=2026-01-31')).toEqual([]);
    expect(askedAt('/locations/7/utilization', '?from=2026-01-01&to=2026-01-31')).toEqual([]);
    expect(askedAt('/locations/x/traffic', '?from=2026-01-01&to=2026-01-31')).toEqual([]);
  });
});
