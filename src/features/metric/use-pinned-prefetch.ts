/** A pinned link followed inside the app: the metric page asks for its series as it mounts (pinned-prefetch.ts). */
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useLocation } from '../../lib/router/router';

import { useAppContext } from '../../config/app-context';
import type { MetricDefinition } from '../../metrics/definitions';
import { prefetchPinnedChart } from './pinned-prefetch';

export function usePinnedPrefetch(definition: MetricDefinition | undefined, locationId: number | null): void {
  const context = useAppContext();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  // In the commit, before the browser paints: a passive effect would run a frame and a paint later.
  useLayoutEffect(
    () => prefetchPinnedChart(queryClient, context, { definition, locationId, search }),
    [definition, locationId, search, context, queryClient],
  );
}
