/**
 * The metric page: one component for all four metrics, over the registry in metrics/definitions.ts.
 * Route: /locations/:locationId/:metric. Every applied filter lives in the URL (filters/use-filters.ts), and so does
 * the comparison period (`compare=previous|year`, filters/use-compare.ts), whose series is the same request over the
 * compared dates (filters/view-plan.ts).
 */
import '../../views/series-status.css';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';

import type { WalkedPage } from '../../api/filter-fallback';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import { hidesClosedTime } from '../../charts/time-axis';
import { useAppContext } from '../../config/app-context';
import { SegmentedControl } from '../../components/segmented-control';
import type { ChartPicture } from '../../export/download';
import type { ViewContext } from '../../export/context';
import { planView } from '../../filters/view-plan';
import { formatDateRange, zoneLabel } from '../../lib/time';
import { useDateSpan } from '../../lib/use-date-span';
import { metricBySlug, type MetricDefinition } from '../../metrics/definitions';
import { coarserInterval, estimatePages } from '../../metrics/page-estimate';
import { metricQueries, tableSeedFrom } from '../../metrics/queries';
import { preloadChart } from '../../panels/chart-code';
import { BadRoute, LocationView, type LocationViewProps } from '../../views/location-view';
import { LocationViewHead } from '../../views/location-view-head';
import { useLocationViewState } from '../../views/location-view-state';
import { parseLocationId } from '../../views/location-route';
import { MetricFiguresSection } from '../../panels/metric-figures-section';
import { MetricChartPanel } from './metric-chart-panel';
import { MetricDownloads } from './metric-downloads';
import { MetricTable } from './metric-table';
import { useMetricComparison } from './use-metric-comparison';
import { usePinnedPrefetch } from './use-pinned-prefetch';
import { useUsualToday } from './use-usual-today';
import { onNextFrameShown } from '../../lib/after-paint';
import { SeriesStatus } from '../../views/series-status';
import { LargeRequestPanel } from '../../views/large-request-panel';
import { ComparisonStatus } from '../../views/comparison-status';

/**
 * The figures are computed once every window is in, so their code is not on the way to the first request: a chunk
 * of its own (shared with the utilization page's figures), asked for as the page mounts.
 */
const MetricFiguresPanel = lazy(() =>
  import('../../panels/metric-figures-panel').then((m) => ({ default: m.MetricFiguresPanel })),
);

export function MetricPage() {
  const params = useParams();
  const definition = metricBySlug(params.metric);
  const locationId = parseLocationId(params.locationId);
  // Dates pinned in the link: the series is asked for now, not once the location's clock is known.
  usePinnedPrefetch(definition, locationId);
  if (!definition || locationId === null) return <BadRoute />;
  // Keyed so that nothing of one location's or metric's view leaks into another's.
  return (
    <LocationView
      key={`${locationId}/${definition.slug}`}
      locationId={locationId}
      view={definition}
      render={(view) => <MetricBody {...view} definition={definition} />}
    />
  );
}

