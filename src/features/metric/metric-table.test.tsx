// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { createApiClient, type ApiClient } from '../../api/client';
import { AppContext, type AppContextValue } from '../../config/app-context';
import { METRIC_DEFINITIONS } from '../../metrics/definitions';
import { metricQueries, type SeriesRequest } from '../../metrics/queries';
import { fakeFetch, metricEnvelope, respondWithJson, respondWithProblem } from '../../test/fetch-fakes';
import { TEST_API_BASE, testConfig } from '../../test/render-page';
import { MetricTable } from './metric-table';

const occupancy = METRIC_DEFINITIONS.find((definition) => definition.metric === 'occupancy')!;
const request: SeriesRequest = { start_date: '2026-11-14', end_date: '2026-11-20', interval: 'daily' };
const zone = { kind: 'zone', name: 'America/New_York' } as const;

/** The daily occupancy window of `date` (November 2026) in New York. */
function day(date: number) {
  const at = (d: number) => `2026-11-${String(d).padStart(2, '0')}T00:00:00-05:00`;
  return {
    timestamp: at(date),
    window_start: at(date),
    window_end: at(date + 1),
    avg_occupancy: 4,
    avg_utilization_percentage: 0.4,
    peak_occupancy: 6,
    peak_utilization_percentage: 0.6,
  };
}

/** Three pages of one day each: 16, 17 and 18 Nov, the third held back until `releaseLast`. */
function threePages() {
  let releaseLast!: () => void;
  const last = new Promise<void>((resolve) => (releaseLast = resolve));
  const page = (date: number, next: string | null) =>
    respondWithJson(
      metricEnvelope('occupancy', [day(date)], {
        pagination: { has_more: next !== null, next_cursor: next, prev_cursor: null },
      }),
    );
  const api = fakeFetch(async (recorded) => {
    const cursor = recorded.url.searchParams.get('cursor');
    if (cursor === null) return page(16, 'c2');
    if (cursor === 'c2') return page(17, 'c3');
    if (cursor === 'c3') return last.then(() => page(18, null));
    return respondWithProblem(400, { title: 'Unknown cursor' });
  });
  const cursorRequests = (cursor: string) =>
    api.requests.filter((recorded) => recorded.url.searchParams.get('cursor') === cursor).length;
  return { fetch: api.fetch, releaseLast, cursorRequests };
}

/** The table over its own infinite query, as the metric page holds it. */
function Table({ client }: { client: ApiClient }) {
  const query = useInfiniteQuery(
    metricQueries.table(client, { metric: 'occupancy', locationId: 1, request, open: false }),
  );
  return <MetricTable definition={occupancy} query={query} interval="daily" zone={zone} />;
}

function renderTable(fetch: typeof globalThis.fetch) {
  const context: AppContextValue = {
    config: testConfig,
    client: createApiClient({ baseUrl: TEST_API_BASE, getToken: () => 'test-token', fetch }),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={context}>
        <Table client={context.client} />
      </AppContext.Provider>
    </QueryClientProvider>,
  );
  return { user };
}

/** The caption's page and the days of its rows, e.g. `page 1: Mon 16 Nov 2026`. */
function shown(): string {
  const table = screen.getByRole('table');
  const caption = table.querySelector('caption')?.textContent ?? '';
  const rows = within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
  return `${/page \d+( of \d+)?/.exec(caption)?.[0]}: ${rows.join(', ')}`;
}

const button = (name: 'Next page' | 'Previous page' | 'Loading…') => screen.getByRole('button', { name });

describe('MetricTable: Previous and Next, the last press wins', () => {
  it('stays on the page Previous went to when the page Next asked for arrives later', async () => {
    const server = threePages();
    const { user } = renderTable(server.fetch);
    await screen.findByRole('table');
    await user.click(button('Next page'));
    await waitFor(() => expect(shown()).toBe('page 2: Tue 17 Nov 2026'));

    await user.click(button('Next page')); // page 3 is slow to come
    await waitFor(() => expect(server.cursorRequests('c3')).toBe(1));
    await user.click(button('Previous page'));
    expect(shown()).toBe('page 1: Mon 16 Nov 2026');

    server.releaseLast();
    // "of 3": page 3 is in, and the table stayed where Previous took it.
    await waitFor(() => expect(shown()).toBe('page 1 of 3: Mon 16 Nov 2026'));

    // The page that arrived is kept: Next walks to it without asking again.
    await user.click(button('Next page'));
    await user.click(button('Next page'));
    expect(shown()).toBe('page 3 of 3: Wed 18 Nov 2026');
    expect(server.cursorRequests('c3')).toBe(1);
  });

  it('goes forward through the pages already in while the next one loads, and shows where the user went', async () => {
    const server = threePages();
    const { user } = renderTable(server.fetch);
    await screen.findByRole('table');
    await user.click(button('Next page'));
    await waitFor(() => expect(shown()).toBe('page 2: Tue 17 Nov 2026'));

    await user.click(button('Next page')); // page 3 is slow to come
    await waitFor(() => expect(button('Loading…')).toHaveProperty('disabled', true));
    await user.click(button('Previous page'));
    await user.click(button('Next page')); // page 2 is in: no wait
    expect(shown()).toBe('page 2: Tue 17 Nov 2026');

    server.releaseLast();
    await waitFor(() => expect(shown()).toBe('page 2 of 3: Tue 17 Nov 2026'));
    expect(server.cursorRequests('c3')).toBe(1);
  });
});
