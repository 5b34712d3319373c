import { describe, expect, it } from 'vitest';

import type { ApiClient } from '../api/client';
import type { MetricResponse } from '../api/schemas';
import type { SeriesWalk } from '../api/series-walk';
import { isOpenRange, metricQueries, OPEN_RANGE_STALE_MS, tableSeedFrom, type SeriesRequest } from './queries';

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
    const options = metricQueries.table(client, 'traffic', 7, request, false);
    const seed = tableSeedFrom(walkOf(pages))!;
    expect(seed.pageParams[0]).toEqual(options.initialPageParam);
    for (let i = 1; i < pages.length; i++) {
      expect(seed.pageParams[i]).toEqual(
        options.getNextPageParam(pages[i - 1]!, pages, seed.pageParams[i - 1]!, seed.pageParams),
      );
    }
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
    const series = metricQueries.series(client, 'traffic', 7, request, true);
    expect(series.queryKey).toEqual(['metrics', 'traffic', 7, request]);
    expect(metricQueries.table(client, 'traffic', 7, request, true).queryKey).toEqual([
      'metrics',
      'traffic',
      7,
      request,
      'infinite',
    ]);
    expect(series.queryKey.slice(0, 3)).toEqual(metricQueries.location('traffic', 7));
  });

  it('open ranges go stale after five minutes; closed ranges never', () => {
    expect(metricQueries.series(client, 'traffic', 7, request, true).staleTime).toBe(OPEN_RANGE_STALE_MS);
    expect(metricQueries.series(client, 'traffic', 7, request, false).staleTime).toBe(Infinity);
    expect(metricQueries.series(client, 'traffic', 7, request, false).refetchOnWindowFocus).toBe(false);
    expect(metricQueries.table(client, 'traffic', 7, request, true).staleTime).toBe(OPEN_RANGE_STALE_MS);
    expect(metricQueries.table(client, 'traffic', 7, request, false).staleTime).toBe(Infinity);
  });

  it('the table stops at the last page, and carries a refusal of the filters to the next page', () => {
    const options = metricQueries.table(client, 'traffic', 7, request, false);
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