function MetricBody(props: LocationViewProps & { definition: MetricDefinition }) {
  const { definition, locationId, record, clock, nowMs } = props;
  const { config, client } = useAppContext();
  const queryClient = useQueryClient();
  const { zone } = clock;

  const { filters, setFilters, compare } = useLocationViewState();

  const plan = planView({ locationId, definition, filters, zone, nowMs, record, compare: compare.mode });
  const { request, open, estimate, estimatedPages, requestKey, confirmKey, comparison } = plan;
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const chartView = filters.view === 'chart';
  // Large with the comparison's pages counted, and not confirmed yet.
  const unconfirmed = plan.large && !confirmed.has(confirmKey);
  // Only the chart walks every page; the table asks for one at a time and needs no warning.
  const waitingForConfirmation = chartView && unconfirmed;

  const seriesOptions = metricQueries.series(client, { metric: definition.metric, locationId, request, open });
  const seriesEnabled = chartView && !waitingForConfirmation;
  const series = useQuery({ ...seriesOptions, enabled: seriesEnabled });
  // The chart's code loads while the first pages are on their way (after this component's query has asked), once
  // the page's head and figures' places are on screen: ECharts' 210 kB do not share the network with what comes
  // first. Asked for after their paint only, it was at times asked for before their frame was shown, and
  // Lighthouse's mobile LCP (the header's clock) then counted its download: 3.8–3.9 s in 5 of 16 runs, against
  // 2.3–2.7 s in 14 of 14 with the frame awaited.
  useEffect(() => {
    if (seriesEnabled) return onNextFrameShown(() => void preloadChart());
  }, [seriesEnabled]);
  const walk = series.data;
  const pages: WalkedPage[] | undefined = walk && walkPages(walk);
  const table = useInfiniteQuery({
    ...metricQueries.table(client, { metric: definition.metric, locationId, request, open }),
    // Opening the table after the chart walked every page costs no request.
    initialData: () => tableSeedFrom(queryClient.getQueryData(seriesOptions.queryKey)),
    enabled: !chartView,
  });
  const firstPage: WalkedPage | undefined = chartView ? pages?.[0] : table.data?.pages[0];
  const tableComplete = table.data !== undefined && !table.hasNextPage;

  // The comparison period: the same request over the compared dates, walked like this period's (cached, aborted
  // when the request changes, each page retried by itself). In the chart view beside this period's walk; in the
  // table view once the table holds every page of this period (its figures known), so paging through a long table
  // walks no comparison its figures do not need yet. Never while a large request waits to be confirmed.
  const compareEnabled = comparison !== null && !unconfirmed && (chartView || tableComplete);
  const {
    query: compareQuery,
    pages: comparePages,
    complete: compareComplete,
    label: compareLabel,
    state: compareState,
  } = useMetricComparison({ metric: definition.metric, locationId, comparison, enabled: compareEnabled });
  const usual = useUsualToday({
    locationId,
    wanted: chartView && definition.metric === 'occupancy',
    range: useDateSpan(request.start_date, request.end_date),
    interval: request.interval,
    today: plan.today,
    zone,
    nowMs,
  });

  const chartPicture = useRef<ChartPicture | null>(null);
  const exportContext: ViewContext = {
    locationId,
    locationName: firstPage?.name ?? record?.name ?? `Location ${locationId}`,
    capacity: firstPage?.capacity ?? record?.capacity,
    view: definition.metric,
    start: request.start_date,
    end: request.end_date,
    interval: request.interval,
    timeZone: zone.kind === 'zone' ? zone.name : null,
  };
  return (
    <>
      <LocationViewHead
        firstPage={firstPage}
        rangeStart={request.start_date}
        compared={comparison?.range ?? null}
        end={
          <SegmentedControl
            label="View"
            options={VIEWS}
            value={filters.view}
            onChange={(view) => setFilters({ ...filters, view })}
          />
        }
        more={
          <MetricDownloads
            definition={definition}
            context={exportContext}
            chartView={chartView}
            waiting={waitingForConfirmation}
            series={{
              fetch: () => queryClient.fetchQuery(seriesOptions),
              loading: series.fetchStatus === 'fetching',
              complete: walk !== undefined && isWalkComplete(walk),
              failed: series.error !== null,
            }}
            pages={pages}
            tablePages={tableComplete ? table.data!.pages : undefined}
            large={plan.large}
            estimatedPages={estimatedPages}
            chart={chartPicture}
          />
        }
      />
      <div className="series-bar">
        {chartView ? (
          <SeriesStatus
            query={series}
            pagesLoaded={pages?.length ?? 0}
            complete={walk !== undefined && isWalkComplete(walk)}
            estimatedPages={
              firstPage
                ? estimatePages({ ...estimate, hours: firstPage.hour_range, days: firstPage.days_of_week })
                : estimatedPages
            }
            zone={zone}
            range={{ start: request.start_date, end: request.end_date }}
            onRefresh={() => void queryClient.refetchQueries({ queryKey: seriesOptions.queryKey, exact: true })}
          />
        ) : (
          <SeriesStatus
            query={table}
            pagesLoaded={table.data?.pages.length ?? 0}
            complete={table.isFetched && !table.isFetchingNextPage}
            estimatedPages={estimatedPages}
            zone={zone}
            range={{ start: request.start_date, end: request.end_date }}
            allIn={!table.hasNextPage}
            onRefresh={() => void table.refetch()}
          />
        )}
        {comparison && compareQuery && (
          <ComparisonStatus
            label={compareLabel}
            range={comparison.range}
            state={compareState}
            pagesLoaded={comparePages?.length ?? 0}
            onRetry={() => void compareQuery.refetch()}
          />
        )}
      </div>
      <Suspense fallback={<MetricFiguresSection metric={definition.metric} comparing={comparison !== null} />}>
        <MetricFiguresPanel
          metric={definition.metric}
          pages={
            chartView
              ? walk !== undefined && isWalkComplete(walk)
                ? pages
                : undefined
              : tableComplete
                ? table.data!.pages
                : undefined
          }
          capacity={firstPage?.capacity ?? record?.capacity}
          interval={request.interval}
          dwellUnit={config.dwellTimeUnit}
          today={plan.today}
          comparison={
            comparison
              ? {
                  label: compareLabel,
                  pages: compareComplete ? comparePages : undefined,
                  unavailable:
                    compareState === 'failed'
                      ? `${compareLabel} did not load`
                      : !compareComplete && !chartView && unconfirmed
                        ? `${compareLabel}: a large request; load it in the chart view`
                        : null,
                }
              : undefined
          }
        />
      </Suspense>
      {waitingForConfirmation ? (
        <LargeRequestPanel
          pages={estimatedPages + (comparison?.estimatedPages ?? 0)}
          withComparison={comparison !== null}
          coarser={coarserInterval(comparison ? [estimate, comparison.estimate] : estimate, definition.intervals)}
          onCoarser={(interval) => setFilters({ ...filters, interval })}
          onProceed={() => setConfirmed(new Set(confirmed).add(confirmKey))}
        />
      ) : filters.view === 'table' ? (
        // Keyed by the request: another request's rows start again at its first page.
        <MetricTable key={requestKey} definition={definition} query={table} interval={request.interval} zone={zone} />
      ) : (
        <MetricChartPanel
          // Not keyed: one chart instance draws every request; the panel shows nothing of one under another's labels.
          requestKey={requestKey}
          definition={definition}
          query={series}
          pages={pages}
          zoneText={zoneLabel(zone)}
          interval={request.interval}
          describeRange={formatDateRange(request.start_date, request.end_date)}
          pictureRef={chartPicture}
          hideClosed={hidesClosedTime(request.interval, filters.closed, record?.operating_hours !== undefined)}
          empty={{
            range: { start: request.start_date, end: request.end_date },
            chosen: { hours: filters.startHour !== null || filters.endHour !== null, days: filters.days !== null },
            record,
          }}
          usual={usual}
          compare={
            // Drawn behind the chart once all of it is in (paired with this period's windows as they arrive).
            comparison && compareComplete && comparePages
              ? {
                  pages: comparePages,
                  label: compareLabel,
                  shiftDays: comparison.range.shiftDays,
                  dates: formatDateRange(comparison.range.start, comparison.range.end),
                }
              : undefined
          }
        />
      )}
    </>
  );
}

const VIEWS = [
  ['chart', 'Chart'],
  ['table', 'Table'],
] as const;
