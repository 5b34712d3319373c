// @vitest-environment jsdom
/**
 * A chart whose dates are pinned in its link asks for its series at once, beside `/locations`, not after it
 * (issue "Time to chart": the first series request leaves before the location list has answered). A rolling range
 * still waits for the location's clock: its dates depend on it.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { fakeFetch, metricEnvelope, respondWithJson } from '../../test/fetch-fakes';
import { pageSettled, trackScheduledWork } from '../../test/page-settled';
import { renderApp, testConfig } from '../../test/render-page';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

const config = { ...testConfig, locations: [] };

/** A server whose `/locations` answers only when `release()` is called. */
function slowListServer() {
  let release: () => void = () => undefined;
  const listed = new Promise<void>((resolve) => (release = resolve));
  const api = fakeFetch(async (request) => {
    if (request.url.pathname === '/v2/locations') {
      await listed;
      const record = { location_id: 7, name: 'Concourse', status: 'active', parent_id: null, capacity: 100 };
      return respondWithJson({
        data: [{ ...record, start_date: '2021-01-01', time_zone: 'Europe/Berlin' }],
        pagination: { has_more: false, next_cursor: null, prev_cursor: null },
      });
    }
    const query = request.url.searchParams;
    return respondWithJson(
      metricEnvelope('occupancy', [], {
        location_id: 7,
        name: 'Concourse',
        capacity: 100,
        interval: query.get('interval') ?? 'daily',
        time_range: {
          start: `${query.get('start_date')}T00:00:00+01:00`,
          end: `${query.get('end_date')}T00:00:00+01:00`,
        },
      }),
    );
  });
  const seriesRequests = () => api.requests.filter((r) => r.url.pathname === '/v2/locations/7/occupancy');
  const listRequests = () => api.requests.filter((r) => r.url.pathname === '/v2/locations');
  return { fetch: api.fetch, release, seriesRequests, listRequests, requestCount: () => api.requests.length };
}

describe('a chart pinned to its dates', () => {
  it('asks for its series before the location list has answered', async () => {
    const server = slowListServer();
    renderApp('/locations/7/occupancy?from=2026-01-01&to=2026-01-31&interval=60min', { fetch: server.fetch, config });
    await waitFor(() => expect(server.seriesRequests().length).toBeGreaterThan(0));
    expect(server.seriesRequests()[0]!.url.searchParams.get('start_date')).toBe('2026-01-01');
    // Once the list and the clock are known, the page draws what was asked for, with no second walk.
    server.release();
    await screen.findByText(/^No data for these filters/);
    const firsts = server.seriesRequests().filter((r) => !r.url.searchParams.has('cursor'));
    expect(new Set(firsts.map((r) => r.url.search)).size).toBe(firsts.length);
  });

  it('a rolling range waits for the clock', async () => {
    const server = slowListServer();
    const work = trackScheduledWork();
    const { queryClient } = renderApp('/locations/7/occupancy?range=7d', { fetch: server.fetch, config });
    // Everything the page does before the list answers is done: only the list is still asked for.
    await pageSettled(queryClient, work, { requestsMade: server.requestCount, held: 1 });
    expect(server.listRequests()).toHaveLength(1);
    expect(server.seriesRequests()).toHaveLength(0);
    server.release();
    await waitFor(() => expect(server.seriesRequests().length).toBeGreaterThan(0));
  });
});
