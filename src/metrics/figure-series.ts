/**
 * The four series the utilization figures are computed from, for one location and one range: hourly occupancy,
 * traffic and availability, and daily dwell time (the finest the spec allows it). Their queries are built here
 * only, so that the page (views/use-location-series.ts) and the app's start (features/utilization/
 * utilization-prefetch.ts) ask with the same keys. No React here: this is on the app's start.
 */
import type { ApiClient } from '../api/client';
import type { Metric } from '../api/schemas';
import type { UiInterval } from './definitions';
import { metricQueries, type SeriesAsk, type SeriesRequest } from './queries';

/** Which series, at which interval. */
export const FIGURE_SERIES: readonly { metric: Metric; interval: UiInterval }[] = [
  { metric: 'occupancy', interval: '60min' },
  { metric: 'traffic', interval: '60min' },
  { metric: 'availability', interval: '60min' },
  { metric: 'dwell_time', interval: 'daily' },
];

/** The hourly series of FIGURE_SERIES: what a range costs in pages is theirs (a day of dwell time is one window). */
export const HOURLY_FIGURE_SERIES = FIGURE_SERIES.filter((series) => series.interval === '60min').length;

/** The query of each of FIGURE_SERIES for `locationId` over `request` (the interval is each series' own). */
export function figureSeriesQueries(
  client: ApiClient,
  {
    locationId,
    request,
    open,
    liveness,
  }: Omit<SeriesAsk, 'metric' | 'request'> & { request: Omit<SeriesRequest, 'interval'> },
) {
  return FIGURE_SERIES.map(({ metric, interval }) =>
    metricQueries.series(client, { metric, locationId, request: { ...request, interval }, open, liveness }),
  );
}

/**
 * The pages a utilization view walks, from the pages one hourly series of its range takes: its hourly series for
 * the location, for each of its spaces, and for the comparison period when there is one.
 */
export function figureSeriesPages(seriesPages: number, walks: { spaces: number; comparing: boolean }): number {
  return seriesPages * HOURLY_FIGURE_SERIES * (1 + walks.spaces + (walks.comparing ? 1 : 0));
}
