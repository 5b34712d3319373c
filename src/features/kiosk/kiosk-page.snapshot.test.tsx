// @vitest-environment jsdom
/**
 * The kiosk over kept data (use-kiosk-snapshot.ts), as after a browser restart: the store is a memory backend
 * holding what an earlier run of the screen wrote, the network is whatever each test says.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from '../../api/client';
import { AppContext } from '../../config/app-context';
import type { RuntimeConfig } from '../../config/runtime-config';
import { HOUR_MS, MINUTE_MS } from '../../lib/time-spans';
import {
  fakeFetch,
  makeNetworkFail,
  metricEnvelope,
  respondWithJson,
  respondWithProblem,
} from '../../test/fetch-fakes';
import { TEST_API_BASE, TEST_TOKEN, testConfig } from '../../test/render-page';
import { KioskPage } from './kiosk-page';
import {
  createKioskSnapshotStore,
  kioskAddress,
  snapshotKey,
  type SnapshotEntry,
  type SnapshotInput,
} from './kiosk-snapshot';
import { memoryBackend } from '../../persist/kept-store';
import { KioskSnapshotContext } from './use-kiosk-snapshot';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

/** Tuesday 10 March 2026, 11:30 in New York (EDT, −04:00), location 1's zone in testConfig. */
const NOW = Date.parse('2026-03-10T15:30:00Z');
const SEARCH = 'locations=1&panels=now,figures&rotate=0&refresh=60';
const NEW_YORK = { kind: 'zone', name: 'America/New_York' } as const;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Occupancy of `windows` quarter-hours from midnight of `date` in New York (EDT). */
function occupancyPages(date: string, windows: number) {
  const midnight = Date.parse(`${date}T04:00:00Z`);
  const at = (ms: number) => new Date(ms - 4 * HOUR_MS).toISOString().replace('.000Z', '-04:00');
  const data = Array.from({ length: windows }, (_, index) => {
    const start = midnight + index * 15 * MINUTE_MS;
    return {
      timestamp: at(start),
      window_start: at(start),
      window_end: at(start + 15 * MINUTE_MS),
      avg_occupancy: 3,
      avg_utilization_percentage: 0.3,
      peak_occupancy: 4,
      peak_utilization_percentage: 0.4,
    };
  });
  const end = at(midnight + 24 * HOUR_MS);
  return [
    metricEnvelope('occupancy', data, {
      interval: '15min',
      time_range: { start: at(midnight), end },
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      hour_range: { start: 0, end: 23 },
    }),
  ] as Extract<SnapshotInput['content'], { panel: 'now' }>['pages'];
}

const FIGURES = {
  averageUtilization: 0.25,
  peakUtilization: 0.9,
  peakOccupancy: 9,
  peakOccupancyAt: '2026-03-09T11:00:00-04:00',
  totalEntries: 4321,
  averageDwellMinutes: 35,
  inUseShare: 0.6,
  hoursOverCapacity: 0,
  rightSizeP95: 8,
  busiestHour: 11,
  busiestWeekday: 3,
};

function kept(
  receivedAt: number,
  zone: SnapshotEntry['location']['zone'] = NEW_YORK,
  search = SEARCH,
): SnapshotInput[] {
  const location = { name: 'Main Library (kept)', zone };
  const address = kioskAddress(search);
  const date = new Date(receivedAt - 4 * HOUR_MS).toISOString().slice(0, 10);
  return [
    { address, locationId: 1, receivedAt, location, content: { panel: 'now', pages: occupancyPages(date, 2) } },
    { address, locationId: 1, receivedAt, location, content: { panel: 'figures', figures: FIGURES, capacity: 10 } },
  ];
}

async function storeWith(entries: SnapshotInput[]) {
  const backend = memoryBackend();
  const store = createKioskSnapshotStore({ backend, secrets: () => [TEST_TOKEN] });
  for (const entry of entries) expect(await store.save(entry)).toBe('saved');
  return { backend, store };
}

