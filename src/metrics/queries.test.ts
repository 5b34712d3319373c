import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import type { ApiClient } from '../api/client';
import type { MetricResponse } from '../api/schemas';
import { walkPages } from '../api/series-walk';
import type { SeriesWalk } from '../api/walk-state';
import { addDays } from '../lib/time';
import { MINUTE_MS } from '../lib/time-spans';
import { seriesDifference, seriesLines, walkRaw } from '../test/raw-walk';
import { specServer } from '../test/spec-server';
import {
  isOpenRange,
  metricQueries,
  OPEN_RANGE_STALE_MS,
  seriesCanChange,
  seriesKeyOf,
  tableSeedFrom,
  type SeriesRequest,
} from './queries';

function page(next: string | null, prev: string | null = null): MetricResponse<'traffic'> {
  return {
    location_id: 7,
    name: 'Lobby',
    capacity: 40,
    metric: 'traffic',
    interval: 'daily',
    time_range: { start: '2026-11-01T00:00:00-05:00', end: '2026-11-19T00:00:00-05:00' },
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    hour_range: { start: 0, end: 23 },
    data: [],
    pagination: { has_more: next !== null, next_cursor: next, prev_cursor: prev },
  };
}

const request: SeriesRequest = { start_date: '2026-11-01', end_date: '2026-11-18', interval: 'daily' };

/** A whole walk of one cursor chain, or of several sub-ranges. */
const walkOf = (...chains: MetricResponse<'traffic'>[][]): SeriesWalk<'traffic'> => ({
  chains: chains.map((pages) => ({
    start_date: '2026-11-01',
    end_date: '2026-11-18',
    pages,
    cursor: undefined,
    done: pages.at(-1)?.pagination.has_more === false,
    filtersRefused: false,
    final: false,
  })),
});
const client = {} as ApiClient;

describe('tableSeedFrom', () => {
  it('pairs each page with the cursor that fetched it: undefined, then the previous next_cursor', () => {
    const pages = [page('c1'), page('c2', 'p2'), page(null, 'p3')];
    const seed = tableSeedFrom(walkOf(pages));
    expect(seed).toEqual({
      pages,
      pageParams: [
        { cursor: undefined, filtersRefused: false },
        { cursor: 'c1', filtersRefused: false },
        { cursor: 'c2', filtersRefused: false },
      ],
    });
    expect(seed!.pages).not.toBe(pages);
  });

  it('seeds a single page with the initial page param', () => {
    const only = page(null);
    expect(tableSeedFrom(walkOf([only]))).toEqual({
      pages: [only],
      pageParams: [{ cursor: undefined, filtersRefused: false }],
    });
  });

  it('has nothing to seed without pages', () => {
    expect(tableSeedFrom(undefined)).toBeUndefined();
    expect(tableSeedFrom(walkOf([]))).toBeUndefined();
  });

  it('seeds nothing from a walk that is not whole, or that was split into sub-ranges (other cursors)', () => {
    expect(tableSeedFrom(walkOf([page('c1')]))).toBeUndefined();
    expect(tableSeedFrom(walkOf([page(null)], [page(null)]))).toBeUndefined();
  });

  it('agrees with the table query: each seeded param is getNextPageParam of the page before', () => {
    const pages = [page('c1'), page('c2'), page('c3'), page(null)];
    const options = metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: false });
    const seed = tableSeedFrom(walkOf(pages))!;
    expect(seed.pageParams[0]).toEqual(options.initialPageParam);
    for (let i = 1; i < pages.length; i++) {
      expect(seed.pageParams[i]).toEqual(
        options.getNextPageParam(pages[i - 1]!, pages, seed.pageParams[i - 1]!, seed.pageParams),
      );
    }
  });
});

describe('seriesKeyOf', () => {
  it('reads the keys the series factory writes, and no other', () => {
    const { queryKey } = metricQueries.series(client, { metric: 'traffic', locationId: 7, request, open: false });
    expect(seriesKeyOf(queryKey)).toEqual({ metric: 'traffic', locationId: 7, request });
    const table = metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: false });
    expect(seriesKeyOf(table.queryKey)).toBeNull();
    expect(seriesKeyOf(['metrics', 'noise', 7, request])).toBeNull();
    expect(seriesKeyOf(['metrics', 'traffic', '7', request])).toBeNull();
    expect(seriesKeyOf(['live', 'now', 7, { children: false }])).toBeNull();
  });
});

describe('isOpenRange', () => {
  it.each([
    ['2026-11-18', '2026-11-18', true],
    ['2026-11-30', '2026-11-18', true],
    ['2026-11-17', '2026-11-18', false],
    ['2025-12-31', '2026-01-01', false],
  ])('end %s, today %s → %s', (end, today, open) => {
    expect(isOpenRange({ ...request, end_date: end }, today)).toBe(open);
  });
});

