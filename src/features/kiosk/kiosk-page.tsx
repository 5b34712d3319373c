/**
 * The kiosk: a wall screen configured entirely by its address (features/kiosk/kiosk-params.ts), with no filter bar, no
 * menus and nothing that needs a click. It rotates through its locations on the clock, refreshes what can still
 * change, keeps the last good data on screen with the time it is from and a stale marker when the API fails, and
 * never asks for a confirmation.
 */
import '../../panels/lazy-chart.css';
import './kiosk.css';
import './kiosk-now.css';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from '../../lib/router/router';

import { WallScreenContext } from '../../charts/wall-screen';
import { Skeleton } from '../../components/skeleton';
import { useAppContext } from '../../config/app-context';
import { kioskClockStepMs, parseKioskSettings, rotationIndex, type KioskSettings } from './kiosk-params';
import { useNow } from '../../lib/use-now';
import { useLocationClock } from '../../locations/location-zone';
import { locationQueries } from '../../locations/queries';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { useKioskUpdates } from '../../offline/use-kiosk-updates';
import { filterDefaults } from '../../views/location-route';
import { useKeptView } from '../../views/use-kept-view';
import { KioskError, KioskPanels } from './kiosk-panels';
import { useConfigTokenRetry } from './use-config-token-retry';
import { useKioskSnapshot } from './use-kiosk-snapshot';
import { useRememberedAddress } from './use-remembered-address';

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
            {ignoredWords(ignored)}
          </p>
        )}
        {locationId === undefined ? (
          list.isPending ? (
            <Skeleton label={t`Loading locations`} />
          ) : (
            <p className="kiosk-message" role="alert">
              {t`This kiosk names no location and the server lists none: add ?locations=… to its address.`}
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

/** "Some of this kiosk’s address was ignored: …." */
function ignoredWords(ignored: readonly string[]): string {
  const list = ignored.join('; ');
  return t`Some of this kiosk’s address was ignored: ${list}.`;
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
    if (clock.status === 'pending') return <Skeleton label={t`Finding the location's local time`} />;
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
