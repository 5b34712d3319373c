/**
 * The kiosk: a wall screen configured entirely by its address (filters/kiosk-params.ts), with no filter bar, no
 * menus and nothing that needs a click. It rotates through its locations on the clock, refreshes what can still
 * change, keeps the last good data on screen with the time it is from and a stale marker when the API fails, and
 * never asks for a confirmation.
 */
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { ApiError } from '../api/errors';
import type { WalkedPage } from '../api/filter-fallback';
import type { LocationRecord } from '../api/schemas';
import { walkPages } from '../api/series-walk';
import { buildMetricOption } from '../charts/metric-option';
import { Skeleton } from '../components/skeleton';
import { useAppContext } from '../config/app-context';
import { configToken } from '../config/config-token';
import { loadRuntimeConfig } from '../config/runtime-config';
import { KIOSK_PANEL_LABELS, parseKioskSettings, rotationIndex, type KioskSettings } from '../filters/kiosk-params';
import { parseFilters, type Filters } from '../filters/model';
import { planView } from '../filters/view-plan';
import { formatInstantIn, todayIn, zoneLabel, type LocationZone } from '../lib/time';
import { useNow } from '../lib/use-now';
import { useLocationClock } from '../locations/location-zone';
import { locationQueries } from '../locations/queries';
import { UTILIZATION_VIEW } from '../metrics/definitions';
import { metricQueries, type SeriesRequest } from '../metrics/queries';
import { ChildrenPanel } from '../panels/children-panel';
import { FiguresPanel } from '../panels/figures-panel';
import { LazyChart } from '../panels/lazy-chart';
import { HeatmapPanel } from '../panels/utilization-charts';
import { filterDefaults } from './location-view';
import { figuresOf, useFigures } from './use-figures';
import { useLocationsSeries } from './use-location-series';

export function KioskPage() {
  const { config, client } = useAppContext();
  const [params] = useSearchParams();
  const search = params.toString();
  const { settings, ignored } = useMemo(() => parseKioskSettings(new URLSearchParams(search)), [search]);
  // Rotation moves on whole seconds; otherwise the minute is enough (midnight, "updated hh:mm").
  const nowMs = useNow(settings.rotateSeconds > 0 ? 1_000 : 60_000);
  const list = useQuery(locationQueries.list(client));
  const fallback = config.defaultLocationId ?? list.data?.[0]?.location_id ?? config.locations[0]?.id;
  const ids = settings.locations.length > 0 ? settings.locations : fallback !== undefined ? [fallback] : [];
  const locationId = ids[rotationIndex(ids.length, settings.rotateSeconds, nowMs)];
  useConfigTokenRetry();

  return (
    <div className="kiosk">
      {ignored.length > 0 && (
        <p className="kiosk-notice" role="note">
          Some of this kiosk’s address was ignored: {ignored.join('; ')}.
        </p>
      )}
      {locationId === undefined ? (
        list.isPending ? (
          <Skeleton label="Loading locations" />
        ) : (
          <p className="kiosk-message" role="alert">
            This kiosk names no location and the server lists none: add <code>?locations=…</code> to its address.
          </p>
        )
      ) : (
        // One location's screen at a time: its charts are disposed when the rotation moves on.
        <KioskScreen key={locationId} locationId={locationId} settings={settings} search={search} nowMs={nowMs} />
      )}
    </div>
  );
}

function KioskScreen(props: { locationId: number; settings: KioskSettings; search: string; nowMs: number }) {
  const { locationId, settings, search, nowMs } = props;
  const { clock, record, locations } = useLocationClock(locationId, nowMs);
  if (clock.status === 'pending') return <Skeleton label="Finding the location's local time" />;
  if (clock.status === 'error') return <KioskError error={clock.error} />;
  const spaces = (locations.data ?? []).filter((child) => child.parent_id === locationId);
  return (
    <KioskPanels
      locationId={locationId}
      name={record?.name}
      zone={clock.zone}
      settings={settings}
      search={search}
      nowMs={nowMs}
      spaces={spaces}
    />
  );
}

