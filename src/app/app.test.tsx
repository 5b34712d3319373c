// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../test/fetch-fakes';
import { currentUrl, renderApp } from '../test/render-page';

// ECharts cannot draw in jsdom; the page loads the chart lazily.
vi.mock('../charts/chart', () => ({ Chart: ({ summary }: { summary: string }) => <figure aria-label={summary} /> }));

/** Friday 20 Nov 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-20T17:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** A server listing location 1 and answering every metric with an empty page. */
function server() {
  return fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations') {
      return respondWithJson({
        data: [{ location_id: 1, name: 'Main Library', status: 'active', parent_id: null, capacity: 10 }],
        pagination: { has_more: false, next_cursor: null, prev_cursor: null },
      });
    }
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
    await waitFor(() => expect(currentUrl()).toBe('/locations/1/occupancy'));
    expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  });
});
