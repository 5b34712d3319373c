/**
 * What every page about one location shares: the route's id, the location's record and clock, its header and
 * toolbar (the way back, the views, the picker, the filters), and the view shown while the clock is not known yet
 * (no request is made on a guessed clock: it would only be aborted once the clock is known). With the network down,
 * the frame says so and the page draws what this browser kept of the view (use-kept-view.ts), never an error.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import type { DateSpan } from '../../analysis/periods';
import { NetworkError } from '../../api/errors';
import type { WalkedPage } from '../../api/filter-fallback';
import type { LocationRecord } from '../../api/schemas';
import { Notice } from '../../components/notice';
import { OfflineNotice } from '../../components/offline-notice';
import { ErrorPanel } from '../../components/error-panel';
import { ChipMenu } from '../../components/chip-menu';
import { Skeleton } from '../../components/skeleton';
import { Toolbar } from '../../components/toolbar';
import { useAppContext } from '../../config/app-context';
import type { RuntimeConfig } from '../../config/runtime-config';
import { cutsClosedTime, hasClosedTime, hidesClosedTime, isSubDaily } from '../../charts/time-axis';
import { FilterBar } from '../../filters/filter-bar';
import { compareLinkParams } from '../../filters/compare';
import type { FilterDefaults, Filters } from '../../filters/model';
import type { UseCompareResult } from '../../filters/use-compare';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useNow } from '../../lib/use-now';
import { LocationPicker } from '../../locations/location-picker';
import { useLocationClock, type LocationClock } from '../../locations/location-zone';
import { locationQueries } from '../../locations/queries';
import type { MetricDefinition } from '../../metrics/definitions';
import { AppliedFilters, appliedDiffers } from './applied-filters';
import { CompareField } from './compare-field';
import { CopyLink } from './copy-link';
import { LocationHeader } from './location-header';
import { MetricTabs } from './metric-tabs';
import { useKeptView, type KeptViewState } from './use-kept-view';

export type ReadyClock = Extract<LocationClock, { status: 'ready' }>;

export interface LocationViewProps {
  locationId: number;
  record: LocationRecord | undefined;
  /** Every record the server lists (or the configured ones). */
  records: readonly LocationRecord[];
  clock: ReadyClock;
  nowMs: number;
  /** What every location page's header and toolbar hold: the way back to all locations, the views, the picker. */
  navigation: LocationNavigation;
  /** The network, and what this browser kept of the view while it is down. */
  kept: KeptViewState;
}

export interface LocationNavigation {
  back: ReactNode;
  tabs: ReactNode;
  picker: ReactNode;
}

/** The location's page at `view` (a metric, or the utilization view): `render` runs once the clock is known. */
export function LocationView(props: {
  locationId: number;
  view: MetricDefinition;
  render(props: LocationViewProps): ReactNode;
}) {
  const { locationId, view, render } = props;
  const { config, client } = useAppContext();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const liveNowMs = useNow();
  const list = useQuery(locationQueries.list(client));
  const kept = useKeptView({
    address: pathname + search,
    nowMs: liveNowMs,
    unreachable: list.error instanceof NetworkError,
    needs: 'series',
  });
  // Kept answers are drawn at the clock they were drawn at: a rolling range resolves to the dates they are for.
  const nowMs = kept.keptNowMs ?? liveNowMs;
  const { locations, record, clock } = useLocationClock(locationId, nowMs);
  const records = useMemo(() => locations.data ?? configuredRecords(config), [locations.data, config]);
  useDocumentTitle(view.label, record?.name ?? `Location ${locationId}`);
  const chooseLocation = (id: number) => navigate({ pathname: `/locations/${id}/${view.slug}`, search });
  const navigation: LocationNavigation = {
    back: (
      <Link className="portfolio-link" to={{ pathname: '/portfolio', search: portfolioSearch(search) }}>
        All locations
      </Link>
    ),
    tabs: <MetricTabs locationId={locationId} current={view} search={search} />,
    picker: <LocationPicker current={locationId} records={records} onChoose={chooseLocation} />,
  };

  if (clock.status !== 'ready') {
    return (
      <>
        <LocationHeader
          locationId={locationId}
          record={record}
          firstPage={undefined}
          clock={clock}
          rangeStart={null}
          navigation={navigation}
        />
        <Toolbar label="Location and filters">{navigation.picker}</Toolbar>
        {kept.down !== null ? (
          <OfflineNotice down={kept.down} keptAt={keptAtOf(kept)} nowMs={liveNowMs} what="this view" />
        ) : clock.status === 'error' ? (
          <ErrorPanel error={clock.error} onRetry={clock.retry} />
        ) : (
          <Skeleton label="Finding the location's local time" text="Finding the location’s local time…" />
        )}
      </>
    );
  }
  return render({ locationId, record, records, clock, nowMs, navigation, kept });
}

