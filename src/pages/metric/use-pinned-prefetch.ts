/**
 * A chart whose dates are pinned in its link starts at once: its series is asked for when the page mounts, beside
 * `/locations` and any clock probe, instead of after them (filters/view-plan.ts `pinnedChartPlan` says when the
 * request cannot depend on the clock). The page's own query, once the clock is known, is the same one: it finds the
 * walk under way or done. The chart's code is asked for at the same moment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { useAppContext } from '../../config/app-context';
import { parseFilters } from '../../filters/model';
import { pinnedChartPlan } from '../../filters/view-plan';
import type { MetricDefinition } from '../../metrics/definitions';
import { metricQueries } from '../../metrics/queries';
import { preloadChart } from '../../panels/lazy-chart';
import { filterDefaults } from '../shared/location-view';

export function usePinnedPrefetch(definition: MetricDefinition | undefined, locationId: number | null): void {
  const { config, client } = useAppContext();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  useEffect(() => {
    if (!definition || locationId === null) return;
    const { filters } = parseFilters(search, definition, filterDefaults(config, definition));
    const plan = pinnedChartPlan({ locationId, definition, filters, nowMs: Date.now() });
    if (!plan) return;
    void queryClient.prefetchQuery(metricQueries.series(client, definition.metric, locationId, plan.request, false));
    void preloadChart().catch(() => undefined);
  }, [definition, locationId, search, config, client, queryClient]);
}
