/**
 * What one kiosk screen shows, apart from how it is laid out: the range it plans, its queries (the range's series,
 * the spaces', today's two charts, the live number and what is usual), each panel's kept data while its live data
 * is not in (use-kiosk-snapshot.ts), how recent and how stale the screen is, and the write-back of what is
 * received whole.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { isRefusal } from '../../api/errors';
import { isWalkComplete, walkPages } from '../../api/series-walk';
import type { LocationRecord } from '../../api/schemas';
import { echoedSchedule, openStateAt } from '../../analysis/open-hours';
import { useAppContext } from '../../config/app-context';
import type { KioskSettings } from './kiosk-params';
import { periodWords } from '../../filters/model';
import { formatInstantIn, todayIn, wallClockAt, type LocationZone } from '../../lib/time';
import { useLiveReading } from '../../live/use-live-reading';
import { useUsualDay } from '../../live/use-usual';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { metricQueries, type SeriesLiveness } from '../../metrics/queries';
import { useOnline } from '../../offline/use-online';
import { locationName } from '../../views/location-header';
import { filterDefaults } from '../../views/location-route';
import { figuresOf, useFigures } from '../../views/use-figures';
import { useLocationsSeries } from '../../views/use-location-series';
import { planKioskRange, todayRequest, type TODAY_INTERVALS } from './kiosk-plan';
import { keptPanel, useKeepPanels, type KioskSnapshot } from './use-kiosk-snapshot';

export interface KioskDataProps {
  locationId: number;
  /** The location's name as the API gives it, when it does. */
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
}

export type KioskData = ReturnType<typeof useKioskData>;

export function useKioskData(props: KioskDataProps) {
  const { locationId, zone, settings, search, nowMs, spaces, snapshot, offline } = props;
  const live = offline === undefined;
  const { config, client } = useAppContext();
  const show = useMemo(() => new Set(settings.panels), [settings.panels]);
  const today = todayIn(zone, nowMs);

  // Range, hours and days as on the pages; a range too large for a screen nobody can confirm becomes 30 days.
  const defaults = useMemo(() => filterDefaults(config, UTILIZATION_VIEW), [config]);
  // Planned again when the address, the location or the clock's step changes, not at every render (an answer in).
  const { filters, plan } = useMemo(
    () => planKioskRange({ search, defaults, locationId, zone, nowMs }),
    [search, defaults, locationId, zone, nowMs],
  );

  // A refresh asks again only for the days from today on; the kiosk's own refresh is the only cadence.
  const liveness: SeriesLiveness = { today, ownRefresh: true };
  const rangeNeeded = show.has('figures') || show.has('heatmap');
  const series = useLocationsSeries([locationId], rangeNeeded && live ? plan.request : null, plan.open, liveness)[0]!;
  const figures = useFigures(series.series, series.partial.firstPage?.capacity, config.dwellTimeUnit);
  const childIds = useMemo(() => (show.has('children') ? spaces.map((c) => c.location_id) : []), [spaces, show]);
  const childStates = useLocationsSeries(childIds, plan.request, plan.open, liveness);

  // Today's two charts, each asked for while its panel is shown.
  const todaySeries = <M extends keyof typeof TODAY_INTERVALS>(metric: M, shown: boolean) => ({
    ...metricQueries.series(client, { metric, locationId, request: todayRequest(metric, today), open: true, liveness }),
    enabled: shown && live,
  });
  const occupancyToday = useQuery(todaySeries('occupancy', show.has('now')));
  // The big number: /now where it answers a count, else the latest window of today's quarter-hours (the same query
  // as the chart's, so no second request); what is usual for this weekday and hour beside it.
  const liveNow = useLiveReading({ locationId, today, nowMs, enabled: show.has('now') && live, ownRefresh: true });
  const usual = useUsualDay(locationId, today, show.has('now') && live);
  const trafficToday = useQuery(todaySeries('traffic', show.has('traffic')));

  // Each panel's live data, else what was kept of it (when it was received says how stale it is).
  const childrenIn = spaces.length > 0 && childStates.every((state) => state.series);
  const kept = {
    now: show.has('now') && !occupancyToday.data ? keptPanel(snapshot.entries, 'now') : undefined,
    traffic: show.has('traffic') && !trafficToday.data ? keptPanel(snapshot.entries, 'traffic') : undefined,
    figures: show.has('figures') && !figures ? keptPanel(snapshot.entries, 'figures') : undefined,
    heatmap: show.has('heatmap') && !series.series ? keptPanel(snapshot.entries, 'heatmap') : undefined,
    children: show.has('children') && !childrenIn ? keptPanel(snapshot.entries, 'children') : undefined,
  };
  const keptAt = Object.values(kept).flatMap((panel) => (panel ? [panel.receivedAt] : []));

  const states = [series, ...childStates];
  const errors = [
    ...states.map((state) => state.error),
    occupancyToday.error,
    trafficToday.error,
    offline?.error,
  ].filter(Boolean);
  // With no network, nothing on screen is live, whatever its age: the queries wait for the network.
  const online = useOnline();
  // With kept data on screen, the oldest of it is what the screen is as recent as.
  const updatedAt =
    keptAt.length > 0
      ? Math.min(...keptAt)
      : Math.max(occupancyToday.dataUpdatedAt, trafficToday.dataUpdatedAt, ...states.map((s) => s.updatedAt));
  const stale =
    !online || errors.length > 0 || (updatedAt > 0 && nowMs - updatedAt > 2.5 * settings.refreshSeconds * 1000);
  const liveName = props.name ?? series.partial.firstPage?.name;
  const capacity = series.partial.firstPage?.capacity ?? kept.figures?.content.capacity ?? undefined;

  const nowPages = occupancyToday.data && walkPages(occupancyToday.data);
  const trafficPages = trafficToday.data && walkPages(trafficToday.data);
  // The first screen's words (the number and what is usual, the figures), live or kept, before the charts' code.
  const nowShown =
    !show.has('now') ||
    !live ||
    ((liveNow.reading !== null || kept.now !== undefined || !liveNow.pending) &&
      (usual.day !== undefined || usual.error !== null));
  const figuresShown = !show.has('figures') || !live || figures !== undefined || kept.figures !== undefined;
  // Open or closed now: /now's word, else the hours and days today's request (no filters) was answered with.
  const openNow = openStateAt(wallClockAt(zone, nowMs), liveNow.open, echoedSchedule(nowPages?.[0], false));

  useKeepPanels(snapshot, live ? { name: liveName ?? locationName(locationId), zone } : null, [
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
        show.has('children') && childrenIn
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

  return {
    live,
    show,
    today,
    /** No filter bar on a wall: the figures and busiest times say their period in their headings. */
    period: periodWords(filters.range),
    series,
    figures,
    childStates,
    liveNow,
    usual,
    kept,
    /** Today's occupancy and entries as received, when they are. */
    nowPages,
    nowReceivedAt: occupancyToday.dataUpdatedAt,
    trafficPages,
    trafficReceivedAt: trafficToday.dataUpdatedAt,
    /** The API refused this screen's token. */
    unauthorized: errors.find(isRefusal),
    online,
    /** When what is on screen is from (0: nothing yet), and whether it is stale. */
    updatedAt,
    stale,
    name: liveName ?? snapshot.newest?.location.name ?? locationName(locationId),
    capacity,
    /** The first screen's words are in, live or kept. */
    firstScreenReady: nowShown && (figuresShown || series.error !== null),
    hourNow: Number(formatInstantIn(zone, nowMs, 'H')),
    openNow,
  };
}
