/**
 * The kiosk: a wall screen configured entirely by its address (filters/kiosk-params.ts), with no filter bar, no
 * menus and nothing that needs a click. It rotates through its locations on the clock, refreshes what can still
 * change, keeps the last good data on screen with the time it is from and a stale marker when the API fails, and
 * never asks for a confirmation.
 */
import '../../panels/lazy-chart.css';
import './kiosk.css';
import './kiosk-now.css';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { ApiError, isRefusal, NetworkError } from '../../api/errors';
import type { WalkedPage } from '../../api/filter-fallback';
import type { LocationRecord } from '../../api/schemas';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import { describeMetricValues } from '../../charts/series-summary';
import { buildMetricOption } from '../../charts/metric-option';
import { USUAL_SUMMARY, usualForView } from '../../charts/usual-overlay';
import { WallScreenContext } from '../../charts/wall-screen';
import { PanelPeriod } from '../../components/panel-period';
import { Skeleton } from '../../components/skeleton';
import { useAppContext } from '../../config/app-context';
import { configToken } from '../../config/config-token';
import { CONFIG_URL } from '../../config/early-config';
import { loadRuntimeConfig } from '../../config/runtime-config';
import {
  KIOSK_PANEL_LABELS,
  kioskClockStepMs,
  parseKioskSettings,
  rotationIndex,
  type KioskSettings,
} from '../../filters/kiosk-params';
import { parseFilters, periodWords, type Filters } from '../../filters/model';
import { planView } from '../../filters/view-plan';
import { formatIntervalCount } from '../../lib/format';
import {
  dayCode,
  formatDateRange,
  formatInstantIn,
  todayIn,
  wallClockAt,
  zoneLabel,
  type LocationZone,
} from '../../lib/time';
import { fromLatestWindow } from '../../live/live-reading';
import { useLiveReading } from '../../live/use-live-reading';
import { useUsualDay } from '../../live/use-usual';
import { useDocumentTitle } from '../../lib/use-document-title';
import { onClockMultiples } from '../../lib/clock-ticks';
import { useNow } from '../../lib/use-now';
import { useLocationClock } from '../../locations/location-zone';
import { locationQueries } from '../../locations/queries';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { useKioskUpdates } from '../../offline/use-kiosk-updates';
import { useOnline } from '../../offline/use-online';
import { metricQueries, seriesCanChange, type SeriesLiveness, type SeriesRequest } from '../../metrics/queries';
import { ChildrenPanel } from '../../panels/children-panel';
import { FiguresPanel } from '../../panels/figures-panel';
import { FirstScreenGate, useFirstScreenPainted } from '../../panels/first-screen';
import { LazyChart } from '../../panels/lazy-chart';
import { HeatmapPanel } from '../../panels/utilization-charts';
import { LiveNowPanel } from '../../panels/live-now-panel';
import { echoedSchedule, openStateAt } from '../../analysis/open-hours';
import type { UsualValue } from '../../analysis/usual';
import type { OccupancyPoint } from '../../api/schemas';
import { filterDefaults } from '../shared/location-route';
import { useKeptView } from '../shared/use-kept-view';
import { figuresOf, useFigures } from '../shared/use-figures';
import { kioskAddress } from './kiosk-snapshot';
import { NARROW_WALL_PX, wallFigures, wallHeatmapScaleHeight } from './wall-figures';
import { keptPanel, updatedText, useKeepPanels, useKioskSnapshot, type KioskSnapshot } from './use-kiosk-snapshot';
import { useLocationsSeries } from '../shared/use-location-series';

/** The intervals of today's two charts: occupancy by the quarter-hour, entries by the hour. */
const TODAY_INTERVALS = { occupancy: '15min', traffic: '60min' } as const;