describe('metricQueries', () => {
  it('keys generic → specific, the request included', () => {
    const series = metricQueries.series(client, { metric: 'traffic', locationId: 7, request, open: true });
    expect(series.queryKey).toEqual(['metrics', 'traffic', 7, request]);
    expect(metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: true }).queryKey).toEqual([
      'metrics',
      'traffic',
      7,
      request,
      'infinite',
    ]);
    expect(series.queryKey.slice(0, 3)).toEqual(metricQueries.location('traffic', 7));
  });

  it('open ranges go stale after five minutes; closed ranges never', () => {
    const state = (walk: SeriesWalk | undefined) => ({ state: { data: walk } }) as never;
    const finalWalk: SeriesWalk = { chains: walkOf([page(null)]).chains.map((chain) => ({ ...chain, final: true })) };
    const open = metricQueries.series(client, { metric: 'traffic', locationId: 7, request, open: true });
    const closed = metricQueries.series(client, { metric: 'traffic', locationId: 7, request, open: false });
    const staleTime = (options: typeof open) => (options.staleTime as (query: never) => number)(state(finalWalk));
    expect(staleTime(open)).toBe(OPEN_RANGE_STALE_MS);
    expect(staleTime(closed)).toBe(Infinity);
    expect(closed.refetchOnWindowFocus).toBe(false);
    expect(metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: true }).staleTime).toBe(
      OPEN_RANGE_STALE_MS,
    );
    expect(metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: false }).staleTime).toBe(
      Infinity,
    );
  });

  it('a closed range walked while it was open (before a midnight) goes stale, and refetches, until walked again', () => {
    const state = (walk: SeriesWalk | undefined) => ({ state: { data: walk } }) as never;
    const walkedOpen = walkOf([page(null)]);
    const closed = metricQueries.series(client, { metric: 'traffic', locationId: 7, request, open: false });
    expect((closed.staleTime as (query: never) => number)(state(walkedOpen))).toBe(OPEN_RANGE_STALE_MS);
    expect((closed.refetchInterval as (query: never) => number | false)(state(walkedOpen))).toBe(OPEN_RANGE_STALE_MS);
    expect((closed.refetchInterval as (query: never) => number | false)(state(undefined))).toBe(false);
  });

  it('a screen that refreshes by itself (the kiosk) gets no five-minute refetch interval', () => {
    const state = { state: { data: undefined } } as never;
    const interval = (ownRefresh: boolean) =>
      (
        metricQueries.series(client, {
          metric: 'traffic',
          locationId: 7,
          request,
          open: true,
          liveness: { today: '2026-11-18', ownRefresh },
        }).refetchInterval as (query: never) => number | false
      )(state);
    expect(interval(false)).toBe(OPEN_RANGE_STALE_MS);
    expect(interval(true)).toBe(false);
  });

  it('the table stops at the last page, and carries a refusal of the filters to the next page', () => {
    const options = metricQueries.table(client, { metric: 'traffic', locationId: 7, request, open: false });
    const first = options.initialPageParam;
    const last = page(null, 'p9');
    expect(options.getNextPageParam(last, [last], first, [first])).toBeUndefined();
    const refused = { ...page('c2'), filteredLocally: true as const };
    expect(options.getNextPageParam(refused, [refused], first, [first])).toEqual({
      cursor: 'c2',
      filtersRefused: true,
    });
  });
});

/**
 * Refreshes through the query client, as the kiosk makes them, against the fake spec server with a clock (Berlin,
 * windows after "now" absent): the requests a refresh sends are counted.
 */
