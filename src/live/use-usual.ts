/**
 * What is usual at a location for today's weekday, hour by hour (analysis/usual.ts): the hourly occupancy of today's
 * weekday over the 8 weeks before today, asked for without the view's hour filters (the usual of an hour does not
 * depend on them), once per location and day: a closed range, so it never goes stale.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { usualDay, usualRange, type UsualValue } from '../analysis/usual';
import type { OccupancyPoint } from '../api/schemas';
import { walkPages } from '../api/series-walk';
import { useAppContext } from '../config/app-context';
import { dayCode } from '../lib/time';
import { metricQueries } from '../metrics/queries';

export interface UsualState {
  /** Hour 0..23 of today's weekday; null where there is not enough history. Undefined while loading. */
  day: (UsualValue | null)[] | undefined;
  error: Error | null;
}

export function useUsualDay(locationId: number, today: string, enabled: boolean): UsualState {
  const { client } = useAppContext();
  const range = usualRange(today);
  // Only today's weekday is used: a seventh of the windows (a server that refuses the filter on hourly windows is
  // answered without it, and the browser filters; api/filter-fallback.ts).
  const request = {
    start_date: range.start,
    end_date: range.end,
    interval: '60min',
    days_filter: String(dayCode(today)),
  } as const;
  const series = useQuery({
    ...metricQueries.series(client, 'occupancy', locationId, request, false, { today }),
    enabled,
  });
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
