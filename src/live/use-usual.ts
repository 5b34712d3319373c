/**
 * What is usual at a location for today's weekday, hour by hour (analysis/usual.ts): the hourly occupancy of today's
 * weekday over the 8 weeks before today, asked for without the view's hour filters (the usual of an hour does not
 * depend on them), once per location and day: a closed range, so it never goes stale.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { usualDay, type UsualValue } from '../analysis/usual';
import type { OccupancyPoint } from '../api/schemas';
import { walkPages } from '../api/series-walk';
import { useAppContext } from '../config/app-context';
import { liveQueries } from './live-queries';

export interface UsualState {
  /** Hour 0..23 of today's weekday; null where there is not enough history. Undefined while loading. */
  day: (UsualValue | null)[] | undefined;
  error: Error | null;
}

export function useUsualDay(locationId: number, today: string, enabled: boolean): UsualState {
  const { client } = useAppContext();
  const series = useQuery({ ...liveQueries.usual(client, locationId, today), enabled });
  const complete = series.data && series.data.chains.every((chain) => chain.done);
  const day = useMemo(
    () =>
      complete && series.data
        ? usualDay(
            walkPages(series.data).flatMap((page) => page.data as OccupancyPoint[]),
            today,
          )
        : undefined,
    [complete, series.data, today],
  );
  return { day, error: series.error };
}
