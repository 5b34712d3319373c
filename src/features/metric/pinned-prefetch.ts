/**
 * A chart whose dates are pinned in its link starts at once: its series is asked for beside `/locations` and any
 * clock probe, not after them (filters/view-plan.ts `pinnedChartPlan` says when the request cannot depend on the
 * clock), and so is its comparison period's (`compare`). On the first load the app asks as it starts, before React is
 * evaluated (app/start.ts); on a link followed inside the app, the metric page asks as it mounts
 * (use-pinned-prefetch.ts). The page's own query, once the clock is known, is the same one: it finds the walk under
 * way or done. The chart's code is asked for at the same moment.
 *
 * On the first load, a chart whose dates follow the clock (the default view) starts as soon as the location list
 * names the location's zone, as a utilization page's series do (features/utilization/utilization-prefetch.ts): not
 * in the commit that puts the page in, once React and the page are in. Not a view so large that the page asks the
 * user first, nor the table, nor the comparison period; a location whose zone must be probed waits for its page.
 *
 * No React here, and nothing that imports it: this is on the app's start, ahead of React.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { AppContextValue } from '../../config/app-context';
import { parseCompare } from '../../filters/compare';
import { parseFilters } from '../../filters/model';
import { pinnedChartPlan, planView } from '../../filters/view-plan';
import { metricBySlug, type MetricDefinition } from '../../metrics/definitions';
import { metricQueries } from '../../metrics/queries';
import { preloadChartDrawing } from '../../panels/chart-worker';
import { filterDefaults, matchLocationRoute, parseLocationId } from '../../views/location-route';
import { whenZoneNamed } from '../../views/named-zone-at-start';

type ChartAddress = { definition: MetricDefinition | undefined; locationId: number | null; search: string };

/** A metric page's address read once: its filters, its comparison, and its pinned plan when its dates are pinned. */
function readChart(config: AppContextValue['config'], { definition, locationId, search }: ChartAddress) {
  if (!definition || locationId === null) return null;
  const { filters } = parseFilters(search, definition, filterDefaults(config, definition));
  const compare = parseCompare(new URLSearchParams(search)).value;
  const pinned = pinnedChartPlan({ locationId, definition, filters, nowMs: Date.now(), compare });
  return { definition, locationId, filters, compare, pinned };
}

/** Asks for a pinned chart's series (and the chart code) when `definition`, `locationId` and `search` make one. */
export function prefetchPinnedChart(queryClient: QueryClient, context: AppContextValue, view: ChartAddress): void {
  const chart = readChart(context.config, view);
  if (chart) askPinned(queryClient, context, chart);
}

function askPinned(
  queryClient: QueryClient,
  { client }: AppContextValue,
  { definition, locationId, pinned: plan }: NonNullable<ReturnType<typeof readChart>>,
): void {
  if (!plan) return;
  void queryClient.prefetchQuery(
    metricQueries.series(client, { metric: definition.metric, locationId, request: plan.request, open: false }),
  );
  // Dates pinned, so are the compared ones (before them, so over too).
  if (plan.comparison) {
    const { request } = plan.comparison;
    void queryClient.prefetchQuery(
      metricQueries.series(client, { metric: definition.metric, locationId, request, open: false }),
    );
  }
  preloadChartDrawing('metric');
}

/**
 * The same for the address the app starts at (its path below the app's base, and its query); a chart whose dates are
 * not pinned, once the location list names its zone.
 */
export function prefetchPinnedChartAt(
  queryClient: QueryClient,
  context: AppContextValue,
  address: { pathname: string; search: string },
): void {
  const route = matchLocationRoute(address.pathname);
  if (!route) return;
  const chart = readChart(context.config, {
    definition: metricBySlug(route.view),
    locationId: parseLocationId(route.locationId),
    search: address.search,
  });
  if (!chart) return;
  if (chart.pinned) askPinned(queryClient, context, chart);
  else if (chart.filters.view === 'chart') askAtZone(queryClient, context, chart);
}

/** A chart's series whose dates follow the clock, once the list names the location's zone (as useMetricView asks). */
function askAtZone(
  queryClient: QueryClient,
  context: AppContextValue,
  { definition, locationId, filters, compare }: NonNullable<ReturnType<typeof readChart>>,
): void {
  whenZoneNamed(queryClient, context, locationId, ({ record, zone }) => {
    const plan = planView({ locationId, definition, filters, zone, nowMs: Date.now(), record, compare });
    if (plan.large) return;
    const { metric } = definition;
    void queryClient.prefetchQuery(
      metricQueries.series(context.client, { metric, locationId, request: plan.request, open: plan.open }),
    );
  });
}