/** When what a page shows offline was received: null when nothing is kept, undefined while still looking. */
function keptAtOf(kept: KeptViewState): number | null | undefined {
  return kept.found === null ? undefined : kept.keptAt;
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
 * The top of a location page, the answer's controls in one row: the header (name, capacity, the one statement of
 * the zone, the views), then the toolbar: the location picker, the date range and interval, "More filters" (hours,
 * days, closed hours), what the page adds at its end (the metric page's Chart | Table), and "More" (the page's
 * links, exports and comparison). Under it, the notice for what the link asked and could not be used (shown again
 * for a link that ignores something else), and what the server applied where it is not what was asked.
 */
export function LocationViewHead(props: {
  view: LocationViewProps;
  definition: MetricDefinition;
  filters: Filters;
  setFilters(next: Filters, options?: { replace?: boolean }): void;
  /** The first page of what is shown: name, capacity, the hours and days applied. */
  firstPage: WalkedPage | undefined;
  rangeStart: string;
  /** What the link's filters asked for and could not be used (the comparison's own is added here). */
  ignored: readonly string[];
  /** The page's defaults, which a copied link leaves out. */
  defaults: FilterDefaults;
  /** The comparison period (`compare`), and its dates when one is on. */
  compare: UseCompareResult;
  compared: DateSpan | null;
  /** At the toolbar's end, before "More". */
  end?: ReactNode;
  /** What "More" holds after Compare with and Copy link: the page's downloads. */
  more?: ReactNode;
}) {
  const { view, definition, filters, setFilters, firstPage, compare } = props;
  const ignored = compare.ignored ? [...props.ignored, compare.ignored] : props.ignored;
  const appliedHours = firstPage && { hours: firstPage.hour_range, days: firstPage.days_of_week };
  const [dismissed, setDismissed] = useState<string | null>(null);
  const ignoredText = ignored.join('\n');
  const applied = firstPage && <AppliedFilters filters={filters} applied={firstPage} />;
  // Said in the open where it is news (the server applied something else, or the browser filtered); else inside
  // "More filters", whose chip already gives the hours and days.
  const appliedNews = firstPage !== undefined && (firstPage.filteredLocally || appliedDiffers(filters, firstPage));
  return (
    <>
      <LocationHeader
        locationId={view.locationId}
        record={view.record}
        firstPage={firstPage}
        clock={view.clock}
        rangeStart={props.rangeStart}
        navigation={view.navigation}
      />
      <Toolbar label="Location and filters">
        {view.navigation.picker}
        <FilterBar
          metric={definition}
          filters={filters}
          onChange={setFilters}
          zone={view.clock.zone}
          nowMs={view.nowMs}
          applied={appliedHours}
          moreFiltersLead={!appliedNews && applied}
          hidesClosed={
            // Offered once the first page says which hours and days it holds, and only if some are left out.
            filters.view === 'chart' &&
            cutsClosedTime(filters.interval) &&
            firstPage &&
            (isSubDaily(filters.interval)
              ? hasClosedTime({ hours: firstPage.hour_range, days: firstPage.days_of_week })
              : new Set(firstPage.days_of_week).size < 7)
              ? hidesClosedTime(filters.interval, filters.closed, view.record?.operating_hours !== undefined)
              : undefined
          }
        />
        <span className="toolbar-end">
          {props.end}
          <ChipMenu label="More" align="end" className="more-actions">
            <CompareField mode={compare.mode} compared={props.compared} onChange={compare.setMode} />
            <CopyLink
              definition={definition}
              filters={filters}
              defaults={props.defaults}
              zone={view.clock.zone}
              nowMs={view.nowMs}
              applied={appliedHours}
              extra={compareLinkParams(compare.mode)}
            />
            {props.more}
          </ChipMenu>
        </span>
      </Toolbar>
      {view.kept.down !== null && (
        <OfflineNotice
          down={view.kept.down}
          keptAt={keptAtOf(view.kept)}
          nowMs={view.kept.liveNowMs}
          what="this view"
        />
      )}
      {ignored.length > 0 && dismissed !== ignoredText && (
        <Notice title="Some of this link was ignored" items={ignored} onDismiss={() => setDismissed(ignoredText)} />
      )}
      {appliedNews && applied}
    </>
  );
}
