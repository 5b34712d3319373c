import { useMemo } from 'react';

import { BASIS_INTERVALS, type FigureBasis, type FigureWindows } from '../../analysis/figure-bases';
import { comparedCutWallMs, cutAt, finerSpanAt } from '../../analysis/period-cut';
import type { DateSpan } from '../../analysis/periods';
import type { Metric, PointOf } from '../../api/schemas';
import { isSubDaily } from '../../charts/time-axis';
import { useAppContext } from '../../config/app-context';
import { comparisonName, cutWords } from '../../filters/compare';
import type { ViewPlan } from '../../filters/view-plan';
import type { UiInterval } from '../../metrics/definitions';
import { metricQueries } from '../../metrics/queries';
import { comparisonState } from '../../views/comparison-status';
import { useSeriesWalks } from '../../views/use-series-walks';

export interface MetricComparisonProps {
  metric: Metric;
  locationId: number;
  comparison: ViewPlan['comparison'];
  enabled: boolean;
  /** The figure bases this period asked for (analysis/metric-figures.ts), asked for over the compared dates too. */
  bases: readonly FigureBasis[];
  /** Why a basis was not asked for, as this period's figures say it. */
  withheld: FigureWindows['withheld'];
  /** The metric's finest interval: what a daily or longer compared window the cut falls in is rebuilt from. */
  finest: UiInterval;
  /** This period's end on the location's wall clock when it reaches now (analysis/period-cut.ts); null: whole. */
  endWallMs: number | null;
}

/**
 * The comparison period of a metric page: the same request over the compared dates (the page's windows and those of
 * each figure basis), walked like this period's (cached, aborted when the request changes, each page retried by
 * itself), when `enabled`. When this period reaches now, the compared windows are cut at the same local time on the
 * matching day (analysis/period-cut.ts); a daily or longer window the cut falls in is rebuilt from the metric's
 * finest windows of its days, asked for once the compared windows are in. No comparison, no query.
 */
export function useMetricComparison(props: MetricComparisonProps) {
  const { metric, locationId, comparison, enabled, bases, withheld, finest, endWallMs } = props;
  const { client } = useAppContext();
  const request = comparison?.request;
  const intervals: UiInterval[] = request ? [request.interval, ...bases.map((basis) => BASIS_INTERVALS[basis])] : [];
  const series = (interval: UiInterval, dates?: DateSpan) =>
    metricQueries.series(client, {
      metric,
      locationId,
      request: { ...request!, interval, ...(dates && { start_date: dates.start, end_date: dates.end }) },
      open: comparison!.open,
    });
  const walks = useSeriesWalks(
    intervals.map((interval) => series(interval)),
    enabled,
  );

  const cutWallMs = comparison && endWallMs !== null ? comparedCutWallMs(endWallMs, comparison.range.shiftDays) : null;
  // The compared series whose window at the cut is rebuilt from finer windows: daily or longer, finer than none.
  const refined = (interval: UiInterval) => !isSubDaily(interval) && interval !== finest;
  const span =
    cutWallMs !== null && walks.complete
      ? spanOf(
          intervals.flatMap((interval, index) =>
            refined(interval) ? [finerSpanAt(walks.points[index] as readonly PointOf<Metric>[], cutWallMs)] : [],
          ),
        )
      : null;
  const finer = useSeriesWalks(span ? [series(finest, span)] : [], enabled && span !== null);
  const finerPoints = finer.points[0] as readonly PointOf<Metric>[] | undefined;

  const whole = walks.complete && (span === null || finer.complete);
  const pointsAt = (interval: UiInterval | undefined) =>
    interval === undefined
      ? undefined
      : (walks.points[intervals.indexOf(interval)] as readonly PointOf<Metric>[] | undefined);
  const main = pointsAt(intervals[0]);
  const days = pointsAt(bases.includes('days') ? BASIS_INTERVALS.days : undefined);
  const hours = pointsAt(bases.includes('hours') ? BASIS_INTERVALS.hours : undefined);
  const mainInterval = intervals[0];
  const windows = useMemo((): FigureWindows | undefined => {
    if (!whole || !main || !mainInterval) return undefined;
    const cut = (interval: UiInterval, points: readonly PointOf<Metric>[] | undefined) =>
      points &&
      (cutWallMs === null
        ? points
        : cutAt(metric, points, cutWallMs, refined(interval) ? (finerPoints ?? []) : undefined));
    return {
      points: cut(mainInterval, main)!,
      days: cut(BASIS_INTERVALS.days, days),
      hours: cut(BASIS_INTERVALS.hours, hours),
      ...(cutWallMs !== null && { completeUntilWallMs: cutWallMs }),
      withheld,
    };
    // `refined` reads `finest` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [whole, main, days, hours, finerPoints, cutWallMs, metric, mainInterval, finest, withheld]);

  const until =
    comparison && cutWallMs !== null
      ? cutWords({ cutWallMs, shiftDays: comparison.range.shiftDays, wholeDays: finest === 'daily' })
      : null;
  const fetching = walks.fetching || finer.fetching;
  const error = walks.error ?? finer.error;
  return {
    /** The compared windows, cut when this period reaches now; undefined until every walk is whole. */
    windows,
    pagesLoaded: walks.pagesLoaded + finer.pagesLoaded,
    complete: windows !== undefined,
    retry: () => {
      walks.retry();
      finer.retry();
    },
    until,
    label: comparison ? comparisonName(comparison.mode, until) : '',
    state: comparisonState({ complete: windows !== undefined, fetching, error }),
    asked: comparison !== null && enabled,
  };
}

/** The days of several spans, as one: the earliest start to the latest end; null without any. */
function spanOf(spans: readonly (DateSpan | null)[]): DateSpan | null {
  const known = spans.filter((span): span is DateSpan => span !== null);
  if (known.length === 0) return null;
  return {
    start: known.map((span) => span.start).sort()[0]!,
    end: known
      .map((span) => span.end)
      .sort()
      .at(-1)!,
  };
}
