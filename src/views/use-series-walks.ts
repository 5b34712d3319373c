/**
 * Several whole-range series at once (metrics/queries.ts `series`), for what needs each of them whole: a view's
 * figures over their windows, a comparison period's. Each walk's windows are one array per walk (api/series-walk.ts
 * `walkPoints`), so what is memoised on them is not redone while the walks stay the same.
 */
import { useQueries } from '@tanstack/react-query';

import type { Metric } from '../api/schemas';
import { isWalkComplete, walkPages, walkPoints } from '../api/series-walk';
import type { metricQueries } from '../metrics/queries';

export interface SeriesWalksState {
  /** Each walk's windows once it is whole, in the order asked; undefined while it is not. */
  points: readonly (readonly object[] | undefined)[];
  /** Every walk is whole. */
  complete: boolean;
  /** Pages received so far, every walk counted. */
  pagesLoaded: number;
  fetching: boolean;
  /** When the last of them was received (0 before any). */
  updatedAt: number;
  error: Error | null;
  /** Resumes the walks that failed, each at the page that failed. */
  retry(): void;
}

type SeriesOptions = ReturnType<typeof metricQueries.series<Metric>>;

export function useSeriesWalks(options: readonly SeriesOptions[], enabled: boolean): SeriesWalksState {
  return useQueries({
    queries: options.map((each) => ({ ...each, enabled })),
    combine: (results) => {
      const points = results.map((result) =>
        result.data && isWalkComplete(result.data) ? walkPoints(result.data) : undefined,
      );
      return {
        points,
        complete: points.every((each) => each !== undefined),
        pagesLoaded: results.reduce((count, result) => count + (result.data ? walkPages(result.data).length : 0), 0),
        fetching: results.some((result) => result.fetchStatus === 'fetching'),
        updatedAt: Math.max(0, ...results.map((result) => result.dataUpdatedAt)),
        error: results.find((result) => result.error)?.error ?? null,
        retry: () => {
          for (const result of results) if (result.error) void result.refetch();
        },
      };
    },
  });
}
