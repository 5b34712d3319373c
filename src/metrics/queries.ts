/**
 * Query-options factories: key and fetcher together, keys generic → specific. Components call
 * `useQuery(metricQueries.series(...))`; nothing else writes these keys.
 */
import { infiniteQueryOptions, queryOptions, type Query } from '@tanstack/react-query';

import type { ApiClient } from '../api/client';
import { fetchMetricPageEitherReading, type WalkedPage } from '../api/filter-fallback';
import { METRICS, type Metric, type MetricQueryInput } from '../api/schemas';
import { isWalkComplete, isWalkFinal, walkSeries } from '../api/series-walk';
import type { SeriesWalk } from '../api/walk-state';
import { createCoalescer } from '../lib/scheduling/coalescer';
import { addDays } from '../lib/time';
import { MINUTE_MS } from '../lib/time-spans';
import type { UiInterval } from './definitions';

/** A streaming walk's snapshots reach the cache (and the page) at most this often. */
const PROGRESS_EVERY_MS = 200;

/** What is sent: resolved dates (so "last 7 days" re-keys at the location's midnight), interval, filters. */
export type SeriesRequest = Omit<MetricQueryInput, 'cursor' | 'limit'> & { interval: UiInterval };

/** Ranges that include today change as the day goes on; closed ranges are history and never go stale. */
export const OPEN_RANGE_STALE_MS = 5 * MINUTE_MS;

export function isOpenRange(request: SeriesRequest, today: string): boolean {
  return request.end_date >= today;
}

/** How a series is kept current: known to callers that have the location's clock. */
export interface SeriesLiveness {
  /**
   * The location's date now (from the clock and the zone, never from a response). A refresh of a whole walk then
   * asks again only for the days that can have changed: finished local days are kept.
   */
  today?: string;
  /** The screen refreshes by itself on its own cadence (the kiosk): no refetch on the five-minute interval. */
  ownRefresh?: boolean;
}

/**
 * A cached series whose data can still change on `today`: its range reaches today, or its walk holds a sub-range
 * walked before its last day was over (a range that ended at a midnight since: its last windows may be missing).
 */
export function seriesCanChange(query: Query, today: string): boolean {
  const series = seriesKeyOf(query.queryKey);
  if (!series) return false;
  const end = (series.request as { end_date?: unknown }).end_date;
  if (typeof end === 'string' && end >= today) return true;
  const data = query.state.data as SeriesWalk | undefined;
  return data !== undefined && Array.isArray(data.chains) && !isWalkFinal(data);
}

/** What a series query's fetch reads beside its key. */
interface SeriesMeta extends Record<string, unknown> {
  today: string | undefined;
}

/** A table page: its cursor, and whether the walk goes without filters (the server refused them; see api/filter-fallback.ts). */
export interface TablePageParam {
  cursor: string | undefined;
  filtersRefused: boolean;
}
const FIRST_TABLE_PAGE: TablePageParam = { cursor: undefined, filtersRefused: false };

/** What a series query asks for: a metric of a location over a request, and how it is kept current. */
export interface SeriesAsk<M extends Metric = Metric> {
  metric: M;
  locationId: number;
  request: SeriesRequest;
  /** The range reaches today: its data may still change. */
  open: boolean;
  liveness?: SeriesLiveness;
}

export const metricQueries = {
  /** The key every metric query starts with. */
  all: ['metrics'] as const,
  location: (metric: Metric, locationId: number) => [...metricQueries.all, metric, locationId] as const,

  /**
   * Every page of the range (api/series-walk.ts: parallel sub-ranges, each page retried by itself), streamed:
   * `data` is the walk so far, so the chart and the progress grow as pages arrive. A walk that failed part-way
   * keeps its pages, and the next fetch (Retry) resumes it at the page that failed. A refresh of a whole walk
   * keeps it on screen until the new one is whole. Changing the request changes the key, and the old walk's
   * signal aborts every page in flight.
   */
  series: <M extends Metric>(client: ApiClient, { metric, locationId, request, open, liveness = {} }: SeriesAsk<M>) => {
    // A closed range ends before today: the day after its end is a today that finds every day of it final.
    const today = liveness.today ?? (open ? undefined : addDays(request.end_date, 1));
    // Open, or walked while it was (a range that closed at a midnight since): may still change.
    const live = ({ state }: { state: { data: SeriesWalk<M> | undefined } }) =>
      open || (state.data !== undefined && !isWalkFinal(state.data));
    return queryOptions({
      queryKey: [...metricQueries.location(metric, locationId), request] as const,
      // `today` decides which days a refresh asks for again, not what the data is (a rolling range's request changes
      // with its dates): it is the query's meta, not its key, and the fetch reads the meta of the latest observer.
      meta: { today } satisfies SeriesMeta,
      queryFn: async ({ client: cache, queryKey, signal, meta }): Promise<SeriesWalk<M>> => {
        const { today } = meta as SeriesMeta;
        const previous = cache.getQueryData<SeriesWalk<M>>(queryKey);
        const resume = previous && !isWalkComplete(previous) ? previous : undefined;
        // A whole walk stays on screen while its days that can have changed are walked again.
        const refresh = previous !== undefined && resume === undefined ? previous : undefined;
        // Snapshots go to the cache a few times a second, not once per page: each one re-renders the page.
        const progress = createCoalescer(
          (walk: SeriesWalk<M>) => cache.setQueryData(queryKey, walk),
          PROGRESS_EVERY_MS,
        );
        try {
          return await walkSeries(client, metric, locationId, request, {
            signal,
            resume,
            refresh,
            today,
            // A query client that retries nothing (tests) retries no page either.
            retries: cache.getDefaultOptions().queries?.retry === false ? 0 : undefined,
            onProgress: refresh ? undefined : progress.push,
          });
        } catch (error) {
          // A failed walk keeps every page it got: Retry resumes from the last snapshot in the cache.
          progress.flush();
          throw error;
        } finally {
          // The whole walk is the answer: no older snapshot may land after it.
          progress.cancel();
        }
      },
      // Pages are retried one by one inside the walk; a walk that still fails waits for Retry, which resumes it.
      retry: false,
      // Walks are replaced whole, never merged: comparing ~35k points with the previous walk is wasted work.
      structuralSharing: false,
      staleTime: (query) => (live(query) ? OPEN_RANGE_STALE_MS : Infinity),
      refetchOnWindowFocus: open,
      // A screen left open keeps today's figures current (unless it refreshes by itself); history never changes.
      refetchInterval: (query) => (!liveness.ownRefresh && live(query) ? OPEN_RANGE_STALE_MS : false),
    });
  },

  /** The table: one cursor page at a time, next and previous. */
  table: <M extends Metric>(client: ApiClient, { metric, locationId, request, open }: Omit<SeriesAsk<M>, 'liveness'>) =>
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
 * What a key of `metricQueries.series` names, or null for a key of anything else (a table's, another factory's, or
 * one read back from storage that no longer fits).
 */
export function seriesKeyOf(key: readonly unknown[]): { metric: Metric; locationId: number; request: object } | null {
  const [root, metric, locationId, request] = key;
  if (key.length !== 4 || root !== metricQueries.all[0]) return null;
  if (!(METRICS as readonly unknown[]).includes(metric) || typeof locationId !== 'number') return null;
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return null;
  return { metric: metric as Metric, locationId, request };
}

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
