/**
 * A utilization page's series start as the app starts (app/start.ts), as soon as the location list names the
 * location's zone, rather than once React and the page have been evaluated and have rendered (on a phone, that is
 * long). The page asks for the same queries (metrics/figure-series.ts) and finds them under way or done.
 * Not asked for here: a view so large that the page asks the user first, its spaces' series (they wait for the first
 * screen: panels/first-screen.tsx) and its comparison period. A location whose zone must be probed waits for its
 * page, as its live number does (views/live-prefetch.ts).
 *
 * No React here, and nothing that imports React's renderer: this is on the app's start.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { AppContextValue } from '../../config/app-context';
import { parseCompare } from '../../filters/compare';
import { parseFilters } from '../../filters/model';
import { planView } from '../../filters/view-plan';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { figureSeriesPages, figureSeriesQueries } from '../../metrics/figure-series';
import { isLargeRequest } from '../../metrics/page-estimate';
import { filterDefaults, matchLocationRoute, parseLocationId } from '../../views/location-route';
import { whenZoneNamed } from '../../views/named-zone-at-start';
import { eachInATask } from '../../lib/scheduling/after-paint';

export function prefetchUtilizationAt(
  queryClient: QueryClient,
  context: AppContextValue,
  address: { pathname: string; search: string },
): void {
  const { client, config } = context;
  const route = matchLocationRoute(address.pathname);
  const locationId = route?.view === 'utilization' ? parseLocationId(route.locationId) : null;
  if (locationId === null) return;
  const { filters } = parseFilters(address.search, UTILIZATION_VIEW, filterDefaults(config, UTILIZATION_VIEW));
  const compare = parseCompare(new URLSearchParams(address.search)).value;
  whenZoneNamed(queryClient, context, locationId, ({ record, records, zone }) => {
    const plan = planView({
      locationId,
      definition: UTILIZATION_VIEW,
      filters,
      zone,
      nowMs: Date.now(),
      record,
      compare,
    });
    const spaces = records.filter((candidate) => candidate.parent_id === locationId).length;
    if (isLargeRequest(figureSeriesPages(plan.estimatedPages, { spaces, comparing: compare !== null }))) return;
    // Each request started in a task of its own (its request validated, its walk begun), not all in the list's.
    eachInATask(
      figureSeriesQueries(client, { locationId, request: plan.request, open: plan.open }).map(
        (options) => () => void queryClient.prefetchQuery(options),
      ),
    );
  });
}

/** The location whose live number the utilization page at `address` shows, or null: none when its dates are pinned. */
export function utilizationLiveLocationAt(address: { pathname: string; search: string }): number | null {
  const route = matchLocationRoute(address.pathname);
  const pinned = new URLSearchParams(address.search).has('from');
  return route?.view === 'utilization' && !pinned ? parseLocationId(route.locationId) : null;
}