function KioskPanels(props: {
  locationId: number;
  name: string | undefined;
  zone: LocationZone;
  settings: KioskSettings;
  search: string;
  nowMs: number;
  spaces: LocationRecord[];
}) {
  const { locationId, zone, settings, search, nowMs, spaces } = props;
  const { config, client } = useAppContext();
  const queryClient = useQueryClient();
  const show = useMemo(() => new Set(settings.panels), [settings.panels]);
  const today = todayIn(zone, nowMs);

  // Range, hours and days as on the pages; a range too large for a screen nobody can confirm becomes 30 days.
  const defaults = useMemo(() => filterDefaults(config, UTILIZATION_VIEW), [config]);
  const parsed = parseFilters(search, UTILIZATION_VIEW, defaults).filters;
  const asked = planView({ locationId, definition: UTILIZATION_VIEW, filters: parsed, zone, nowMs, record: undefined });
  const filters: Filters = asked.large ? { ...parsed, range: { kind: 'preset', preset: '30d' } } : parsed;
  const plan = asked.large
    ? planView({ locationId, definition: UTILIZATION_VIEW, filters, zone, nowMs, record: undefined })
    : asked;

  const rangeNeeded = show.has('figures') || show.has('heatmap');
  const series = useLocationsSeries([locationId], rangeNeeded ? plan.request : null, plan.open)[0]!;
  const figures = useFigures(series.series, series.partial.firstPage?.capacity, config.dwellTimeUnit);
  const childIds = useMemo(() => (show.has('children') ? spaces.map((c) => c.location_id) : []), [spaces, show]);
  const childStates = useLocationsSeries(childIds, plan.request, plan.open);

  const todayRequest = (interval: SeriesRequest['interval']): SeriesRequest => ({
    start_date: today,
    end_date: today,
    interval,
  });
  const occupancyToday = useQuery({
    ...metricQueries.series(client, 'occupancy', locationId, todayRequest('15min'), true),
    enabled: show.has('now'),
  });
  const trafficToday = useQuery({
    ...metricQueries.series(client, 'traffic', locationId, todayRequest('60min'), true),
    enabled: show.has('traffic'),
  });

  // Refresh what can still change: walks whose range reaches today. Finished days are history. The refreshes fall
  // on the clock's multiples of the period, not on this screen's mount: the rotation mounts this screen anew every
  // `rotate` seconds, and a timer started at mount never fired when `rotate` < `refresh` (e2e/kiosk-soak.spec.ts).
  // What is off screen is marked stale as well, so it is asked again when the rotation comes back to it.
  useEffect(() => {
    const periodMs = settings.refreshSeconds * 1000;
    const refresh = () =>
      queryClient.invalidateQueries({ predicate: (query) => reachesToday(query, today), refetchType: 'active' });
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          void refresh();
          schedule();
        },
        periodMs - (Date.now() % periodMs),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [queryClient, settings.refreshSeconds, today]);

  const states = [series, ...childStates];
  const errors = [...states.map((state) => state.error), occupancyToday.error, trafficToday.error].filter(Boolean);
  const unauthorized = errors.find((error) => error instanceof ApiError && error.status === 401);
  const updatedAt = Math.max(
    occupancyToday.dataUpdatedAt,
    trafficToday.dataUpdatedAt,
    ...states.map((s) => s.updatedAt),
  );
  const stale = errors.length > 0 || (updatedAt > 0 && nowMs - updatedAt > 2.5 * settings.refreshSeconds * 1000);
  const name = props.name ?? series.partial.firstPage?.name ?? `Location ${locationId}`;
  const capacity = series.partial.firstPage?.capacity;

  if (unauthorized) return <KioskError error={unauthorized} />;
  return (
    <section className="kiosk-screen" aria-label={`Kiosk: ${name}`}>
      <header className="kiosk-header">
        <h1>{name}</h1>
        <p className="kiosk-clock">
          {formatInstantIn(zone, nowMs, 'EEE d MMM, HH:mm')} ({zoneLabel(zone)})
        </p>
        <p className={stale ? 'kiosk-updated stale' : 'kiosk-updated'} role="status">
          {updatedAt > 0 ? `Updated ${formatInstantIn(zone, updatedAt, 'HH:mm')}` : 'Loading…'}
          {stale && <strong> · stale: the API is not answering; showing the last data received</strong>}
        </p>
      </header>
      <div className="kiosk-panels">
        {show.has('now') && (
          <TodayChart
            label={KIOSK_PANEL_LABELS.now}
            metric="occupancy"
            pages={occupancyToday.data && walkPages(occupancyToday.data)}
            zone={zone}
            nowMs={nowMs}
          />
        )}
        {show.has('figures') && (
          <FiguresPanel figures={figures} capacity={capacity} error={null} onRetry={series.retry} />
        )}
        {show.has('heatmap') && <HeatmapPanel points={series.series?.occupancy} zoneLabel={zoneLabel(zone)} />}
        {show.has('traffic') && (
          <TodayChart
            label={KIOSK_PANEL_LABELS.traffic}
            metric="traffic"
            pages={trafficToday.data && walkPages(trafficToday.data)}
            zone={zone}
            nowMs={nowMs}
          />
        )}
        {show.has('children') && spaces.length > 0 && (
          <KioskSpaces spaces={spaces} states={childStates} dwellUnit={config.dwellTimeUnit} search={search} />
        )}
      </div>
    </section>
  );
}