export function KioskPage() {
  const { config, client } = useAppContext();
  const [params] = useSearchParams();
  const search = params.toString();
  const { settings, ignored } = useMemo(
    () => parseKioskSettings(new URLSearchParams(search), filterDefaults(config, UTILIZATION_VIEW)),
    [search, config],
  );
  // On every rotation boundary and every minute (midnight, "updated hh:mm"), and not in between.
  const nowMs = useNow(kioskClockStepMs(settings.rotateSeconds));
  const list = useQuery(locationQueries.list(client));
  // Restarted with no network, a kiosk that names no location finds its default in the list it kept.
  useKeptView({
    address: `/kiosk?${search}`,
    nowMs,
    unreachable: list.error instanceof NetworkError,
    needs: 'list',
  });
  const fallback = config.defaultLocationId ?? list.data?.[0]?.location_id ?? config.locations[0]?.id;
  const ids = settings.locations.length > 0 ? settings.locations : fallback !== undefined ? [fallback] : [];
  const locationId = ids[rotationIndex(ids.length, settings.rotateSeconds, nowMs)];
  useConfigTokenRetry();
  // A new build reaches the screen with nobody there: at its next rotation, or refresh when it does not rotate.
  useKioskUpdates({
    kind: 'kiosk',
    refreshSeconds: settings.refreshSeconds,
    rotateSeconds: settings.rotateSeconds,
    locations: ids.length,
  });
  useRememberedAddress(search);

  return (
    <WallScreenContext value>
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
    </WallScreenContext>
  );
}

