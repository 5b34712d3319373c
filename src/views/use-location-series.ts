/**
 * The four series the utilization figures are computed from (metrics/figure-series.ts), for one or more locations
 * and one range. One walk each (api/series-walk.ts), all through the one request limiter, so many locations never
 * flood the server.
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';

import type { WalkedPage } from '../api/filter-fallback';
import type { AvailabilityPoint, DwellTimePoint, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { isWalkComplete, walkPages } from '../api/series-walk';
import type { SeriesWalk } from '../api/walk-state';
import { useAppContext } from '../config/app-context';
import type { MetricRequest } from '../filters/filter-request';
import { figureSeriesQueries } from '../metrics/figure-series';
import type { SeriesLiveness } from '../metrics/queries';

export interface LocationSeries {
  occupancy: OccupancyPoint[];
  traffic: TrafficPoint[];
  availability: AvailabilityPoint[];
  dwell: DwellTimePoint[];
  /** The occupancy walk's first page: name, capacity, the hours and days the server applied. */
  firstPage: WalkedPage<'occupancy'> | undefined;
}

export interface LocationSeriesState {
  /** Every series is whole. */
  series: LocationSeries | undefined;
  /** The series so far (for progress and partial drawing). */
  partial: LocationSeries;
  pagesLoaded: number;
  complete: boolean;
  fetching: boolean;
  /** When the last of its series was received (0 before any). */
  updatedAt: number;
  error: Error | null;
  /** Resumes what failed (a failed walk goes on from the page that failed). */
  retry(): void;
}

/** The series of each location in `locationIds` for `request` (its interval is set per series). */
export function useLocationsSeries(
  locationIds: readonly number[],
  request: MetricRequest | null,
  open: boolean,
  liveness?: SeriesLiveness,
): LocationSeriesState[] {
  return useSeriesOfEach(
    locationIds.map((locationId) => ({ locationId, request, open })),
    liveness,
  );
}

/**
 * The series of each location for a request of its own (the compare page: a rolling range is each location's own
 * dates, in its own zone); null asks for nothing yet.
 */
export function useSeriesOfEach(
  entries: readonly { locationId: number; request: MetricRequest | null; open: boolean }[],
  liveness?: SeriesLiveness,
): LocationSeriesState[] {
  const { client } = useAppContext();
  const results = useQueries({
    queries: entries.flatMap(({ locationId, request, open }) =>
      figureSeriesQueries(client, { locationId, request: request ?? EMPTY_REQUEST, open, liveness }).map((options) => ({
        ...options,
        enabled: request !== null,
      })),
    ),
  });
  return entries.map((_, index) => toState(results.slice(index * 4, index * 4 + 4)));
}

const EMPTY_REQUEST: MetricRequest = { start_date: '1970-01-01', end_date: '1970-01-01', interval: '60min' };

function toState(results: UseQueryResult<SeriesWalk>[]): LocationSeriesState {
  const walks = results.map((result) => result.data);
  const pages = walks.map((walk) => (walk ? walkPages(walk) : []));
  const partial = seriesOf(walks);
  const complete = walks.every((walk) => walk !== undefined && isWalkComplete(walk));
  return {
    series: complete ? partial : undefined,
    partial,
    pagesLoaded: pages.reduce((count, list) => count + list.length, 0),
    complete,
    fetching: results.some((result) => result.fetchStatus === 'fetching'),
    updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
    error: results.find((result) => result.error)?.error ?? null,
    retry: () => {
      for (const result of results) if (result.error) void result.refetch();
    },
  };
}

const seriesByOccupancyWalk = new WeakMap<object, { walks: (SeriesWalk | undefined)[]; series: LocationSeries }>();
const NO_WALK = {};

/** The series of four walks: the same object while the walks are the same, so what depends on it is memoised. */
function seriesOf(walks: (SeriesWalk | undefined)[]): LocationSeries {
  const key = walks[0] ?? NO_WALK;
  const cached = seriesByOccupancyWalk.get(key);
  if (cached && cached.walks.every((walk, index) => walk === walks[index])) return cached.series;
  const points = <P>(index: number) => pointsOf(walks[index]) as P[];
  const series: LocationSeries = {
    occupancy: points<OccupancyPoint>(0),
    traffic: points<TrafficPoint>(1),
    availability: points<AvailabilityPoint>(2),
    dwell: points<DwellTimePoint>(3),
    firstPage: (walks[0] ? walkPages(walks[0])[0] : undefined) as WalkedPage<'occupancy'> | undefined,
  };
  if (key !== NO_WALK) seriesByOccupancyWalk.set(key, { walks, series });
  return series;
}

const NO_POINTS: never[] = [];
const pointsByWalk = new WeakMap<SeriesWalk, unknown[]>();

/** A walk's points in order: the same array for the same walk, so what is computed from them is memoised. */
function pointsOf(walk: SeriesWalk | undefined): unknown[] {
  if (!walk) return NO_POINTS;
  let points = pointsByWalk.get(walk);
  if (!points) {
    points = walkPages(walk).flatMap((page) => page.data as unknown[]);
    pointsByWalk.set(walk, points);
  }
  return points;
}