function renderKiosk(options: {
  fetch: typeof fetch;
  store: ReturnType<typeof createKioskSnapshotStore>;
  config?: RuntimeConfig;
  search?: string;
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const client = createApiClient({ baseUrl: TEST_API_BASE, getToken: () => TEST_TOKEN, fetch: options.fetch });
  return render(
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={{ config: options.config ?? testConfig, client }}>
        <KioskSnapshotContext.Provider value={options.store}>
          <MemoryRouter initialEntries={[`/kiosk?${options.search ?? SEARCH}`]}>
            <KioskPage />
          </MemoryRouter>
        </KioskSnapshotContext.Provider>
      </AppContext.Provider>
    </QueryClientProvider>,
  );
}

/** The header's "Updated …" line. */
const statusLine = () => screen.getByText(/^(Updated|Loading…)/).closest('p')!;
const totalEntries = () =>
  within(screen.getByRole('region', { name: 'Headline figures' })).getByText((_, element) =>
    Boolean(element?.matches('[data-kpi="total-entries"]')),
  );

describe('the kiosk after a browser restart', () => {
  it('with the API unreachable, shows the kept panels, stale, with the time they were received', async () => {
    const { store } = await storeWith(kept(NOW - HOUR_MS));
    renderKiosk({ fetch: fakeFetch(() => makeNetworkFail()).fetch, store });

    const chart = await screen.findByRole('figure', { name: /^Occupancy today against capacity, 2 quarter-hours/ });
    // Drawn at once: a wall screen redraws its charts at every rotation, for nobody watching (charts/motion.ts).
    expect(chart.dataset.animate).toBe('false');
    expect(totalEntries().getAttribute('data-value')).toBe('4321');
    const status = statusLine();
    expect(status.textContent).toBe('Updated 10:30 · stale: the API is not answering; showing the last data received');
    expect(status.className).toBe('kiosk-updated stale');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with no zone named anywhere (vendor records) and the API unreachable, draws them on the kept clock', async () => {
    const zone = {
      kind: 'day' as const,
      day: {
        date: '2026-03-10',
        startMs: Date.parse('2026-03-10T04:00:00Z'),
        endMs: Date.parse('2026-03-11T04:00:00Z'),
        startOffsetMinutes: -240,
        endOffsetMinutes: -240,
      },
    };
    const { store } = await storeWith(kept(NOW - HOUR_MS, zone));
    renderKiosk({ fetch: fakeFetch(() => makeNetworkFail()).fetch, store, config: { ...testConfig, locations: [] } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Main Library (kept)' })).toBeTruthy();
    expect(
      await screen.findByRole('figure', { name: /^Occupancy today against capacity, 2 quarter-hours/ }),
    ).toBeTruthy();
    expect(totalEntries().getAttribute('data-value')).toBe('4321');
    expect(screen.getByText(/^Tue 10 Mar, 11:30 \(UTC−04:00|UTC-04:00\)/)).toBeTruthy();
    expect(statusLine().className).toBe('kiosk-updated stale');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('past midnight and more than a week later, says the date and how old the data is', async () => {
    // Monday 2 March, 10:30 in New York (EST, −05:00: summer time begins on 8 March).
    const { store } = await storeWith(kept(Date.parse('2026-03-02T15:30:00Z')));
    renderKiosk({ fetch: fakeFetch(() => makeNetworkFail()).fetch, store });

    expect(
      await screen.findByRole('figure', { name: /^Occupancy today against capacity: 2 Mar 2026, 2 quarter-hours/ }),
    ).toBeTruthy();
    // Inside the now panel, today's chart says which day it shows.
    const panel = screen.getByRole('region', { name: 'Occupancy today against capacity' });
    const heading = within(panel).getByRole('heading', { level: 3, name: /^Today/ });
    expect(heading.textContent).toBe('Today · 2 Mar 2026');
    expect(statusLine().textContent).toBe(
      'Updated Mon 2 Mar, 10:30, 8 days ago · stale: the API is not answering; showing the last data received',
    );
  });

  it('when live data arrives, shows it instead, without the marker, and keeps it in place of the old', async () => {
    const search = 'locations=1&panels=now&rotate=0';
    const { backend, store } = await storeWith(kept(NOW - HOUR_MS, NEW_YORK, search).slice(0, 1));
    const api = fakeFetch((request) => {
      if (
        /\/locations\/1\/occupancy$/.test(request.url.pathname) &&
        request.url.searchParams.get('interval') === '15min'
      ) {
        return respondWithJson(occupancyPages('2026-03-10', 46)[0]);
      }
      return respondWithProblem(404);
    });
    renderKiosk({ fetch: api.fetch, store, search });

    expect(
      await screen.findByRole('figure', { name: /^Occupancy today against capacity, 46 quarter-hours/ }),
    ).toBeTruthy();
    await waitFor(() => expect(statusLine().textContent).toBe('Updated 11:30'));
    await waitFor(async () => {
      const entry = (await store.load(kioskAddress(search), 1)).now;
      expect(entry?.receivedAt).toBe(NOW);
      expect(entry?.content.panel === 'now' && entry.content.pages[0]!.data.length).toBe(46);
    });
    expect(JSON.stringify([...backend.contents])).not.toContain(TEST_TOKEN);
  });

  it('ignores a corrupt kept entry: the screen says it cannot load its data, and does not crash', async () => {
    const { backend, store } = await storeWith([]);
    backend.contents.set(snapshotKey(kioskAddress(SEARCH), 1, 'now'), { version: 1, content: 'garbage' });
    renderKiosk({ fetch: fakeFetch(() => makeNetworkFail()).fetch, store, config: { ...testConfig, locations: [] } });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('This screen cannot load its data');
  });
});
