/**
 * Query-options factories: key and fetcher together, keys generic → specific. Components call
 * `useQuery(metricQueries.series(...))`; nothing else writes these keys.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import type { ApiClient } from '../api/client';
import { fetchMetricPageEitherReading, type WalkedPage } from '../api/filter-fallback';
import type { Metric, MetricQueryInput } from '../api/schemas';
import { isWalkComplete, walkSeries, type SeriesWalk } from '../api/series-walk';
import type { UiInterval } from './definitions';

/** What is sent: resolved dates (so "last 7 days" re-keys at the location's midnight), interval, filters. */
export type SeriesRequest = Omit<MetricQueryInput, 'cursor' | 'limit'> & { interval: UiInterval };

/** Ranges that include today change as the day goes on; closed ranges are history and never go stale. */
export const OPEN_RANGE_STALE_MS = 5 * 60_000;

export function isOpenRange(request: SeriesRequest, today: string): boolean {
  return request.end_date >= today;
}

/** A table page: its cursor, and whether the walk goes without filters (the server refused them; see api/filter-fallback.ts). */
export interface TablePageParam {
  cursor: string | undefined;
  filtersRefused: boolean;
}
const FIRST_TABLE_PAGE: TablePageParam = { cursor: undefined, filtersRefused: false };

export const metricQueries = {
  location: (metric: Metric, locationId: number) => ['metrics', metric, locationId] as const,

  /**
   * Every page of the range (api/series-walk.ts: parallel sub-ranges, each page retried by itself), streamed:
   * `data` is the walk so far, so the chart and the progress grow as pages arrive. A walk that failed part-way
   * keeps its pages, and the next fetch (Retry) resumes it at the page that failed. A refresh of a whole walk
   * keeps it on screen until the new one is whole. Changing the request changes the key, and the old walk's
   * signal aborts every page in flight.
   */
  series: <M extends Metric>(client: ApiClient, metric: M, locationId: number, request: SeriesRequest, open: boolean) =>
    // The client is one per app (config/app-context.tsx), not part of what the data is.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: [...metricQueries.location(metric, locationId), request] as const,
      queryFn: async ({ client: cache, queryKey, signal }): Promise<SeriesWalk<M>> => {
        const previous = cache.getQueryData<SeriesWalk<M>>(queryKey);
        const resume = previous && !isWalkComplete(previous) ? previous : undefined;
        const refresh = previous !== undefined && resume === undefined;
        return walkSeries(client, metric, locationId, request, {
          signal,
          resume,
          // A query client that retries nothing (tests) retries no page either.
          retries: cache.getDefaultOptions().queries?.retry === false ? 0 : undefined,
          onProgress: refresh ? undefined : (walk) => cache.setQueryData(queryKey, walk),
        });
      },
      // Pages are retried one by one inside the walk; a walk that still fails waits for Retry, which resumes it.
      retry: false,
      // Walks are replaced whole, never merged: comparing ~35k points with the previous walk is wasted work.
      structuralSharing: false,
      staleTime: open ? OPEN_RANGE_STALE_MS : Infinity,
      refetchOnWindowFocus: open,
      // A screen left open keeps today's figures current; history never changes.
      refetchInterval: open ? OPEN_RANGE_STALE_MS : false,
    }),

  /** The table: one cursor page at a time, next and previous. */
  table: <M extends Metric>(client: ApiClient, metric: M, locationId: number, request: SeriesRequest, open: boolean) =>
    // The client is one per app (config/app-context.tsx), not part of what the data is.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    infiniteQueryOptions({
      queryKey: [...metricQueries.location(metric, locationId), request, 'infinite'] as const,
      queryFn: ({ pageParam, signal }) =>
        fetchMetricPageEitherReading<M>(
          client,
          metric,
          locationId,
          { ...request, cursor: pageParam.cursor },
          signal,
          pageParam.filtersRefused,
        ),
      initialPageParam: FIRST_TABLE_PAGE,
      getNextPageParam: (last: WalkedPage<M>): TablePageParam | undefined =>
        last.pagination.has_more && last.pagination.next_cursor
          ? { cursor: last.pagination.next_cursor, filtersRefused: last.filteredLocally === true }
          : undefined,
      staleTime: open ? OPEN_RANGE_STALE_MS : Infinity,
      refetchOnWindowFocus: false,
    }),
};

/**
 * The table's infinite query seeded from a whole walk the chart already made (same request, same page size, one
 * cursor chain), so opening the table costs no request. A walk split into sub-ranges has other cursors: none.
 */
export function tableSeedFrom<M extends Metric>(walk: SeriesWalk<M> | undefined) {
  if (!walk || walk.chains.length !== 1 || !isWalkComplete(walk)) return undefined;
  const pages = walk.chains[0]!.pages;
  if (pages.length === 0) return undefined;
  const pageParams: TablePageParam[] = [FIRST_TABLE_PAGE];
  for (const page of pages.slice(0, -1)) {
    pageParams.push({
      cursor: page.pagination.next_cursor ?? undefined,
      filtersRefused: page.filteredLocally === true,
    });
  }
  return { pages: [...pages], pageParams };
}
