/**
 * What every page about one location shares: the route's id, the location's record and clock, its header and
 * toolbar (the way back, the views, the picker, the filters), and the view shown while the clock is not known yet
 * (no request is made on a guessed clock: it would only be aborted once the clock is known). With the network down,
 * the frame says so and the page draws what this browser kept of the view (use-kept-view.ts), never an error.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useMemo, type ReactNode } from 'react';
import { Link } from '../lib/router/links';
import { useLocation, useNavigate } from '../lib/router/router';

import type { LocationRecord } from '../api/schemas';
import { OfflineNotice } from '../components/offline-notice';
import { ErrorPanel } from '../components/error-panel';
import { Skeleton } from '../components/skeleton';
import { Toolbar } from '../components/toolbar';
import { useAppContext } from '../config/app-context';
import type { RuntimeConfig } from '../config/runtime-config';
import { LANG_PARAM } from '../lib/language';
import { useDocumentTitle } from '../lib/use-document-title';
import { useNow } from '../lib/use-now';
import { LocationPicker } from '../locations/location-picker';
import { useLocationClock } from '../locations/location-zone';
import type { MetricDefinition } from '../metrics/definitions';
import { LocationHeader, locationName } from './location-header';
import { LocationViewContext, useAddressState } from './location-view-state';
import { MetricTabs } from './metric-tabs';
import type { LocationNavigation, LocationViewProps } from './location-view-props';
import { useKeptView, type KeptViewState } from './use-kept-view';

/**
 * The location's page at `view` (a metric, or the utilization view): `render` runs once the clock is known, under
 * the view's state (location-view-state.ts).
 */
export function LocationView(props: {
  locationId: number;
  view: MetricDefinition;
  render(props: LocationViewProps): ReactNode;
}) {
  const { locationId, view, render } = props;
  const { config } = useAppContext();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const liveNowMs = useNow();
  const kept = useKeptView({
    address: pathname + search,
    nowMs: liveNowMs,
    needs: 'series',
  });
  // Kept answers are drawn at the clock they were drawn at: a rolling range resolves to the dates they are for.
  const nowMs = kept.keptNowMs ?? liveNowMs;
  const { locations, record, clock } = useLocationClock(locationId, nowMs);
  const records = useMemo(() => locations.data ?? configuredRecords(config), [locations.data, config]);
  useDocumentTitle(i18n._(view.label), record?.name ?? locationName(locationId));
  const chooseLocation = (id: number) => navigate({ pathname: `/locations/${id}/${view.slug}`, search });
  const navigation: LocationNavigation = {
    back: (
      <Link className="portfolio-link" to={{ pathname: '/portfolio', search: portfolioSearch(search) }}>
        {t`All locations`}
      </Link>
    ),
    tabs: <MetricTabs locationId={locationId} current={view} search={search} />,
    picker: <LocationPicker current={locationId} records={records} onChoose={chooseLocation} />,
  };

  const state = useAddressState(view);

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
        <Toolbar label={t`Location and filters`}>{navigation.picker}</Toolbar>
        {kept.down !== null ? (
          <OfflineNotice down={kept.down} keptAt={keptAtOf(kept)} nowMs={liveNowMs} what="view" />
        ) : clock.status === 'error' ? (
          <ErrorPanel error={clock.error} onRetry={clock.retry} />
        ) : (
          <Skeleton label={t`Finding the location's local time`} text={t`Finding the location’s local time…`} />
        )}
      </>
    );
  }
  const ready: LocationViewProps = { locationId, record, records, clock, nowMs, navigation, kept };
  return <LocationViewContext value={{ ...state, view: ready }}>{render(ready)}</LocationViewContext>;
}

/** When what a page shows offline was received: null when nothing is kept, undefined while still looking. */
export function keptAtOf(kept: KeptViewState): number | null | undefined {
  return kept.found === null ? undefined : kept.keptAt;
}

/**
 * The filters every location page and the portfolio share: the portfolio opens on the same dates, hours and days (and
 * in the language the address asks for, if it does).
 */
const SHARED_FILTERS = ['range', 'from', 'to', 'hours', 'days', LANG_PARAM];

function portfolioSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams([...params].filter(([key]) => SHARED_FILTERS.includes(key)));
  return kept.size > 0 ? `?${kept.toString()}` : '';
}

export function BadRoute() {
  useDocumentTitle(t`No such page`);
  return (
    <section className="panel" role="alert">
      <h2>{t`This address does not name a location and metric`}</h2>
      <p>
        {t`Addresses look like /locations/12/occupancy; views are occupancy, traffic, dwell-time, availability and utilization.`}
      </p>
      <Link to="/">{t`Open the default view`}</Link>
    </section>
  );
}

/** The configured list, shaped like server records, for a server without `/locations`. */
export function configuredRecords(config: RuntimeConfig): LocationRecord[] {
  return config.locations.map((l) => ({
    location_id: l.id,
    name: l.name ?? locationName(l.id),
    status: 'active',
    parent_id: null,
    capacity: 0,
    start_date: null,
    time_zone: l.timeZone,
  }));
}