function TodayChart(props: {
  label: string;
  metric: 'occupancy' | 'traffic';
  pages: WalkedPage[] | undefined;
  zone: LocationZone;
  nowMs: number;
}) {
  const { label, metric, pages, zone, nowMs } = props;
  const zoneText = zoneLabel(zone);
  const option = useMemo(
    () =>
      pages && pages.length > 0
        ? buildMetricOption(metric, pages, {
            interval: metric === 'traffic' ? '60min' : '15min',
            zoneLabel: zoneText,
            nowMs,
            dwellUnit: 'minutes',
          })
        : null,
    // nowMs marks the partial window; the option is rebuilt when the data changes, not every second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, metric, zoneText],
  );
  const windows = pages?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  return (
    <section className="panel kiosk-panel" aria-label={label}>
      <h2>{label}</h2>
      {!pages && <Skeleton label={`Loading ${label.toLowerCase()}`} />}
      {pages && windows === 0 && <p role="status">No data yet today.</p>}
      {option && windows > 0 && (
        <div className="chart-box">
          <LazyChart option={option} summary={`${label}, ${windows} windows so far, times in ${zoneText}.`} />
        </div>
      )}
    </section>
  );
}

function KioskSpaces(props: {
  spaces: LocationRecord[];
  states: ReturnType<typeof useLocationsSeries>;
  dwellUnit: 'minutes' | 'seconds';
  search: string;
}) {
  const rows = props.spaces.map((record, index) => ({
    record,
    figures: figuresOf(props.states[index]!.series, record.capacity, props.dwellUnit),
    error: props.states[index]!.error,
  }));
  return <ChildrenPanel rows={rows} search={props.search} />;
}

function KioskError({ error }: { error: Error }) {
  const unauthorized = error instanceof ApiError && error.status === 401;
  return (
    <section className="kiosk-message" role="alert">
      <h1>{unauthorized ? 'This screen’s access to the API was refused' : 'This screen cannot load its data'}</h1>
      <p>
        {unauthorized
          ? 'The API token in config.json is missing, expired or wrong. Put a valid token in its “token” field; this screen tries again every minute.'
          : error.message}
      </p>
    </section>
  );
}

/** A series walk whose range reaches `today`: its data can still change. */
function reachesToday(query: Query, today: string): boolean {
  const request = query.queryKey[3] as { end_date?: unknown } | undefined;
  return query.queryKey[0] === 'metrics' && typeof request?.end_date === 'string' && request.end_date >= today;
}

/**
 * While the API refuses this screen's token (any query's last answer a 401, and none succeeded since), read
 * config.json again every minute; a new token there is used at once (config/config-token.ts) and every query
 * tries again, so the screen recovers without anyone touching it. Mounted with the kiosk, whatever it shows.
 */
function useConfigTokenRetry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let refused = false;
    const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
      const { error, status, fetchStatus } = query.state;
      if (error instanceof ApiError && error.status === 401) refused = true;
      else if (status === 'success' && fetchStatus === 'idle') refused = false;
    });
    const timer = setInterval(() => {
      if (!refused) return;
      void loadRuntimeConfig(`${import.meta.env.BASE_URL}config.json`).then((result) => {
        if (result.ok) configToken.set(result.config.token ?? null);
        // Everything asks again with the token now in use (stale, so no refused answer is kept).
        void queryClient.invalidateQueries();
      });
    }, CONFIG_RETRY_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [queryClient]);
}

const CONFIG_RETRY_MS = 60_000;