function KioskScreen(props: { locationId: number; settings: KioskSettings; search: string; nowMs: number }) {
  const { locationId, settings, search, nowMs } = props;
  const { clock, record, locations } = useLocationClock(locationId, nowMs);
  const snapshot = useKioskSnapshot(search, locationId);
  if (clock.status !== 'ready') {
    // Until the API says where the location is, or when it cannot (a browser restarted during an outage), the
    // last data this screen kept, on the clock it had then: no requests are made from that clock.
    const kept = snapshot.newest;
    if (kept) {
      return (
        <KioskPanels
          locationId={locationId}
          name={record?.name ?? kept.location.name}
          zone={kept.location.zone}
          settings={settings}
          search={search}
          nowMs={nowMs}
          spaces={[]}
          snapshot={snapshot}
          offline={{ error: clock.status === 'error' ? clock.error : null }}
        />
      );
    }
    if (clock.status === 'pending') return <Skeleton label="Finding the location's local time" />;
    return <KioskError error={clock.error} />;
  }
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
      snapshot={snapshot}
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
  /** The data kept from earlier (use-kiosk-snapshot.ts): shown for a panel until its live data is in. */
  snapshot: KioskSnapshot;
  /** The screen has no live clock (the API has not described the location): kept data only, no requests. */
  offline?: { error: Error | null };
}) {
  const { locationId, zone, settings, search, nowMs, spaces, snapshot, offline } = props;
  const live = offline === undefined;
  const { config, client } = useAppContext();
  const queryClient = useQueryClient();
  const fetching = useIsFetching();
  const show = useMemo(() => new Set(settings.panels), [settings.panels]);
  useDocumentTitle('Kiosk', props.name ?? `Location ${locationId}`);
  const today = todayIn(zone, nowMs);

  // Range, hours and days as on the pages; a range too large for a screen nobody can confirm becomes 30 days.
  const defaults = useMemo(() => filterDefaults(config, UTILIZATION_VIEW), [config]);
  const parsed = parseFilters(search, UTILIZATION_VIEW, defaults).filters;
  const asked = planView({ locationId, definition: UTILIZATION_VIEW, filters: parsed, zone, nowMs, record: undefined });
  const filters: Filters = asked.large ? { ...parsed, range: { kind: 'preset', preset: '30d' } } : parsed;
  const plan = asked.large
    ? planView({ locationId, definition: UTILIZATION_VIEW, filters, zone, nowMs, record: undefined })
    : asked;
  // No filter bar on a wall: the figures and busiest times say their period in their headings.
  const period = periodWords(filters.range);

  // A refresh asks again only for the days from today on; the kiosk's own refresh is the only cadence.
  const liveness: SeriesLiveness = { today, ownRefresh: true };
  const rangeNeeded = show.has('figures') || show.has('heatmap');
  const series = useLocationsSeries([locationId], rangeNeeded && live ? plan.request : null, plan.open, liveness)[0]!;
  const figures = useFigures(series.series, series.partial.firstPage?.capacity, config.dwellTimeUnit);
  const childIds = useMemo(() => (show.has('children') ? spaces.map((c) => c.location_id) : []), [spaces, show]);
  const childStates = useLocationsSeries(childIds, plan.request, plan.open, liveness);

  const todayRequest = (interval: SeriesRequest['interval']): SeriesRequest => ({
    start_date: today,
    end_date: today,
    interval,
  });
  const occupancyToday = useQuery({
    ...metricQueries.series(client, 'occupancy', locationId, todayRequest(TODAY_INTERVALS.occupancy), true, liveness),
    enabled: show.has('now') && live,
  });
  // The big number: /now where it answers a count, else the latest window of today's quarter-hours (the same query
  // as the chart's, so no second request); what is usual for this weekday and hour beside it.
  const liveNow = useLiveReading({ locationId, today, nowMs, enabled: show.has('now') && live, ownRefresh: true });
  const usual = useUsualDay(locationId, today, show.has('now') && live);
  const trafficToday = useQuery({
    ...metricQueries.series(client, 'traffic', locationId, todayRequest(TODAY_INTERVALS.traffic), true, liveness),
    enabled: show.has('traffic') && live,
  });

  // Refresh what can still change: walks whose range reaches today, or that were walked before a midnight since;
  // each walk then asks again only for its days that were not over when walked (metrics/queries.ts). Without a
  // live clock, the location queries that failed are asked again instead, so the screen comes back with the API.
  // The refreshes fall on the clock's multiples of the period, not on this screen's mount: the rotation mounts this
  // screen anew every `rotate` seconds, and a timer started at mount never fired when `rotate` < `refresh`
  // (e2e/kiosk-soak.spec.ts). What is off screen is marked stale as well, so it is asked again when the rotation
  // comes back to it.
  // A refresh that falls on a rotation boundary (refresh=60 with rotate=30: every one) finds this screen about to
  // give way to the next location: its data is only marked stale, to be asked for when it comes back, rather than
  // asked for now and the answer thrown away a moment later.
  const { refreshSeconds, rotateSeconds, locations: rotated } = settings;
  useEffect(() => {
    const periodMs = refreshSeconds * 1000;
    const leaving = () =>
      rotated.length > 1 && rotated[rotationIndex(rotated.length, rotateSeconds, Date.now())] !== locationId;
    const refresh = (refetchType: 'none' | 'active') =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          live
            ? seriesCanChange(query, today) || query.queryKey[0] === 'live'
            : query.queryKey[0] === 'locations' && query.state.status === 'error',
        refetchType,
      });
    const ticks = onClockMultiples(periodMs, () => void refresh(leaving() ? 'none' : 'active'));
    return () => {
      const dueAt = ticks.nextDueAt();
      ticks.stop();
      // The rotation can take this screen away at the moment a refresh falls due, before its timer has fired (timers
      // due together fire in the order they were made, and the rotation's is older): its data is marked stale all
      // the same, so the location is asked for again when it comes back (e2e/kiosk-soak.spec.ts).
      if (Date.now() >= dueAt) void refresh('none');
    };
  }, [queryClient, refreshSeconds, rotateSeconds, rotated, locationId, today, live]);

  // Each panel's live data, else what was kept of it (when it was received says how stale it is).
  const kept = {
    now: show.has('now') && !occupancyToday.data ? keptPanel(snapshot.entries, 'now') : undefined,
    traffic: show.has('traffic') && !trafficToday.data ? keptPanel(snapshot.entries, 'traffic') : undefined,
    figures: show.has('figures') && !figures ? keptPanel(snapshot.entries, 'figures') : undefined,
    heatmap: show.has('heatmap') && !series.series ? keptPanel(snapshot.entries, 'heatmap') : undefined,
    children:
      show.has('children') && !(spaces.length > 0 && childStates.every((state) => state.series))
        ? keptPanel(snapshot.entries, 'children')
        : undefined,
  };
  const keptAt = Object.values(kept).flatMap((panel) => (panel ? [panel.receivedAt] : []));

  const states = [series, ...childStates];
  const errors = [
    ...states.map((state) => state.error),
    occupancyToday.error,
    trafficToday.error,
    offline?.error,
  ].filter(Boolean);
  const unauthorized = errors.find(isRefusal);
  // With no network, nothing on screen is live, whatever its age: the queries wait for the network.
  const online = useOnline();
  // With kept data on screen, the oldest of it is what the screen is as recent as.
  const updatedAt =
    keptAt.length > 0
      ? Math.min(...keptAt)
      : Math.max(occupancyToday.dataUpdatedAt, trafficToday.dataUpdatedAt, ...states.map((s) => s.updatedAt));
  const stale =
    !online || errors.length > 0 || (updatedAt > 0 && nowMs - updatedAt > 2.5 * settings.refreshSeconds * 1000);
  const wall = useWallFit();
  const liveName = props.name ?? series.partial.firstPage?.name;
  const name = liveName ?? snapshot.newest?.location.name ?? `Location ${locationId}`;
  const capacity = series.partial.firstPage?.capacity ?? kept.figures?.content.capacity ?? undefined;

  const nowPages = occupancyToday.data && walkPages(occupancyToday.data);
  // The first screen's words (the number and what is usual, the figures), live or kept, before the charts' code.
  const nowShown =
    !show.has('now') ||
    !live ||
    ((liveNow.reading !== null || kept.now !== undefined || !liveNow.pending) &&
      (usual.day !== undefined || usual.error !== null));
  const figuresShown = !show.has('figures') || !live || figures !== undefined || kept.figures !== undefined;
  const firstScreenShown = useFirstScreenPainted(nowShown && (figuresShown || series.error !== null));
  const hourNow = Number(formatInstantIn(zone, nowMs, 'H'));
  // Open or closed now: /now's word, else the hours and days today's request (no filters) was answered with.
  const openNow = openStateAt(wallClockAt(zone, nowMs), liveNow.open, echoedSchedule(nowPages?.[0], false));
  const trafficPages = trafficToday.data && walkPages(trafficToday.data);
  useKeepPanels(snapshot, live ? { name: liveName ?? `Location ${locationId}`, zone } : null, [
    {
      content: nowPages && isWalkComplete(occupancyToday.data) ? { panel: 'now', pages: nowPages } : null,
      receivedAt: occupancyToday.dataUpdatedAt,
    },
    {
      content: trafficPages && isWalkComplete(trafficToday.data) ? { panel: 'traffic', pages: trafficPages } : null,
      receivedAt: trafficToday.dataUpdatedAt,
    },
    {
      content: show.has('figures') && figures ? { panel: 'figures', figures, capacity: capacity ?? null } : null,
      receivedAt: series.updatedAt,
    },
    {
      content: show.has('heatmap') && series.series ? { panel: 'heatmap', points: series.series.occupancy } : null,
      receivedAt: series.updatedAt,
    },
    {
      content:
        show.has('children') && spaces.length > 0 && childStates.every((state) => state.series)
          ? {
              panel: 'children',
              rows: spaces.map((record, index) => ({
                record,
                figures: figuresOf(childStates[index]!.series, record.capacity, config.dwellTimeUnit) ?? null,
              })),
            }
          : null,
      receivedAt: Math.max(0, ...childStates.map((state) => state.updatedAt)),
    },
  ]);

  // How many panels are drawn, for the screen's layout (kiosk.css): the spaces only when there are some.
  const spacesShown = show.has('children') && (kept.children !== undefined || spaces.length > 0);
  const panelCount =
    (['now', 'figures', 'heatmap', 'traffic'] as const).filter((panel) => show.has(panel)).length +
    (spacesShown ? 1 : 0);

  if (unauthorized) return <KioskError error={unauthorized} />;
  return (
    // Busy while anything is being asked for: what is on screen is about to be updated.
    <section className="kiosk-screen" aria-label={`Kiosk: ${name}`} aria-busy={fetching > 0}>
      <header className="kiosk-header">
        <h1>{name}</h1>
        <p className="kiosk-clock">
          {formatInstantIn(zone, nowMs, 'EEE d MMM, HH:mm')} ({zoneLabel(zone)})
        </p>
        <p className={stale ? 'kiosk-updated stale' : 'kiosk-updated'} role="status">
          {updatedAt > 0 ? updatedText(zone, updatedAt, nowMs) : 'Loading…'}
          {stale && (
            <strong>
              {online
                ? ' · stale: the API is not answering; showing the last data received'
                : ' · stale: no network; showing the last data received'}
            </strong>
          )}
        </p>
      </header>
      <FirstScreenGate shown={firstScreenShown}>
        <div className="kiosk-panels" data-count={panelCount}>
          {show.has('now') && (
            <section className="panel kiosk-panel kiosk-now" aria-label={KIOSK_PANEL_LABELS.now}>
              <LiveNowPanel
                labelHidden={wall.nowLabelHidden}
                label="Now"
                live={
                  liveNow.reading || !kept.now
                    ? liveNow
                    : { ...liveNow, reading: fromLatestWindow(keptPoints(kept.now.content.pages), nowMs) }
                }
                capacity={capacity}
                usual={usual.day?.[hourNow]}
                weekday={dayCode(today)}
                hour={hourNow}
                nowMs={nowMs}
                state={openNow}
              />
              <TodayChart
                label={KIOSK_PANEL_LABELS.now}
                heading="Today"
                metric="occupancy"
                pages={nowPages ?? kept.now?.content.pages}
                zone={zone}
                nowMs={nowMs}
                today={today}
                usual={usual.day}
                embedded
              />
            </section>
          )}
          {show.has('figures') && (
            <FiguresPanel
              figures={figures ?? kept.figures?.content.figures}
              period={period}
              capacity={capacity}
              error={null}
              onRetry={series.retry}
              shown={wall.figures}
            />
          )}
          {show.has('heatmap') && (
            <HeatmapPanel
              points={series.series?.occupancy ?? kept.heatmap?.content.points}
              zoneLabel={zoneLabel(zone)}
              period={period}
              scaleHeight={wall.heatmapScaleHeight}
            />
          )}
          {show.has('traffic') && (
            <TodayChart
              label={KIOSK_PANEL_LABELS.traffic}
              metric="traffic"
              pages={trafficPages ?? kept.traffic?.content.pages}
              zone={zone}
              nowMs={nowMs}
              today={today}
            />
          )}
          {show.has('children') &&
            (kept.children ? (
              <ChildrenPanel
                rows={kept.children.content.rows.map((row) => ({
                  ...row,
                  figures: row.figures ?? undefined,
                  error: null,
                }))}
                search={search}
              />
            ) : (
              spaces.length > 0 && (
                <KioskSpaces spaces={spaces} states={childStates} dwellUnit={config.dwellTimeUnit} search={search} />
              )
            ))}
        </div>
      </FirstScreenGate>
    </section>
  );
}

