/**
 * What a metric page shows, planned and asked for: the view plan (filters/view-plan.ts) and its confirmation when it
 * is large, this period's series (the chart's walk or the table's pages), the windows its figures are over (the
 * page's own and each figure basis it needs, analysis/metric-figures.ts), the comparison period cut where this period
 * ends (use-metric-comparison.ts), the usual day behind today's line, and what a download says of the view. The page
 * (metric-page.tsx) lays out what this returns.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import { basesToAsk, BASIS_INTERVALS, type FigureBasis, type FigureWindows } from '../../analysis/figure-bases';
import { periodEndWallMs } from '../../analysis/period-cut';
import type { WalkedPage } from '../../api/filter-fallback';
import { isWalkComplete, walkPages, walkPoints } from '../../api/series-walk';
import { useAppContext } from '../../config/app-context';
import type { ViewContext } from '../../export/context';
import { planView } from '../../filters/view-plan';
import { wallClockAt } from '../../lib/time';
import { useDateSpan } from '../../lib/use-date-span';
import { onNextFrameShown } from '../../lib/scheduling/after-paint';
import type { MetricDefinition } from '../../metrics/definitions';
import { estimatePages, isLargeRequest } from '../../metrics/page-estimate';
import { metricQueries, tableSeedFrom } from '../../metrics/queries';
import { preloadChartDrawing } from '../../panels/chart-worker';
import type { LocationViewProps } from '../../views/location-view-props';
import { useLocationViewState } from '../../views/location-view-state';
import { useSeriesWalks } from '../../views/use-series-walks';
import { useMetricComparison } from './use-metric-comparison';
import { useUsualToday } from './use-usual-today';

export function useMetricView(props: LocationViewProps & { definition: MetricDefinition }) {
  const { definition, locationId, record, clock, nowMs } = props;
  const { metric } = definition;
  const { client } = useAppContext();
  const queryClient = useQueryClient();
  const { zone } = clock;
  const { filters, setFilters, compare } = useLocationViewState();

  const plan = planView({ locationId, definition, filters, zone, nowMs, record, compare: compare.mode });
  const { request, open, comparison, confirmKey } = plan;
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const chartView = filters.view === 'chart';
  // Large with the comparison's pages counted, and not confirmed yet.
  const unconfirmed = plan.large && !confirmed.has(confirmKey);
  // Only the chart walks every page; the table asks for one at a time and needs no warning.
  const waitingForConfirmation = chartView && unconfirmed;

  const seriesOptions = metricQueries.series(client, { metric, locationId, request, open });
  const seriesEnabled = chartView && !waitingForConfirmation;
  const series = useQuery({ ...seriesOptions, enabled: seriesEnabled });
  // The chart's code (its worker, or ECharts for the page) loads while the first pages are on their way (after this
  // component's query has asked), once the page's head and figures' places are shown: it does not share the network
  // with what comes first.
  useEffect(() => {
    if (seriesEnabled) return onNextFrameShown(() => preloadChartDrawing('metric'));
  }, [seriesEnabled]);
  const walk = series.data;
  const pages: WalkedPage[] | undefined = walk && walkPages(walk);
  const walkComplete = walk !== undefined && isWalkComplete(walk);
  const table = useInfiniteQuery({
    ...metricQueries.table(client, { metric, locationId, request, open }),
    // Opening the table after the chart walked every page costs no request.
    initialData: () => tableSeedFrom(queryClient.getQueryData(seriesOptions.queryKey)),
    enabled: !chartView,
  });
  const firstPage: WalkedPage | undefined = chartView ? pages?.[0] : table.data?.pages[0];
  const tablePages = table.data !== undefined && !table.hasNextPage ? table.data.pages : undefined;

  // The figures' windows: the page's own once all are in, and those of the bases the page's interval is not.
  const figuresWanted = chartView ? seriesEnabled : tablePages !== undefined;
  const ownPoints = useMemo(
    (): readonly object[] | undefined =>
      chartView
        ? walkComplete
          ? walkPoints(walk!)
          : undefined
        : tablePages?.flatMap((page): readonly object[] => page.data),
    [chartView, walkComplete, walk, tablePages],
  );
  const { asked, withheld } = useFigureBases(definition, plan);
  const bases = useSeriesWalks(
    asked.map((basis) =>
      metricQueries.series(client, {
        metric,
        locationId,
        request: { ...request, interval: BASIS_INTERVALS[basis] },
        open,
      }),
    ),
    figuresWanted,
  );
  // Where this period's data ends when it reaches now: the minute it was read, on the location's wall clock.
  const readAt = (chartView ? series.dataUpdatedAt : table.dataUpdatedAt) || nowMs;
  const endWallMs = open ? periodEndWallMs(wallClockAt(zone, readAt)) : null;
  const [days, hours] = (['days', 'hours'] as const).map((basis) =>
    asked.includes(basis) ? bases.points[asked.indexOf(basis)] : undefined,
  );
  const current = useMemo(
    (): FigureWindows | undefined =>
      ownPoints && bases.complete
        ? { points: ownPoints, days, hours, withheld, ...(endWallMs !== null && { completeUntilWallMs: endWallMs }) }
        : undefined,
    [ownPoints, bases.complete, days, hours, withheld, endWallMs],
  );

  // The comparison period, walked like this period's: in the chart view beside it, in the table view once the table
  // holds every page (its figures known). Never while a large request waits to be confirmed.
  const comparing = useMetricComparison({
    metric,
    locationId,
    comparison,
    enabled: comparison !== null && !unconfirmed && (chartView || tablePages !== undefined),
    bases: asked,
    withheld,
    finest: definition.intervals[0]!,
    endWallMs,
  });

  const usual = useUsualToday({
    locationId,
    wanted: chartView && metric === 'occupancy',
    range: useDateSpan(request.start_date, request.end_date),
    interval: request.interval,
    today: plan.today,
    zone,
    nowMs,
  });

  const exportContext: ViewContext = {
    locationId,
    locationName: firstPage?.name ?? record?.name ?? `Location ${locationId}`,
    capacity: firstPage?.capacity ?? record?.capacity,
    view: metric,
    start: request.start_date,
    end: request.end_date,
    interval: request.interval,
    timeZone: zone.kind === 'zone' ? zone.name : null,
  };

  return {
    filters,
    setFilters,
    plan,
    chartView,
    unconfirmed,
    waitingForConfirmation,
    confirm: () => setConfirmed(new Set(confirmed).add(confirmKey)),
    seriesOptions,
    series,
    walk,
    walkComplete,
    pages,
    table,
    tablePages,
    firstPage,
    current,
    comparing,
    usual,
    exportContext,
  };
}

/**
 * The figure bases a page at its interval asks for (analysis/metric-figures.ts `basesToAsk`), less those too large
 * for the dates (as many pages as a large request, the comparison's counted): those are withheld, and their figures
 * say why.
 */
function useFigureBases(definition: MetricDefinition, plan: ReturnType<typeof planView>) {
  const wanted = basesToAsk(definition.metric, plan.request.interval);
  const pages = (basis: FigureBasis) =>
    estimatePages({ ...plan.estimate, interval: BASIS_INTERVALS[basis] }) * (plan.comparison ? 2 : 1);
  const asked = wanted.filter((basis) => !isLargeRequest(pages(basis)));
  // Keyed by what it holds, so that the same facts are the same object from one render to the next.
  const key = JSON.stringify(wanted.filter((basis) => !asked.includes(basis)).map((basis) => [basis, pages(basis)]));
  const withheld = useMemo(
    (): Partial<Record<FigureBasis, number>> => Object.fromEntries(JSON.parse(key) as [FigureBasis, number][]),
    [key],
  );
  return { asked, withheld };
}
