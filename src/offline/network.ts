/**
 * Whether this browser has a network, as TanStack Query's onlineManager holds it: queries wait (paused, keeping
 * their data) while it has none, and go on by themselves when it comes back (the `online` event). No React here:
 * app/start.ts runs this before React is loaded.
 *
 * The manager starts out online whatever the browser says; `followBrowserNetwork` starts it from
 * `navigator.onLine`, so a page opened with no network (a wall screen whose Wi-Fi is down) does not spend its first
 * seconds on requests that cannot leave, and says at once that the network is down.
 */
import { onlineManager } from '@tanstack/react-query';

export function followBrowserNetwork(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
}
