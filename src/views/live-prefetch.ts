/**
 * The live number and what is usual for it start as the app starts (app/start.ts), beside the location list and
 * before React and the pages are in: for the kiosk's first location and for a utilization page, where they are
 * the first screen's largest text (each feature says which location its address shows: features/kiosk/
 * kiosk-prefetch.ts, features/utilization/utilization-prefetch.ts). `/now` needs nothing but the location; what is
 * usual needs the location's date, known once the location list names its zone (a location whose zone must be
 * probed waits for its page). The pages ask for the same queries (live/live-queries.ts) and find them under way or
 * done.
 *
 * No React here, and nothing that imports React's renderer: this is on the app's start.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { AppContextValue } from '../config/app-context';
import { todayIn } from '../lib/time';
import { liveQueries } from '../live/live-queries';
import { whenZoneNamed } from './named-zone-at-start';

/** Asks for the live number of `locationId`, and what is usual for it once its zone is named. */
export function prefetchLive(queryClient: QueryClient, context: AppContextValue, locationId: number): void {
  const { client } = context;
  void queryClient.prefetchQuery(liveQueries.now(client, locationId));
  whenZoneNamed(queryClient, context, locationId, ({ zone }) => {
    void queryClient.prefetchQuery(liveQueries.usual(client, locationId, todayIn(zone, Date.now())));
  });
}
