/**
 * The utilization page's later answers: how unusual this period's average is against the same dates in the weeks
 * before (one hourly request over them, for ranges up to a month), and the data's health over the range.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { dataCoverage } from '../../analysis/coverage';
import type { Figures } from '../../analysis/figures';
import { UNUSUAL_MAX_DAYS, unusualHistoryRange, unusualness } from '../../analysis/unusual';
import type { WalkedPage } from '../../api/filter-fallback';
import type { OccupancyPoint } from '../../api/schemas';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import { useAppContext } from '../../config/app-context';
import type { MetricRequest } from '../../filters/filter-request';
import { windowsClock } from '../../lib/local-clock';
import { daysBetweenInclusive, type LocationZone } from '../../lib/time';
import { metricQueries } from '../../metrics/queries';

/** The same dates in the 8 weeks before, once the first screen is painted: what is unusual about this period. */
export function useUnusual(props: {
  locationId: number;
  /** This period's request, null while it waits (a large request not confirmed). */
  request: MetricRequest | null;
  /** The request planned, asked or not. */
  planned: MetricRequest;
  range: { start: string; end: string };
  figures: Figures | undefined;
  /** Where this period's data ends on the wall clock when it reaches now (each week is cut there), else null. */
  endWallMs: number | null;
  firstScreenShown: boolean;
}) {
  const { locationId, request, planned, range, figures, endWallMs, firstScreenShown } = props;
  const { client } = useAppContext();
  const historyRange =
    request && daysBetweenInclusive(range.start, range.end) <= UNUSUAL_MAX_DAYS ? unusualHistoryRange(range) : null;
  const history = useQuery({
    ...metricQueries.series(client, {
      metric: 'occupancy',
      locationId,
      request: {
        ...(request ?? planned),
        interval: '60min',
        start_date: historyRange?.start ?? range.start,
        end_date: historyRange?.end ?? range.end,
      },
      open: false,
    }),
    enabled: historyRange !== null && firstScreenShown,
  });
  const historyPoints = useMemo(
    () =>
      history.data && isWalkComplete(history.data)
        ? (walkPages(history.data).flatMap((page) => page.data) as OccupancyPoint[])
        : undefined,
    [history.data],
  );
  const unusual = useMemo(
    () =>
      historyPoints && figures ? unusualness(figures.averageUtilization, historyPoints, range, endWallMs) : undefined,
    [historyPoints, figures, range, endWallMs],
  );
  return { asked: historyRange !== null, unusual: history.error ? null : unusual };
}

/** How much of the range the hourly occupancy covers, once all of it is in; again as the minute changes. */
export function useCoverage(props: {
  occupancy: OccupancyPoint[] | undefined;
  firstPage: WalkedPage | undefined;
  range: { start: string; end: string };
  zone: LocationZone;
  nowMs: number;
}) {
  const { occupancy, firstPage, range, zone, nowMs } = props;
  return useMemo(
    () =>
      occupancy && firstPage
        ? dataCoverage({
            points: occupancy,
            start: range.start,
            end: range.end,
            schedule: { hours: firstPage.hour_range, days: firstPage.days_of_week },
            nowMs,
            clock: windowsClock(zone, occupancy, [firstPage.time_range]),
          })
        : undefined,
    [occupancy, firstPage, range, zone, nowMs],
  );
}
