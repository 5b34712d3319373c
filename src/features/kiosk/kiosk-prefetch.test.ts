import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { figureSeriesQueries } from '../../metrics/figure-series';
import { metricQueries } from '../../metrics/queries';
import { testConfig } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';
import { filterDefaults } from '../../views/location-route';
import { kioskLiveLocationAt, prefetchKioskAt } from './kiosk-prefetch';
import { planKioskRange, todayRequest } from './kiosk-plan';

/** Wednesday 18 Nov 2026, 10:30 in New York. */
const NOW = Date.parse('2026-11-18T15:30:00Z');
const ZONE = 'America/New_York';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function start(search: string) {
  const record = {
    location_id: 11,
    name: 'Main Concourse',
    status: 'active',
    parent_id: null,
    capacity: 10,
    start_date: null,
  };
  const api = zonedMetricServer({ zone: ZONE, records: [{ ...record, time_zone: ZONE }], level: () => 4 });
  const client = createApiClient({ baseUrl: testConfig.apiBaseUrl, getToken: () => 'token', fetch: api.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchKioskAt(queryClient, { client, config: testConfig }, { pathname: '/kiosk', search });
  return { api, client, queryClient };
}

describe('prefetchKioskAt', () => {
  it('asks for the first location’s range and today’s series with the keys the kiosk asks with', async () => {
    const search = '?locations=11,20&panels=now,figures,heatmap,traffic';
    const { client, queryClient } = start(search);
    const defaults = filterDefaults(testConfig, UTILIZATION_VIEW);
    const zone = { kind: 'zone', name: ZONE } as const;
    const { plan } = planKioskRange({ search, defaults, locationId: 11, zone, nowMs: NOW });
    const keys = [
      ...figureSeriesQueries(client, { locationId: 11, request: plan.request, open: plan.open }),
      ...(['occupancy', 'traffic'] as const).map((metric) =>
        metricQueries.series(client, {
          metric,
          locationId: 11,
          request: todayRequest(metric, '2026-11-18'),
          open: true,
        }),
      ),
    ].map((options) => options.queryKey);
    for (const key of keys) await expect.poll(() => queryClient.getQueryState(key)?.status).toBe('success');
  });

  it('asks for nothing a screen does not show, and nothing at another address', async () => {
    const { api } = start('?locations=11&panels=now');
    await expect.poll(() => api.metricQueries().length).toBe(1);
    expect(api.metricQueries()[0]).toMatchObject({ interval: '15min', start_date: '2026-11-18' });
    expect(kioskLiveLocationAt({ pathname: '/portfolio', search: '?locations=11' })).toBeNull();
  });
});
