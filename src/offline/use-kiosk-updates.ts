import { useEffect } from 'react';

import { onClockMultiples } from '../lib/clock-ticks';
import { SECOND_MS } from '../lib/time-spans';
import { whenWorkerStarted } from './use-app-update';
import { updateAction, type Screen } from './update-policy';

/**
 * A kiosk's updates, with nobody there: asks for a new build at every refresh (on the clock's multiples of the
 * period, as the data's refresh), and reloads onto a ready one at the moment update-policy.ts gives.
 */
export function useKioskUpdates(screen: Extract<Screen, { kind: 'kiosk' }>): void {
  const { refreshSeconds, rotateSeconds, locations } = screen;
  useEffect(
    () =>
      whenWorkerStarted((sw) => {
        const kiosk = { kind: 'kiosk', refreshSeconds, rotateSeconds, locations } as const;
        let reloadTimer: ReturnType<typeof setTimeout> | undefined;
        const plan = () => {
          if (!sw.updateReady() || reloadTimer !== undefined) return;
          const action = updateAction(kiosk, Date.now());
          if (action.kind !== 'reload-at') return;
          reloadTimer = setTimeout(() => sw.applyUpdate(), Math.max(0, action.atMs - Date.now()));
        };
        const unsubscribe = sw.subscribeUpdate(plan);
        plan();
        const ticks = onClockMultiples(refreshSeconds * SECOND_MS, () => void sw.checkForUpdate());
        return () => {
          unsubscribe();
          ticks.stop();
          clearTimeout(reloadTimer);
        };
      }),
    [refreshSeconds, rotateSeconds, locations],
  );
}
