/**
 * The metric page: one component for all four metrics, over the registry in metrics/definitions.ts.
 * Route: /locations/:locationId/:metric. Every applied filter lives in the URL (filters/use-filters.ts), and so does
 * the comparison period (`compare=previous|year`, filters/use-compare.ts), whose series is the same request over the
 * compared dates (filters/view-plan.ts).
 */
import '../../views/series-status.css';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef } from 'react';
import { useParams } from '../../lib/router/routes';

import { hidesClosedTime } from '../../charts/time-axis';
import { useAppContext } from '../../config/app-context';
import { SegmentedControl } from '../../components/segmented-control';
import type { ChartPicture } from '../../lib/chart-picture';
import { formatDateRange, zoneLabel } from '../../lib/time';
import { metricBySlug, type MetricDefinition } from '../../metrics/definitions';
import { coarserInterval, estimatePages } from '../../metrics/page-estimate';
import type { Window } from '../../charts/series';
import { BadRoute, LocationView } from '../../views/location-view';
import type { LocationViewProps } from '../../views/location-view-props';
import { LocationViewHead } from '../../views/location-view-head';
import { parseLocationId } from '../../views/location-route';
import { MetricFiguresSection } from '../../panels/metric-figures-section';
import { MetricChartPanel } from './metric-chart-panel';
import { MetricDownloads } from './metric-downloads';
import { MetricTable } from './metric-table';
import { usePinnedPrefetch } from './use-pinned-prefetch';
import { useMetricView } from './use-metric-view';
import { compareLabel } from '../../filters/compare';
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
  const { definition, record, clock } = props;
  const { config } = useAppContext();
  const queryClient = useQueryClient();
  const view = useMetricView(props);
  const { filters, setFilters, plan, chartView, series, walk, pages, table, firstPage, comparing } = view;
  const { request, estimate, estimatedPages, requestKey, comparison } = plan;
  const { zone } = clock;
  const chartPicture = useRef<ChartPicture | null>(null);
  const comparedName = comparing.label;
  return (
    <>
      <LocationViewHead
        firstPage={firstPage}
        range={{ start: request.start_date, end: request.end_date }}
        compared={comparison?.range ?? null}
        end={
          <SegmentedControl
            label={t`View`}
            options={[
              ['chart', t`Chart`],
              ['table', t`Table`],
            ]}
            value={filters.view}
            onChange={(view) => setFilters({ ...filters, view })}
          />
        }
        more={
          <MetricDownloads
            definition={definition}
            context={view.exportContext}
            chartView={chartView}
            waiting={view.waitingForConfirmation}
            series={{
              fetch: () => queryClient.fetchQuery(view.seriesOptions),
              loading: series.fetchStatus === 'fetching',
              complete: view.walkComplete,
              failed: series.error !== null,
            }}
            pages={pages}
            tablePages={view.tablePages}
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
            complete={view.walkComplete}
            estimatedPages={
              firstPage
                ? estimatePages({ ...estimate, hours: firstPage.hour_range, days: firstPage.days_of_week })
                : estimatedPages
            }
            zone={zone}
            range={{ start: request.start_date, end: request.end_date }}
            onRefresh={() => void queryClient.refetchQueries({ queryKey: view.seriesOptions.queryKey, exact: true })}
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
        {comparison && comparing.asked && (
          <ComparisonStatus
            label={compareLabel(comparison.mode)}
            range={comparison.range}
            until={comparing.until}
            state={comparing.state}
            pagesLoaded={comparing.pagesLoaded}
            onRetry={comparing.retry}
          />
        )}
      </div>
      <Suspense fallback={<MetricFiguresSection metric={definition.metric} comparing={comparison !== null} />}>
        <MetricFiguresPanel
          metric={definition.metric}
          current={view.current}
          capacity={firstPage?.capacity ?? record?.capacity}
          interval={request.interval}
          dwellUnit={config.dwellTimeUnit}
          comparison={
            comparison
              ? {
                  label: comparedName,
                  windows: comparing.windows,
                  unavailable:
                    comparing.state === 'failed'
                      ? t`${comparedName} did not load`
                      : !comparing.complete && !chartView && view.unconfirmed
                        ? t`${comparedName}: a large request; load it in the chart view`
                        : null,
                }
              : undefined
          }
        />
      </Suspense>
      {view.waitingForConfirmation ? (
        <LargeRequestPanel
          pages={estimatedPages + (comparison?.estimatedPages ?? 0)}
          withComparison={comparison !== null}
          coarser={coarserInterval(comparison ? [estimate, comparison.estimate] : estimate, definition.intervals)}
          onCoarser={(interval) => setFilters({ ...filters, interval })}
          onProceed={view.confirm}
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
          usual={view.usual}
          compare={
            // Drawn behind the chart once all of it is in, cut where this period ends.
            comparison && comparing.windows && walk
              ? {
                  points: comparing.windows.points as readonly Window[],
                  label: comparedName,
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
