/**
 * The portfolio's query factory: one row's figures (load-row.ts) under one set of filters, kept by TanStack Query
 * like every other answer. A row is a few numbers, never its windows, so the cache holds a portfolio's rows at
 * the cost of one location's page, for the cache's time. A set of filters seen again within it shows the rows
 * that are still fresh at once. Which rows are asked for, in which order and how many at once is the planner's
 * (row-planner.ts), which asks for one with fetch-while-wanted.ts.
 */
import { queryOptions } from '@tanstack/react-query';

import type { ApiClient } from '../../api/client';
import type { LocationRecord } from '../../api/schemas';
import type { ConfiguredLocation } from '../../config/runtime-config';
import type { Filters } from '../../filters/model';
import { addDays, utcMsToIsoDate } from '../../lib/time';
import { OPEN_RANGE_STALE_MS } from '../../metrics/queries';
import { loadRow, type LoadedRow } from './load-row';

/** What one row is asked with. */
export interface RowAsk {
  record: LocationRecord;
  /** The deployment's entry for the location (config.json), which may name its zone. */
  configured: ConfiguredLocation | undefined;
  filters: Filters;
  /** The clock a rolling range's dates are resolved at. */
  nowMs: number;
}

/** What a row's fetch reads beside its key. */
interface RowMeta extends Record<string, unknown> {
  nowMs: number;
}

export const portfolioQueries = {
  all: ['portfolio'] as const,
  row: (client: ApiClient, { record, configured, filters, nowMs }: RowAsk) =>
    queryOptions({
      queryKey: [...portfolioQueries.all, 'row', record.location_id, filters, { record, configured }] as const,
      // The clock says which dates a rolling range means now, not what a row of them is: it is the query's meta,
      // as `today` is a series' (metrics/queries.ts), and a row reaching today goes stale in minutes.
      meta: { nowMs } satisfies RowMeta,
      queryFn: ({ client: queryClient, signal, meta }) =>
        loadRow({ client, queryClient, configured, filters, nowMs: (meta as RowMeta).nowMs }, record, signal),
      // Each page of a row's walks is retried by itself (api/series-walk.ts); a row that still fails waits for Retry.
      retry: false,
      // Rows whose dates reach today change as the day goes on, like the location page's series; history never.
      staleTime: ({ state }) => (endsBeforeEveryToday(state.data, Date.now()) ? Infinity : OPEN_RANGE_STALE_MS),
    }),
};

/**
 * The row's dates end before its location's today, whatever its zone: before the UTC date less one (no zone is
 * more than a day behind UTC), so no zone is needed to know it.
 */
export function endsBeforeEveryToday(row: LoadedRow | undefined, nowMs: number): boolean {
  return row !== undefined && row.end < addDays(utcMsToIsoDate(nowMs), -1);
}
