/**
 * A chart whose dates are pinned in its link starts at once: its series is asked for beside `/locations` and any
 * clock probe, not after them (filters/view-plan.ts `pinnedChartPlan` says when the request cannot depend on the
 * clock). On the first load the app asks as it starts, before its first render (app/app.tsx); on a link followed
 * inside the app, the metric page asks as it mounts. The page's own query, once the clock is known, is the same
 * one: it finds the walk under way or done. The chart's code is asked for at the same moment.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { matchPath, useLocation } from 'react-router';

import { useAppContext, type AppContextValue } from '../../config/app-context';
import { parseFilters } from '../../filters/model';
import { pinnedChartPlan } from '../../filters/view-plan';
import { metricBySlug, type MetricDefinition } from '../../metrics/definitions';
import { metricQueries } from '../../metrics/queries';
import { preloadChart } from '../../panels/lazy-chart';
import { filterDefaults, parseLocationId } from '../shared/location-view';

/** Asks for a pinned chart's series (and the chart code) when `definition`, `locationId` and `search` make one. */
export function prefetchPinnedChart(
  queryClient: QueryClient,
  { config, client }: AppContextValue,
  view: { definition: MetricDefinition | undefined; locationId: number | null; search: string },
): void {
  const { definition, locationId, search } = view;
  if (!definition || locationId === null) return;
  const { filters } = parseFilters(search, definition, filterDefaults(config, definition));
  const plan = pinnedChartPlan({ locationId, definition, filters, nowMs: Date.now() });
  if (!plan) return;
  void queryClient.prefetchQuery(metricQueries.series(client, definition.metric, locationId, plan.request, false));
  void preloadChart().catch(() => undefined);
}

/** The same for the address the app starts at (its path below the app's base, and its query). */
export function prefetchPinnedChartAt(
  queryClient: QueryClient,
  context: AppContextValue,
  address: { pathname: string; search: string },
): void {
  const route = matchPath('/locations/:locationId/:metric', address.pathname);
  if (!route) return;
  prefetchPinnedChart(queryClient, context, {
    definition: metricBySlug(route.params.metric),
    locationId: parseLocationId(route.params.locationId),
    search: address.search,
  });
}

/** The metric page's: a pinned link followed inside the app. */
export function usePinnedPrefetch(definition: MetricDefinition | undefined, locationId: number | null): void {
  const context = useAppContext();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  // In the commit, before the browser paints: a passive effect ran a frame and a paint later (about 80 ms).
  useLayoutEffect(
    () => prefetchPinnedChart(queryClient, context, { definition, locationId, search }),
    [definition, locationId, search, context, queryClient],
  );
}
