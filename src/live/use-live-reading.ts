/**
 * The live number of one location (live-reading.ts): `/locations/{id}/now` where it answers a count, else the
 * latest window of today's 15-minute occupancy, asked for only then. Asked again every minute while the page is
 * visible, never while it is hidden (TanStack Query pauses an interval in a hidden tab), and at once when the tab is
 * shown again with a reading older than half a minute; a screen with a refresh of its own (the kiosk) passes
 * `ownRefresh` and invalidates them on its cadence instead.
 */
import { useQuery } from '@tanstack/react-query';

import { useAppContext } from '../config/app-context';
import { metricQueries, type SeriesRequest } from '../metrics/queries';
import { walkPages } from '../api/series-walk';
import type { OccupancyPoint } from '../api/schemas';
import { LIVE_REFRESH_MS, liveQueries } from './live-queries';
import { fromLatestWindow, fromNow, type LiveReading } from './live-reading';

export interface LiveReadingState {
  reading: LiveReading | null;
  /** Nothing to show yet: still asking. */
  pending: boolean;
  /** Both sources failed (the fallback's error when there is one). */
  error: Error | null;
  /** `/now`'s `is_open`: the server's word on whether the location is open, null when it sends none. */
  open: boolean | null;
}

export function useLiveReading(options: {
  locationId: number;
  /** The location's date now. */
  today: string;
  nowMs: number;
  enabled: boolean;
  /** The screen refreshes on its own cadence (the kiosk): no interval here. */
  ownRefresh?: boolean;
}): LiveReadingState {
  const { locationId, today, nowMs, enabled, ownRefresh = false } = options;
  const { client } = useAppContext();
  const now = useQuery({
    ...liveQueries.now(client, locationId),
    enabled,
    refetchInterval: ownRefresh ? false : LIVE_REFRESH_MS,
  });
  const fromServer = now.data ? fromNow(now.data.self, now.data.receivedMs) : null;
  const open = now.data?.self?.open ?? null;
  const needWindows = enabled && (now.isError || (now.isSuccess && fromServer === null));
  const request: SeriesRequest = { start_date: today, end_date: today, interval: '15min' };
  const windows = useQuery({
    ...metricQueries.series(client, {
      metric: 'occupancy',
      locationId,
      request,
      open: true,
      liveness: { today, ownRefresh },
    }),
    enabled: needWindows,
    refetchInterval: needWindows && !ownRefresh ? LIVE_REFRESH_MS : false,
  });
  if (fromServer) return { reading: fromServer, pending: false, error: null, open };
  const points = windows.data ? (walkPages(windows.data).flatMap((page) => page.data) as OccupancyPoint[]) : [];
  const reading = windows.data ? fromLatestWindow(points, nowMs) : null;
  return {
    reading,
    pending: enabled && (now.isPending || (needWindows && windows.isPending)),
    error: needWindows && windows.error ? windows.error : null,
    open,
  };
}
