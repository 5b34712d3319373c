/**
 * What every page about one location shares: the route's id, the location's record and clock, the toolbar
 * (picker and view tabs), and the view shown while the clock is not known yet (no request is made on a guessed
 * clock: it would only be aborted once the clock is known).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import type { WalkedPage } from '../../api/filter-fallback';
import type { LocationRecord } from '../../api/schemas';
import { Notice } from '../../components/notice';
import { ErrorPanel } from '../../components/error-panel';
import { NarrowDisclosure } from '../../components/narrow-disclosure';
import { Skeleton } from '../../components/skeleton';
import { useAppContext } from '../../config/app-context';
import type { RuntimeConfig } from '../../config/runtime-config';
import { hasClosedTime, hidesClosedTime, isSubDaily } from '../../charts/time-axis';
import { FilterBar } from '../../filters/filter-bar';
import type { Filters } from '../../filters/model';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { LocationPicker } from '../../locations/location-picker';
import { useLocationClock, type LocationClock } from '../../locations/location-zone';
import type { MetricDefinition } from '../../metrics/definitions';
import { AppliedFilters } from './applied-filters';
import { LocationHeader } from './location-header';
import { MetricTabs } from './metric-tabs';

export type ReadyClock = Extract<LocationClock, { status: 'ready' }>;

export interface LocationViewProps {
  locationId: number;
  record: LocationRecord | undefined;
  /** Every record the server lists (or the configured ones). */
  records: readonly LocationRecord[];
  clock: ReadyClock;
  nowMs: number;
  toolbar: ReactNode;
}

/** The location's page at `view` (a metric, or the utilization view): `render` runs once the clock is known. */
export function LocationView(props: {
  locationId: number;
  view: MetricDefinition;
  render(props: LocationViewProps): ReactNode;
}) {
  const { locationId, view, render } = props;
  const { config } = useAppContext();
  const navigate = useNavigate();
  const { search } = useLocation();
  const nowMs = useNow();
  const { locations, record, clock } = useLocationClock(locationId, nowMs);
  const records = useMemo(() => locations.data ?? configuredRecords(config), [locations.data, config]);
  useDocumentTitle(view.label, record?.name ?? `Location ${locationId}`);
  const chooseLocation = (id: number) => navigate({ pathname: `/locations/${id}/${view.slug}`, search });
  const toolbar = (
    <div className="toolbar">
      <Link className="portfolio-link" to={{ pathname: '/portfolio', search: portfolioSearch(search) }}>
        All locations
      </Link>
      <NarrowDisclosure summary="Change location">
        <LocationPicker current={locationId} records={records} onChoose={chooseLocation} />
      </NarrowDisclosure>
      <MetricTabs locationId={locationId} current={view} search={search} />
    </div>
  );

  if (clock.status !== 'ready') {
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
  return render({ locationId, record, records, clock, nowMs, toolbar });
}

/** The filters every location page and the portfolio share: the portfolio opens on the same dates, hours and days. */
const SHARED_FILTERS = ['range', 'from', 'to', 'hours', 'days'];

function portfolioSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams([...params].filter(([key]) => SHARED_FILTERS.includes(key)));
  return kept.size > 0 ? `?${kept.toString()}` : '';
}

export function BadRoute() {
  useDocumentTitle('No such page');
  return (
    <section className="panel" role="alert">
      <h2>This address does not name a location and metric</h2>
      <p>
        Addresses look like <code>/locations/12/occupancy</code>; views are occupancy, traffic, dwell-time, availability
        and utilization.
      </p>
      <Link to="/">Open the default view</Link>
    </section>
  );
}

/** The configured list, shaped like server records, for a server without `/locations`. */
export function configuredRecords(config: RuntimeConfig): LocationRecord[] {
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

/**
 * The top of a location page: its header, the toolbar, the filter bar and what `children` adds (the utilization
 * page's comparison), folded into a disclosure on a phone, the notice for what the link asked and could not be used (shown again for a link that
 * ignores something else), and what the server applied.
 */
export function LocationViewHead(props: {
  view: LocationViewProps;
  definition: MetricDefinition;
  filters: Filters;
  setFilters(next: Filters, options?: { replace?: boolean }): void;
  /** The first page of what is shown: name, capacity, the hours and days applied. */
  firstPage: WalkedPage | undefined;
  rangeStart: string;
  ignored: readonly string[];
  children?: ReactNode;
}) {
  const { view, definition, filters, setFilters, firstPage, ignored } = props;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const ignoredText = ignored.join('\n');
  return (
    <>
      <LocationHeader
        locationId={view.locationId}
        record={view.record}
        firstPage={firstPage}
        clock={view.clock}
        rangeStart={props.rangeStart}
      />
      {view.toolbar}
      <NarrowDisclosure summary="Filters">
        <FilterBar
          metric={definition}
          filters={filters}
          onChange={setFilters}
          zone={view.clock.zone}
          nowMs={view.nowMs}
          appliedDays={firstPage?.days_of_week}
          hidesClosed={
            // Offered once the first page says which hours and days it holds, and only if some are left out.
            filters.view === 'chart' &&
            isSubDaily(filters.interval) &&
            firstPage &&
            hasClosedTime({ hours: firstPage.hour_range, days: firstPage.days_of_week })
              ? hidesClosedTime(filters.interval, filters.closed, view.record?.operating_hours !== undefined)
              : undefined
          }
        />
        {props.children}
      </NarrowDisclosure>
      {ignored.length > 0 && dismissed !== ignoredText && (
        <Notice title="Some of this link was ignored" items={ignored} onDismiss={() => setDismissed(ignoredText)} />
      )}
      {firstPage && <AppliedFilters filters={filters} applied={firstPage} />}
    </>
  );
}
