// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationRecord } from '../api/schemas';
import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../test/fetch-fakes';
import { currentUrl, renderApp, testConfig } from '../test/render-page';

// ECharts cannot draw in jsdom; the page loads the chart lazily.
vi.mock('../charts/chart', () => import('../test/chart-stand-in'));

/** Friday 20 Nov 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-20T17:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** `/locations` listing these ids, in this order. */
function listing(...ids: number[]): Response {
  const records = ids.map((id): LocationRecord => ({
    location_id: id,
    name: `Location ${id}`,
    status: 'active',
    parent_id: null,
    capacity: 10,
    start_date: null,
  }));
  return respondWithJson({ data: records, pagination: { has_more: false, next_cursor: null, prev_cursor: null } });
}

/** A server answering `/locations` with `locations` (location 1 unless given) and every metric with an empty page. */
function server(locations: () => Response | Promise<Response> = () => listing(1)) {
  return fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations') return locations();
    if (/^\/v2\/locations\/\d+\/[a-z_]+$/.test(path)) return respondWithJson(metricEnvelope('occupancy', []));
    return respondWithProblem(404);
  });
}

describe('App: ways back to the default view stay inside the app', () => {
  it.each([
    ['an unknown address', '/nope', 'No such page'],
    ['an address that names no location and metric', '/locations/abc/occupancy', /does not name a location/],
  ])('from %s', async (_, url, heading) => {
    const { user } = renderApp(url, { fetch: server().fetch });
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Open the default view' }));
    await waitFor(() => expect(currentUrl()).toBe('/locations/1/utilization'));
    expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  });
});

describe('App: the landing page opens the portfolio or a location', () => {
  it('waits for the server’s list and opens the portfolio when it lists more than one, though one is configured', async () => {
    let answer!: (response: Response) => void;
    const api = server(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/?range=30d', { fetch: api.fetch });
    expect(screen.getByLabelText('Loading locations')).toBeTruthy();
    expect(currentUrl()).toBe('/?range=30d');

    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(listing(7, 1));
    await waitFor(() => expect(currentUrl()).toBe('/portfolio?range=30d'));
  });

  it('opens the one location the server lists', async () => {
    renderApp('/?interval=60min', { fetch: server(() => listing(7)).fetch });
    await waitFor(() => expect(currentUrl()).toBe('/locations/7/utilization?interval=60min'));
  });

  it.each([
    ['has no /locations', () => respondWithProblem(404)],
    ['fails to list them', () => respondWithProblem(500)],
    ['lists none', () => listing()],
  ])('opens the first configured location when the server %s', async (_, locations) => {
    renderApp('/', { fetch: server(locations).fetch });
    await waitFor(() => expect(currentUrl()).toBe('/locations/1/utilization'));
  });

  it('opens the configured default location before the server’s first', async () => {
    renderApp('/', { fetch: server(() => listing(7)).fetch, config: { ...testConfig, defaultLocationId: 5 } });
    await waitFor(() => expect(currentUrl()).toBe('/locations/5/utilization'));
  });
});
