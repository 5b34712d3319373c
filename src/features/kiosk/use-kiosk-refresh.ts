/**
 * The kiosk's own refresh cadence: what can still change is asked for again on the clock, and nothing else asks
 * (the screen's series queries have `ownRefresh`, metrics/queries.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { KioskSettings } from './kiosk-params';
import { rotationIndex } from './kiosk-params';
import { onClockMultiples } from '../../lib/clock-ticks';
import { liveQueries } from '../../live/live-queries';
import { locationQueries } from '../../locations/queries';
import { seriesCanChange } from '../../metrics/queries';

/**
 * Refreshes what can still change: walks whose range reaches today, or that were walked before a midnight since;
 * each walk then asks again only for its days that were not over when walked (metrics/queries.ts). Without a
 * live clock (`live` false), the location queries that failed are asked again instead, so the screen comes back
 * with the API.
 *
 * The refreshes fall on the clock's multiples of the period, not on this screen's mount: the rotation mounts the
 * screen anew every `rotate` seconds, and a timer started at mount would never fire when `rotate` < `refresh`
 * (e2e/kiosk-soak.spec.ts). What is off screen is marked stale as well, so it is asked again when the rotation
 * comes back to it. A refresh that falls on a rotation boundary (refresh=60 with rotate=30: every one) finds this
 * screen about to give way to the next location: its data is only marked stale, to be asked for when it comes
 * back, rather than asked for now and the answer thrown away a moment later.
 */
export function useKioskRefresh(props: {
  locationId: number;
  /** The location's date now. */
  today: string;
  live: boolean;
  settings: Pick<KioskSettings, 'refreshSeconds' | 'rotateSeconds' | 'locations'>;
}) {
  const { locationId, today, live } = props;
  const { refreshSeconds, rotateSeconds, locations: rotated } = props.settings;
  const queryClient = useQueryClient();
  useEffect(() => {
    const periodMs = refreshSeconds * 1000;
    const leaving = () =>
      rotated.length > 1 && rotated[rotationIndex(rotated.length, rotateSeconds, Date.now())] !== locationId;
    const refresh = (refetchType: 'none' | 'active') =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          live
            ? seriesCanChange(query, today) || query.queryKey[0] === liveQueries.all[0]
            : query.queryKey[0] === locationQueries.all()[0] && query.state.status === 'error',
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
}