function TodayChart(props: {
  label: string;
  /** A shorter heading than the label, inside a panel that says the rest. */
  heading?: string;
  metric: 'occupancy' | 'traffic';
  pages: WalkedPage[] | undefined;
  zone: LocationZone;
  nowMs: number;
  /** The location's date: pages of another day (kept from before midnight) say which day they are. */
  today: string;
  /** What is usual for today's weekday, hour by hour (drawn behind today's line). */
  usual?: readonly (UsualValue | null)[];
  /** Inside another panel: a heading of its own level, no panel frame. */
  embedded?: boolean;
}) {
  const { label, metric, pages, zone, nowMs, today, embedded } = props;
  const interval = TODAY_INTERVALS[metric];
  const zoneText = zoneLabel(zone);
  // The date of the day drawn, from the time range's own wall-clock fields.
  const day = pages?.[0]?.time_range.start.slice(0, 10);
  const otherDay = day !== undefined && day !== today ? formatDateRange(day, day) : null;
  // The usual day behind today's line, and the rest of today as expected from it (not behind a kept other day).
  const minute = Math.floor(nowMs / 60_000);
  const usual = useMemo(
    () =>
      usualForView(props.usual, {
        zone,
        range: { start: day ?? today, end: day ?? today },
        interval,
        today,
        nowMs,
      }),
    // Moves on with the minute, not every second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.usual, zone, day, today, minute],
  );
  const option = useMemo(
    () =>
      pages && pages.length > 0
        ? buildMetricOption(metric, pages, {
            interval,
            zoneLabel: zoneText,
            nowMs,
            dwellUnit: 'minutes',
            usual,
          })
        : null,
    // nowMs marks the partial window; the option is rebuilt when the data changes, not every second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, metric, interval, zoneText, usual],
  );
  const windows = pages?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  const values = useMemo(
    () => pages && describeMetricValues(metric, pages, interval, 'minutes'),
    [pages, metric, interval],
  );
  const Heading = embedded ? 'h3' : 'h2';
  return (
    <section className={embedded ? 'kiosk-today' : 'panel kiosk-panel'} aria-label={props.heading ?? label}>
      <Heading>
        {props.heading ?? label}
        <PanelPeriod period={otherDay} />
      </Heading>
      {!pages && <Skeleton label={`Loading ${label.toLowerCase()}`} />}
      {pages && windows === 0 && <p role="status">No data yet today.</p>}
      {option && windows > 0 && (
        <div className="chart-box">
          <LazyChart
            option={option}
            summary={
              (otherDay
                ? `${label}: ${otherDay}, ${formatIntervalCount(windows, interval)}, times in ${zoneText}`
                : `${label}, ${formatIntervalCount(windows, interval)} so far, times in ${zoneText}`) +
              (values ? `: ${values}.` : '.') +
              (usual ? ` ${USUAL_SUMMARY}` : '')
            }
          />
        </div>
      )}
    </section>
  );
}

