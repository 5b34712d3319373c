/**
 * What the kiosk's address asks for first, as the app starts (app/start.ts): its first location's live number, when
 * its now panel is shown (views/live-prefetch.ts). No React here: this is on the app's start.
 */
import { parseKioskSettings } from './kiosk-params';

/** The location whose live number the kiosk at `address` shows first, or null (another page, or no now panel). */
export function kioskLiveLocationAt(address: { pathname: string; search: string }): number | null {
  if (!/^\/kiosk\/?$/.test(address.pathname)) return null;
  const { settings } = parseKioskSettings(new URLSearchParams(address.search));
  return settings.panels.includes('now') ? (settings.locations[0] ?? null) : null;
}
