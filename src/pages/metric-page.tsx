/**
 * The metric page: one component for all four metrics, over the registry in metrics/definitions.ts.
 * Route: /locations/:locationId/:metric. Every applied filter lives in the URL (filters/use-filters.ts).
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useLocation } from 'react-router';

import type { WalkedPage } from '../api/filter-fallback';
import { MAX_PAGE_SIZE, type LocationRecord } from '../api/schemas';
import { isWalkComplete, walkPages } from '../api/series-walk';
import { useAppContext } from '../config/app-context';
import type { RuntimeConfig } from '../config/runtime-config';
import { Notice } from '../components/notice';
import { FilterBar } from '../filters/filter-bar';
import type { FilterDefaults } from '../filters/model';
import { useFilters } from '../filters/use-filters';
import { planView } from '../filters/view-plan';
import { ErrorPanel } from '../components/error-panel';
import { Skeleton } from '../components/skeleton';
import { zoneLabel } from '../lib/time';
import { useNow } from '../lib/use-now';
import { LocationPicker } from '../locations/location-picker';
import { useLocationClock, type LocationClock } from '../locations/location-zone';
import { INTERVAL_LABELS, metricBySlug, type MetricDefinition, type UiInterval } from '../metrics/definitions';
import { coarserInterval, estimatePages } from '../metrics/page-estimate';
import { metricQueries, tableSeedFrom } from '../metrics/queries';
import { AppliedFilters } from './applied-filters';
import { CopyLink } from './copy-link';
import { LocationHeader } from './location-header';
import { MetricChartPanel } from './metric-chart-panel';
import { MetricTable } from './metric-table';
import { MetricTabs } from './metric-tabs';
import { SeriesStatus } from './series-status';

export function MetricPage() {
  const params = useParams();
  const definition = metricBySlug(params.metric);
  const locationId = parseLocationId(params.locationId);
  if (!definition || locationId === null) return <BadRoute />;
  // Keyed so that nothing of one location's or metric's view leaks into another's.
  return <MetricView key={`${locationId}/${definition.slug}`} definition={definition} locationId={locationId} />;
}

function MetricView({ definition, locationId }: { definition: MetricDefinition; locationId: number }) {
  const { config } = useAppContext();
  const navigate = useNavigate();
  const { search } = useLocation();
  const nowMs = useNow();
  const { locations, record, clock } = useLocationClock(locationId, nowMs);
  const records = useMemo(() => locations.data ?? configuredRecords(config), [locations.data, config]);
  const chooseLocation = (id: number) => navigate({ pathname: `/locations/${id}/${definition.slug}`, search });
  const toolbar = (
    <div className="toolbar">
      <LocationPicker current={locationId} records={records} onChoose={chooseLocation} />
      <MetricTabs locationId={locationId} current={definition} search={search} />
    </div>
  );

  if (clock.status !== 'ready') {
    // No request is made on a guessed clock: it would only be aborted once the clock is known.
    return (
      <>
        <LocationHeader locationId={locationId} record={record} firstPage={undefined} clock={clock} rangeStart={null} />
        {toolbar}
        {clock.status === 'error' ? (
          <ErrorPanel error={clock.error} onRetry={clock.retry} />
        ) : (
          <Skeleton label="Finding the location's local time" text="Finding the location’s local time…" />
        )}
      </>
    );
  }
  return (
    <MetricBody
      definition={definition}
      locationId={locationId}
      record={record}
      clock={clock}
      nowMs={nowMs}
      toolbar={toolbar}
    />
  );
}

function MetricBody(props: {
  definition: MetricDefinition;
  locationId: number;
  record: LocationRecord | undefined;
  clock: Extract<LocationClock, { status: 'ready' }>;
  nowMs: number;
  toolbar: ReactNode;
}) {
  const { definition, locationId, record, clock, nowMs, toolbar } = props;
  const { config, client } = useAppContext();
  const queryClient = useQueryClient();
  const { zone } = clock;

  const defaults = useMemo(() => filterDefaults(config, definition), [config, definition]);
  const { filters, ignored, setFilters } = useFilters(definition, defaults);
  // What was dismissed, not whether: a link that ignores something else shows its notice again.
  const ignoredText = ignored.join('\n');
  const [dismissedNotice, setDismissedNotice] = useState<string | null>(null);

  const plan = planView({ locationId, definition, filters, zone, nowMs, record });
  const { request, open, estimate, estimatedPages, requestKey, confirmKey } = plan;
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const chartView = filters.view === 'chart';
  // Only the chart walks every page; the table asks for one at a time and needs no warning.
  const waitingForConfirmation = chartView && plan.large && !confirmed.has(confirmKey);

  const seriesOptions = metricQueries.series(client, definition.metric, locationId, request, open);
  const series = useQuery({ ...seriesOptions, enabled: chartView && !waitingForConfirmation });
  const walk = series.data;
  const pages: WalkedPage[] | undefined = walk && walkPages(walk);
  const table = useInfiniteQuery({
    ...metricQueries.table(client, definition.metric, locationId, request, open),
    // Opening the table after the chart walked every page costs no request.
    initialData: () => tableSeedFrom(queryClient.getQueryData(seriesOptions.queryKey)),
    enabled: !chartView,
  });
  const firstPage: WalkedPage | undefined = chartView ? pages?.[0] : table.data?.pages[0];

  return (
    <>
      <LocationHeader
        locationId={locationId}
        record={record}
        firstPage={firstPage}
        clock={clock}
        rangeStart={request.start_date}
      />
      {toolbar}
      <FilterBar
        metric={definition}
        filters={filters}
        onChange={setFilters}
        zone={zone}
        nowMs={nowMs}
        appliedDays={firstPage?.days_of_week}
      />
      {ignored.length > 0 && dismissedNotice !== ignoredText && (
        <Notice
          title="Some of this link was ignored"
          items={ignored}
          onDismiss={() => setDismissedNotice(ignoredText)}
        />
      )}
      {firstPage && <AppliedFilters filters={filters} applied={firstPage} />}
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
            onRefresh={() => void queryClient.refetchQueries({ queryKey: seriesOptions.queryKey, exact: true })}
          />
        ) : (
          <SeriesStatus
            query={table}
            pagesLoaded={table.data?.pages.length ?? 0}
            complete={table.isFetched && !table.isFetchingNextPage}
            estimatedPages={estimatedPages}
            zone={zone}
            onRefresh={() => void table.refetch()}
          />
        )}
        <CopyLink
          definition={definition}
          filters={filters}
          defaults={defaults}
          zone={zone}
          nowMs={nowMs}
          applied={firstPage ? { hours: firstPage.hour_range, days: firstPage.days_of_week } : undefined}
        />
        <div className="view-switch" role="group" aria-label="View">
          {VIEWS.map(([view, label]) => (
            <button
              key={view}
              type="button"
              aria-pressed={filters.view === view}
              onClick={() => setFilters({ ...filters, view })}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {waitingForConfirmation ? (
        <LargeRequestPanel
          pages={estimatedPages}
          coarser={coarserInterval(estimate, definition.intervals)}
          onCoarser={(interval) => setFilters({ ...filters, interval })}
          onProceed={() => setConfirmed(new Set(confirmed).add(confirmKey))}
        />
      ) : filters.view === 'table' ? (
        // Keyed by the request: another request's rows start again at its first page.
        <MetricTable key={requestKey} definition={definition} query={table} interval={request.interval} zone={zone} />
      ) : (
        <MetricChartPanel
          // Keyed by the request: nothing drawn for one request stays on screen under another's labels.
          key={requestKey}
          definition={definition}
          query={series}
          pages={pages}
          zoneText={zoneLabel(zone)}
          interval={request.interval}
          nowMs={nowMs}
          describeRange={`${request.start_date} to ${request.end_date}`}
        />
      )}
    </>
  );
}

const VIEWS = [
  ['chart', 'Chart'],
  ['table', 'Table'],
] as const;

function LargeRequestPanel(props: {
  pages: number;
  coarser: { interval: UiInterval; pages: number } | null;
  onCoarser(interval: UiInterval): void;
  onProceed(): void;
}) {
  const { coarser } = props;
  const label = coarser && INTERVAL_LABELS[coarser.interval].toLowerCase();
  return (
    <section className="panel" aria-label="Large request">
      <h2>This is a large request</h2>
      <p>
        It is about {props.pages} pages of {MAX_PAGE_SIZE} windows.
        {coarser && ` At ${label} it would be about ${coarser.pages} pages.`}
      </p>
      {coarser && (
        <button type="button" onClick={() => props.onCoarser(coarser.interval)}>
          Use {label} instead
        </button>
      )}{' '}
      <button type="button" onClick={props.onProceed}>
        Load all {props.pages} pages anyway
      </button>
    </section>
  );
}

function BadRoute() {
  return (
    <section className="panel" role="alert">
      <h2>This address does not name a location and metric</h2>
      <p>
        Addresses look like <code>/locations/12/occupancy</code>; metrics are occupancy, traffic, dwell-time and
        availability.
      </p>
      <Link to="/">Open the default view</Link>
    </section>
  );
}

function parseLocationId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function filterDefaults(config: RuntimeConfig, definition: MetricDefinition): FilterDefaults {
  return { range: { kind: 'preset', preset: config.defaultRange }, interval: definition.defaultInterval };
}

/** The configured list, shaped like server records, for a server without `/locations`. */
function configuredRecords(config: RuntimeConfig): LocationRecord[] {
  return config.locations.map((l) => ({
    location_id: l.id,
    name: l.name ?? `Location ${l.id}`,
    status: 'active',
    parent_id: null,
    capacity: 0,
    start_date: null,
    time_zone: l.timeZone,
  }));
}