/** The windows of kept pages of today's occupancy. */
function keptPoints(pages: readonly { data: readonly unknown[] }[]): OccupancyPoint[] {
  return pages.flatMap((page) => page.data as OccupancyPoint[]);
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

/**
 * While the API refuses this screen's token (any query's last answer a 401, and none succeeded since), read
 * config.json again every minute; a new token there is used at once (config/config-token.ts) and every query
 * tries again, so the screen recovers without anyone touching it. Mounted with the kiosk, whatever it shows.
 */
function useConfigTokenRetry() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let refused = false;
    const askedAgain = new WeakSet<ApiError>();
    const unsubscribe = queryClient.getQueryCache().subscribe(({ query }) => {
      const { error, status, fetchStatus } = query.state;
      if (isRefusal(error)) refused = true;
      else if (error instanceof ApiError && error.status === 401 && !askedAgain.has(error)) {
        askedAgain.add(error);
        // Refused a token replaced while the request was out (a refresh sent before config.json was re-read):
        // ask again with the token in use now, rather than show a refusal the new token may not earn.
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }), 0);
      } else if (status === 'success' && fetchStatus === 'idle') refused = false;
    });
    const timer = setInterval(() => {
      if (!refused) return;
      void loadRuntimeConfig(CONFIG_URL).then((result) => {
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

/** The screen's size as `width×height`, followed as the window is resized (a string, so an unchanged size is equal). */
function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const screenSize = () => `${window.innerWidth}x${window.innerHeight}`;

/** What this screen has room for (wall-figures.ts): its headline figures, the most telling first, and its scale. */
function useWallFit() {
  const size = useSyncExternalStore(subscribeToResize, screenSize, () => '0x0');
  return useMemo(() => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    return {
      figures: wallFigures(width, height),
      heatmapScaleHeight: wallHeatmapScaleHeight(width),
      // A phone-sized wall names its live number's panel for screen readers only.
      nowLabelHidden: width < NARROW_WALL_PX,
    };
  }, [size]);
}

/** Where the kiosk's address is remembered: it holds no token (kioskAddress keeps its own parameters only). */
const REMEMBERED_ADDRESS = 'location-analytics.kiosk-address';

/**
 * The app installed on a tablet opens `/kiosk` (offline/web-app-manifest.ts): with no parameters, the kiosk opens
 * the address it was last given in this browser; any other address is remembered for that.
 */
function useRememberedAddress(search: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const address = kioskAddress(search);
    try {
      if (address) localStorage.setItem(REMEMBERED_ADDRESS, address);
      else {
        const remembered = localStorage.getItem(REMEMBERED_ADDRESS);
        if (remembered) void navigate({ search: `?${kioskAddress(remembered)}` }, { replace: true });
      }
    } catch {
      // A browser that refuses storage: the address is all there is.
    }
  }, [search, navigate]);
}
