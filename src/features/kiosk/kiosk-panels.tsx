/**
 * One kiosk screen's layout: the header (name, clock, how recent and whether stale) and the panels its address
 * asks for. What it shows comes from use-kiosk-data.ts, and its refresh from use-kiosk-refresh.ts.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useIsFetching } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

import { ApiError } from '../../api/errors';
import type { LocationRecord } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import { KIOSK_PANEL_LABELS } from './kiosk-params';
import { dayCode, formatInstantIn, zoneLabel } from '../../lib/time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { locationName } from '../../views/location-header';
import { fromLatestWindow } from '../../live/live-reading';
import { ChildrenPanel } from '../../panels/children-panel';
import { FiguresPanel } from '../../panels/figures-panel';
import { FirstScreenGate, useFirstScreenPainted } from '../../panels/first-screen';
import { LiveNowPanel } from '../../panels/live-now-panel';
import { HeatmapPanel } from '../../panels/heatmap-panel';
import { figuresOf } from '../../views/use-figures';
import type { useLocationsSeries } from '../../views/use-location-series';
import { keptPoints, TodayChart } from './today-chart';
import { useKioskData, type KioskDataProps } from './use-kiosk-data';
import { useKioskRefresh } from './use-kiosk-refresh';
import { updatedText } from './use-kiosk-snapshot';
import { useWallFit } from './use-wall-fit';

export function KioskPanels(props: KioskDataProps) {
  const { locationId, zone, settings, search, nowMs, spaces } = props;
  const { config } = useAppContext();
  const fetching = useIsFetching();
  useDocumentTitle(t`Kiosk`, props.name ?? locationName(locationId));
  const live = useKioskData(props);
  useKioskRefresh({ locationId, today: live.today, live: live.live, settings });
  // What the screen draws, a step behind what came in: its panels (their figures, their charts' options) are
  // rendered in a transition, in slices React yields between, not in the task an answer arrived in.
  const data = useDeferredValue(live);
  const { show, kept, liveNow, capacity, today } = data;
  const wall = useWallFit();
  const firstScreenShown = useFirstScreenPainted(data.firstScreenReady);

  // How many panels are drawn, for the screen's layout (kiosk.css): the spaces only when there are some.
  const spacesShown = show.has('children') && (kept.children !== undefined || spaces.length > 0);
  const panelCount =
    (['now', 'figures', 'heatmap', 'traffic'] as const).filter((panel) => show.has(panel)).length +
    (spacesShown ? 1 : 0);

  if (live.unauthorized) return <KioskError error={live.unauthorized} />;
  return (
    // Busy while anything is being asked for: what is on screen is about to be updated.
    <section className="kiosk-screen" aria-label={kioskName(data.name)} aria-busy={fetching > 0}>
      <header className="kiosk-header">
        <h1>{data.name}</h1>
        <p className="kiosk-clock">
          {formatInstantIn(zone, nowMs, 'EEE d MMM, HH:mm')} ({zoneLabel(zone, nowMs)})
        </p>
        <p className={data.stale ? 'kiosk-updated stale' : 'kiosk-updated'} role="status">
          {data.updatedAt > 0 ? updatedText(zone, data.updatedAt, nowMs) : t`Loading…`}
          {data.stale && (
            <strong>
              {' · '}
              {data.online
                ? t`stale: the API is not answering; showing the last data received`
                : t`stale: no network; showing the last data received`}
            </strong>
          )}
        </p>
      </header>
      <FirstScreenGate shown={firstScreenShown}>
        <div className="kiosk-panels" data-count={panelCount}>
          {show.has('now') && (
            <section className="panel kiosk-panel kiosk-now" aria-label={i18n._(KIOSK_PANEL_LABELS.now)}>
              <LiveNowPanel
                labelHidden={wall.nowLabelHidden}
                label={t`Now`}
                live={
                  liveNow.reading || !kept.now
                    ? liveNow
                    : { ...liveNow, reading: fromLatestWindow(keptPoints(kept.now.content.pages), nowMs) }
                }
                capacity={capacity}
                usual={data.usual.day?.[data.hourNow]}
                weekday={dayCode(today)}
                hour={data.hourNow}
                nowMs={nowMs}
                state={data.openNow}
              />
              <TodayChart
                label={i18n._(KIOSK_PANEL_LABELS.now)}
                heading={t`Today`}
                metric="occupancy"
                pages={data.nowPages ?? kept.now?.content.pages}
                receivedAt={data.nowPages ? data.nowReceivedAt : (kept.now?.receivedAt ?? 0)}
                zone={zone}
                nowMs={nowMs}
                today={today}
                usual={data.usual.day}
                embedded
              />
            </section>
          )}
          {show.has('figures') && (
            <FiguresPanel
              figures={data.figures ?? kept.figures?.content.figures}
              period={data.period}
              capacity={capacity}
              error={null}
              onRetry={data.series.retry}
              shown={wall.figures}
            />
          )}
          {show.has('heatmap') && (
            <HeatmapPanel
              points={data.series.series?.occupancy ?? kept.heatmap?.content.points}
              zoneLabel={zoneLabel(zone)}
              period={data.period}
              scaleHeight={wall.heatmapScaleHeight}
            />
          )}
          {show.has('traffic') && (
            <TodayChart
              label={i18n._(KIOSK_PANEL_LABELS.traffic)}
              metric="traffic"
              pages={data.trafficPages ?? kept.traffic?.content.pages}
              receivedAt={data.trafficPages ? data.trafficReceivedAt : (kept.traffic?.receivedAt ?? 0)}
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
                <KioskSpaces
                  spaces={spaces}
                  states={data.childStates}
                  dwellUnit={config.dwellTimeUnit}
                  search={search}
                />
              )
            ))}
        </div>
      </FirstScreenGate>
    </section>
  );
}

/** The screen's name for assistive technology: "Kiosk: Main Concourse". */
function kioskName(name: string): string {
  return t`Kiosk: ${name}`;
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

export function KioskError({ error }: { error: Error }) {
  const unauthorized = error instanceof ApiError && error.status === 401;
  return (
    <section className="kiosk-message" role="alert">
      <h1>{unauthorized ? t`This screen’s access to the API was refused` : t`This screen cannot load its data`}</h1>
      <p>
        {unauthorized
          ? t`The API token in config.json is missing, expired or wrong. Put a valid token in its “token” field; this screen tries again every minute.`
          : error.message}
      </p>
    </section>
  );
}
