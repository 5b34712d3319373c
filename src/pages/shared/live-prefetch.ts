/**
 * The live number and what is usual for it start as the app starts (app/start.ts), beside the location list and
 * before React and the pages are in: for the kiosk's first location and for a utilization page, where they are
 * the first screen's largest text. `/now` needs nothing but the location; what is usual needs the location's
 * date, known once the location list names its zone (a location whose zone must be probed waits for its page).
 * The pages ask for the same queries (live/live-queries.ts) and find them under way or done.
 *
 * No React here, and nothing that imports React's renderer: this is on the app's start.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { AppContextValue } from '../../config/app-context';
import { parseKioskSettings } from '../../filters/kiosk-params';
import { todayIn } from '../../lib/time';
import { liveQueries } from '../../live/live-queries';
import { matchLocationRoute, parseLocationId } from './location-route';
import { whenZoneNamed } from './named-zone-at-start';

/** The location whose live number the page at `address` shows first, or null. */
export function liveLocationAt(address: { pathname: string; search: string }): number | null {
  if (/^\/kiosk\/?$/.test(address.pathname)) {
    const { settings } = parseKioskSettings(new URLSearchParams(address.search));
    return settings.panels.includes('now') ? (settings.locations[0] ?? null) : null;
  }
  // A utilization page shows the live number when its dates include today: not when they are pinned (from/to).
  const route = matchLocationRoute(address.pathname);
  const pinned = new URLSearchParams(address.search).has('from');
  return route?.view === 'utilization' && !pinned ? parseLocationId(route.locationId) : null;
}

export function prefetchLiveAt(
  queryClient: QueryClient,
  context: AppContextValue,
  address: { pathname: string; search: string },
): void {
  const { client } = context;
  const locationId = liveLocationAt(address);
  if (locationId === null) return;
  void queryClient.prefetchQuery(liveQueries.now(client, locationId));
  whenZoneNamed(queryClient, context, locationId, ({ zone }) => {
    void queryClient.prefetchQuery(liveQueries.usual(client, locationId, todayIn(zone, Date.now())));
  });
}
