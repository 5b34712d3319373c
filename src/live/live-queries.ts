/**
 * The live reading's and what is usual's query options, without React: the pages' hooks (use-live-reading.ts,
 * use-usual.ts) and the app's start (views/live-prefetch.ts) ask for the same queries.
 */
import { queryOptions } from '@tanstack/react-query';

import { usualRange } from '../analysis/usual';
import type { ApiClient } from '../api/client';
import { fetchNow } from '../api/now';
import { dayCode } from '../lib/time';
import { MINUTE_MS } from '../lib/time-spans';
import { metricQueries, type SeriesRequest } from '../metrics/queries';

export const LIVE_REFRESH_MS = MINUTE_MS;

export const liveQueries = {
  /** The key every live query starts with: a refresh of live data matches on it. */
  all: ['live'] as const,
  /**
   * The location's `/now` reading, with its children's when asked (every page of them: a building's spaces, the
   * portfolio's). A server without `/now` answers 404: it is asked once, not again.
   */
  now: (client: ApiClient, locationId: number, children = false) =>
    queryOptions({
      queryKey: [...liveQueries.all, 'now', locationId, { children }] as const,
      queryFn: async ({ signal }) => ({
        ...(await fetchNow(client, locationId, { children, signal })),
        receivedMs: Date.now(),
      }),
      staleTime: LIVE_REFRESH_MS / 2,
      // A tab shown again asks at once when its reading is older than that, not at the interval's next tick.
      refetchOnWindowFocus: true,
      retry: false,
    }),
  /**
   * The weeks before `today` (the location's date) on today's weekday, hourly: what is usual for each hour. Only
   * that weekday is asked for (a server that refuses the filter on hourly windows is answered without it, and the
   * browser filters; api/filter-fallback.ts).
   */
  usual: (client: ApiClient, locationId: number, today: string) => {
    const range = usualRange(today);
    const request: SeriesRequest = {
      start_date: range.start,
      end_date: range.end,
      interval: '60min',
      days_filter: String(dayCode(today)),
    };
    return metricQueries.series(client, { metric: 'occupancy', locationId, request, open: false, liveness: { today } });
  },
};
