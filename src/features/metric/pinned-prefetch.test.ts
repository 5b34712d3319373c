import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { parseFilters } from '../../filters/model';
import { planView } from '../../filters/view-plan';
import { metricBySlug } from '../../metrics/definitions';
import { metricQueries } from '../../metrics/queries';
import { fakeFetch, respondWithProblem } from '../../test/fetch-fakes';
import { testConfig } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';
import { filterDefaults } from '../../views/location-route';
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
  return api.requests
    .map((request) => request.url.pathname + request.url.search)
    .filter((path) => /^\/v2\/locations\/\d+\//.test(path));
}

afterEach(() => vi.useRealTimers());

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

describe('prefetchPinnedChartAt, a chart whose dates follow the clock', () => {
  /** Wednesday 18 Nov 2026, 10:30 in New York. */
  const NOW = Date.parse('2026-11-18T15:30:00Z');
  const ZONE = 'America/New_York';
  const record = {
    location_id: 11,
    name: 'Main Concourse',
    status: 'active',
    parent_id: null,
    capacity: 10,
    start_date: null,
  };

  function start(pathname: string, search: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const api = zonedMetricServer({ zone: ZONE, records: [{ ...record, time_zone: ZONE }], level: () => 4 });
    const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchPinnedChartAt(queryClient, { client, config: testConfig }, { pathname, search });
    return { api, client, queryClient };
  }

  it('asks for its series once the list names the zone, with the key the metric page asks with', async () => {
    const search = '?interval=60min';
    const { client, queryClient } = start('/locations/11/occupancy', search);
    const definition = metricBySlug('occupancy')!;
    const { filters } = parseFilters(search, definition, filterDefaults(testConfig, definition));
    const zone = { kind: 'zone', name: ZONE } as const;
    const plan = planView({ locationId: 11, definition, filters, zone, nowMs: NOW, record, compare: null });
    const { queryKey } = metricQueries.series(client, {
      metric: 'occupancy',
      locationId: 11,
      request: plan.request,
      open: plan.open,
    });
    await expect.poll(() => queryClient.getQueryState(queryKey)?.status).toBe('success');
  });

  it('asks for nothing for the table, or for a view so large that the page asks first', async () => {
    for (const search of ['?view=table', '?range=12m&interval=15min&compare=year']) {
      const { api, queryClient } = start('/locations/11/occupancy', search);
      await expect.poll(() => queryClient.isFetching()).toBe(0);
      expect(api.metricQueries(), search).toEqual([]);
    }
  });
});
