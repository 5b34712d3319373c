/**
 * What the kiosk's address asks for first, as the app starts (app/start.ts), for its first location: its live number
 * when its now panel is shown (views/live-prefetch.ts), and, once the location list names its zone, its range's series
 * (the figures and the busiest times) and today's occupancy and entries, with the keys its page asks with
 * (kiosk-plan.ts): on a phone, its first screen's data is under way before React and the page are in. A location whose
 * zone must be probed waits for its page. No React here: this is on the app's start.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { AppContextValue } from '../../config/app-context';
import { eachInATask } from '../../lib/scheduling/after-paint';
import { todayIn } from '../../lib/time';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { figureSeriesQueries } from '../../metrics/figure-series';
import { metricQueries } from '../../metrics/queries';
import { filterDefaults } from '../../views/location-route';
import { whenZoneNamed } from '../../views/named-zone-at-start';
import { parseKioskSettings, type KioskSettings } from './kiosk-params';
import { planKioskRange, todayRequest } from './kiosk-plan';

/** The kiosk's settings at `address`, or null at another page. */
function kioskAt(address: { pathname: string; search: string }): KioskSettings | null {
  if (!/^\/kiosk\/?$/.test(address.pathname)) return null;
  return parseKioskSettings(new URLSearchParams(address.search)).settings;
}

/** The location whose live number the kiosk at `address` shows first, or null (another page, or no now panel). */
export function kioskLiveLocationAt(address: { pathname: string; search: string }): number | null {
  const settings = kioskAt(address);
  return settings?.panels.includes('now') ? (settings.locations[0] ?? null) : null;
}

/** Asks for the first location's range series and today's series, once its zone is named. */
export function prefetchKioskAt(
  queryClient: QueryClient,
  context: AppContextValue,
  address: { pathname: string; search: string },
): void {
  const settings = kioskAt(address);
  const locationId = settings?.locations[0];
  if (!settings || locationId === undefined) return;
  const { client, config } = context;
  const panels = new Set(settings.panels);
  whenZoneNamed(queryClient, context, locationId, ({ zone }) => {
    const nowMs = Date.now();
    const today = todayIn(zone, nowMs);
    const liveness = { today, ownRefresh: true };
    // Each request started in a task of its own (its request validated, its walk begun), not all in the list's.
    const starts: (() => void)[] = [];
    if (panels.has('figures') || panels.has('heatmap')) {
      const defaults = filterDefaults(config, UTILIZATION_VIEW);
      const { plan } = planKioskRange({ search: address.search, defaults, locationId, zone, nowMs });
      for (const options of figureSeriesQueries(client, {
        locationId,
        request: plan.request,
        open: plan.open,
        liveness,
      })) {
        starts.push(() => void queryClient.prefetchQuery(options));
      }
    }
    const todaySeries = (metric: 'occupancy' | 'traffic') => () =>
      void queryClient.prefetchQuery(
        metricQueries.series(client, {
          metric,
          locationId,
          request: todayRequest(metric, today),
          open: true,
          liveness,
        }),
      );
    if (panels.has('now')) starts.push(todaySeries('occupancy'));
    if (panels.has('traffic')) starts.push(todaySeries('traffic'));
    eachInATask(starts);
  });
}
