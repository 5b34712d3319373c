/**
 * The metric page: one component for all four metrics, over the registry in metrics/definitions.ts.
 * Route: /locations/:locationId/:metric. Every applied filter lives in the URL (filters/use-filters.ts), and so does
 * the comparison period (`compare=previous|year`, filters/use-compare.ts), whose series is the same request over the
 * compared dates (filters/view-plan.ts).
 */
import { useInfiniteQuery, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';

import type { WalkedPage } from '../../api/filter-fallback';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import { hidesClosedTime } from '../../charts/time-axis';
import { showsUsual, usualForView } from '../../charts/usual-overlay';
import { useAppContext } from '../../config/app-context';
import { SegmentedControl } from '../../components/segmented-control';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ChartPicture } from '../../export/download';
import { DownloadButton } from '../../export/download-button';
import type { ViewContext } from '../../export/context';
import { COMPARE_LABELS } from '../../filters/compare';
import { planView } from '../../filters/view-plan';
import { formatDateRange, zoneLabel } from '../../lib/time';
import { useUsualDay } from '../../live/use-usual';
import { metricBySlug, type MetricDefinition } from '../../metrics/definitions';
import { coarserInterval, estimatePages } from '../../metrics/page-estimate';
import { metricQueries, tableSeedFrom } from '../../metrics/queries';
import { preloadChart } from '../../panels/chart-code';
import { BadRoute, LocationView, type LocationViewProps } from '../shared/location-view';
import { LocationViewHead } from '../shared/location-view-head';
import { useLocationViewState } from '../shared/location-view-state';
import { parseLocationId } from '../shared/location-route';
import { MetricFiguresSection } from '../../panels/metric-figures-section';
import { MetricChartPanel, pngUnavailable } from './metric-chart-panel';
import { MetricTable } from './metric-table';
import { usePinnedPrefetch } from './use-pinned-prefetch';
import { onNextPaint } from '../../lib/after-paint';
import { SeriesStatus } from '../shared/series-status';
import { LargeRequestPanel } from '../shared/large-request-panel';
import { comparisonState, ComparisonStatus } from '../shared/comparison-status';

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

  const seriesOptions = metricQueries.series(client, definition.metric, locationId, request, open);
  const seriesEnabled = chartView && !waitingForConfirmation;
  const series = useQuery({ ...seriesOptions, enabled: seriesEnabled });
  // The chart's code loads while the first pages are on their way (after this component's query has asked), once
  // the page's head and figures' places are painted: ECharts' 210 kB do not share the network with what comes first.
  useEffect(() => {
    if (seriesEnabled) return onNextPaint(() => void preloadChart());
  }, [seriesEnabled]);
  const walk = series.data;
  const pages: WalkedPage[] | undefined = walk && walkPages(walk);
  const table = useInfiniteQuery({
    ...metricQueries.table(client, definition.metric, locationId, request, open),
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
  const compareOptions = comparison && {
    ...metricQueries.series(client, definition.metric, locationId, comparison.request, comparison.open),
    enabled: compareEnabled,
  };
  // No comparison, no query (not a disabled one under some other request's key).
  const compareQuery = useQueries<NonNullable<typeof compareOptions>[]>({
    queries: compareOptions ? [compareOptions] : [],
  })[0];
  const compareWalk = compareQuery?.data;
  const comparePages: WalkedPage[] | undefined = compareWalk && walkPages(compareWalk);
  const compareComplete = compareWalk !== undefined && isWalkComplete(compareWalk);
  const compareLabel = comparison ? COMPARE_LABELS[comparison.mode] : '';
  const compareState = comparisonState({
    complete: compareComplete,
    fetching: compareQuery?.fetchStatus === 'fetching',
    error: compareQuery?.error,
  });
  // Occupancy today: the usual day behind today's line (its history asked for only then).
  const usualView = {
    range: { start: request.start_date, end: request.end_date },
    interval: request.interval,
    today: plan.today,
  };
  const drawsUsual = chartView && definition.metric === 'occupancy' && showsUsual(usualView);
  const usualDay = useUsualDay(locationId, plan.today, drawsUsual).day;
  const usual = useMemo(
    () => (drawsUsual ? usualForView(usualDay, { ...usualView, zone, nowMs }) : undefined),
    // Redrawn when the usual arrives and as now moves on (every minute), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drawsUsual, usualDay, zone, plan.today, nowMs],
  );

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
  // Every window of the range, whichever view is open: the chart's whole walk, the table's pages when it has
  // them all, or else the walk the chart would make (cached, so the chart then opens without a request).
  const csvUnavailable = chartView
    ? waitingForConfirmation
      ? 'Load the large request first.'
      : walk !== undefined && isWalkComplete(walk)
        ? null
        : series.error
          ? 'Some pages did not load: retry first.'
          : 'The data is still loading.'
    : tableComplete || !plan.large
      ? null
      : `This range is about ${estimatedPages} pages: load them in the chart view first.`;
  const downloadCsv = async () => {
    const everyPage =
      chartView && pages
        ? pages
        : tableComplete
          ? table.data!.pages
          : walkPages(await queryClient.fetchQuery(seriesOptions));
    const { saveMetricCsv } = await import('../../export/save-metric');
    saveMetricCsv({
      metric: definition.metric,
      slug: definition.slug,
      pages: everyPage,
      context: exportContext,
      dwellUnit: config.dwellTimeUnit,
    });
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
          <>
            <DownloadButton label="Download CSV" unavailable={csvUnavailable} onDownload={downloadCsv} />
            <ChartPngButton
              label="Download chart as PNG"
              chart={chartPicture}
              context={exportContext}
              what={definition.slug}
              unavailable={
                waitingForConfirmation
                  ? 'Load the large request first.'
                  : pngUnavailable({ chartView, loading: series.fetchStatus === 'fetching', pages })
              }
            />
          </>
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
          nowMs={nowMs}
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