describe('a refresh of a whole walk asks only for the days that can have changed', () => {
  const ZONE = 'Europe/Berlin';
  const TODAY = '2026-11-18';
  const AT_1530 = Date.parse('2026-11-18T15:30:00+01:00');
  const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const datesOf = (server: ReturnType<typeof specServer>, from: number) =>
    server.requests
      .slice(from)
      .map((r) => `${r.url.searchParams.get('start_date')}..${r.url.searchParams.get('end_date')}`);

  it.each([
    [7, '60min', 2],
    [30, '60min', 2],
    [90, '15min', 10],
    [365, '60min', 10],
  ] as const)(
    'last %i days at %s: %i requests to load, then one request per refresh, for today only',
    async (days, interval, firstLoad) => {
      let now = AT_1530;
      const server = specServer({ zone: ZONE, nowMs: () => now });
      const queryClient = newClient();
      const ask: SeriesRequest = { start_date: addDays(TODAY, 1 - days), end_date: TODAY, interval };
      const options = metricQueries.series(server.client, {
        metric: 'occupancy',
        locationId: 1,
        request: ask,
        open: true,
        liveness: { today: TODAY },
      });
      await queryClient.fetchQuery(options);
      expect(server.requests).toHaveLength(firstLoad);

      const perRefresh: number[] = [];
      for (let refresh = 0; refresh < 3; refresh++) {
        now += MINUTE_MS;
        const before = server.requests.length;
        await queryClient.refetchQueries({ queryKey: options.queryKey });
        perRefresh.push(server.requests.length - before);
        expect(datesOf(server, before)).toEqual([`${TODAY}..${TODAY}`]);
      }
      expect(perRefresh).toEqual([1, 1, 1]);
      // The refreshed walk is the whole range as it stands now, as a bare loop over a fresh server's cursors gives it.
      const walked = seriesLines(walkPages(queryClient.getQueryData(options.queryKey)!));
      const reference = seriesLines(await walkRaw(specServer({ zone: ZONE, nowMs: () => now }), 'occupancy', ask));
      expect(seriesDifference(walked, reference)).toBeNull();
    },
  );

  it('without today (a caller with no clock), a refresh walks the whole range again, as before', async () => {
    const server = specServer({ zone: ZONE, nowMs: () => AT_1530 });
    const queryClient = newClient();
    const ask: SeriesRequest = { start_date: addDays(TODAY, -89), end_date: TODAY, interval: '15min' };
    const options = metricQueries.series(server.client, {
      metric: 'occupancy',
      locationId: 1,
      request: ask,
      open: true,
    });
    await queryClient.fetchQuery(options);
    const before = server.requests.length;
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    expect(server.requests.length - before).toBe(before);
    expect(before).toBe(9);
  });

  it('keeps the old walk on screen until the refreshed one is whole', async () => {
    let now = AT_1530;
    const server = specServer({ zone: ZONE, nowMs: () => now, latencyMs: 5 });
    const queryClient = newClient();
    const ask: SeriesRequest = { start_date: addDays(TODAY, -6), end_date: TODAY, interval: '15min' };
    const options = metricQueries.series(server.client, {
      metric: 'occupancy',
      locationId: 1,
      request: ask,
      open: true,
      liveness: { today: TODAY },
    });
    const old = await queryClient.fetchQuery(options);
    const seen: unknown[] = [];
    const unsubscribe = queryClient
      .getQueryCache()
      .subscribe(() => seen.push(queryClient.getQueryData(options.queryKey)));
    now += 15 * MINUTE_MS;
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    unsubscribe();
    const fresh = queryClient.getQueryData(options.queryKey)!;
    expect(new Set(seen)).toEqual(new Set([old, fresh]));
    // The finished days are the very same pages; today's sub-range is new.
    expect(fresh.chains[0]).toBe(old.chains[0]);
    expect(fresh.chains.at(-1)).not.toBe(old.chains.at(-1));
  });

  it('midnight: a range walked at 23:58 of its last day is walked once more after midnight, then never again', async () => {
    let now = Date.parse('2026-11-18T23:58:00+01:00');
    const server = specServer({ zone: ZONE, nowMs: () => now });
    const queryClient = newClient();
    const ask: SeriesRequest = { start_date: '2026-11-12', end_date: TODAY, interval: '15min' };
    await queryClient.fetchQuery(
      metricQueries.series(server.client, {
        metric: 'occupancy',
        locationId: 1,
        request: ask,
        open: true,
        liveness: { today: TODAY },
      }),
    );
    const key = metricQueries.series(server.client, {
      metric: 'occupancy',
      locationId: 1,
      request: ask,
      open: true,
    }).queryKey;
    const query = () => queryClient.getQueryCache().find({ queryKey: key })!;
    const lastWindow = () =>
      walkPages(query().state.data as SeriesWalk)
        .at(-1)!
        .data.at(-1)!;
    expect(lastWindow().window_start).toBe('2026-11-18T23:45:00+01:00');
    const before = lastWindow();

    // 00:03: the range is closed now, but its last day was walked while it was today.
    now = Date.parse('2026-11-19T00:03:00+01:00');
    const after = metricQueries.series(server.client, {
      metric: 'occupancy',
      locationId: 1,
      request: ask,
      open: false,
      liveness: { today: '2026-11-19' },
    });
    queryClient
      .getQueryCache()
      .find({ queryKey: key })!
      .setOptions(after as never);
    expect(seriesCanChange(query(), '2026-11-19')).toBe(true);
    const sent = server.requests.length;
    await queryClient.refetchQueries({ queryKey: key });
    expect(datesOf(server, sent)).toEqual(['2026-11-18..2026-11-18']);
    // The last window, now whole, has its final value (the spec server's window containing now changes with it).
    expect(lastWindow().window_start).toBe('2026-11-18T23:45:00+01:00');
    expect(lastWindow()).not.toEqual(before);
    expect(seriesCanChange(query(), '2026-11-19')).toBe(false);

    const settled = server.requests.length;
    await queryClient.refetchQueries({ queryKey: key });
    expect(server.requests.length).toBe(settled);
  });
});
