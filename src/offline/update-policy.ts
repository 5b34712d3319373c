/**
 * When a new build reaches a screen: pure decisions, unit tested (update-policy.test.ts), applied by
 * service-worker.ts and use-app-update.ts.
 *
 * - A new build is ready once its service worker has installed (every file of the build precached) and waits.
 *   A broken deploy never gets there: its install fails, and the app already installed stays.
 * - A page a person uses is never reloaded under their hands: it says that a new version is available, and
 *   reloads when they press Reload.
 * - A kiosk has nobody to press anything: it checks for a new build on its refresh cadence, and reloads onto a
 *   ready one at its next rotation boundary, or at its next refresh when it does not rotate (a moment when the screen
 *   changes anyway), so it switches within one refresh or rotation of the check that found the build.
 * - A page that already runs the waiting worker's build (opened after the deploy, while the old worker was still in
 *   charge) has nothing to reload onto: the worker takes over quietly, once no tab of another build is open
 *   (service-worker.ts).
 */
import { SECOND_MS } from '../lib/time-spans';

/** What kind of screen the app runs as. */
export type Screen =
  | { kind: 'page' }
  | {
      kind: 'kiosk';
      /** Seconds on each location, 0 for none. */
      rotateSeconds: number;
      /** Locations it rotates through. */
      locations: number;
      refreshSeconds: number;
    };

export type UpdateAction =
  /** Say that a new version is available, with a Reload button. */
  | { kind: 'prompt' }
  /** Reload onto the new build at `atMs` (the next rotation boundary or refresh, on the clock's multiples). */
  | { kind: 'reload-at'; atMs: number };

/** What a screen does about a new build that became ready at `readyAtMs`. */
export function updateAction(screen: Screen, readyAtMs: number): UpdateAction {
  if (screen.kind === 'page') return { kind: 'prompt' };
  const rotates = screen.rotateSeconds > 0 && screen.locations > 1;
  const periodMs = (rotates ? screen.rotateSeconds : screen.refreshSeconds) * SECOND_MS;
  return { kind: 'reload-at', atMs: nextMultiple(readyAtMs, periodMs) };
}

/** The first multiple of `periodMs` on the clock after `ms` (the kiosk's rotation and refresh fall on them). */
export function nextMultiple(ms: number, periodMs: number): number {
  return Math.floor(ms / periodMs) * periodMs + periodMs;
}

/**
 * Whether a waiting worker brings a build this page does not run: unless both entry scripts are known and equal.
 * (A build is its entry script: every file's name carries its content's hash, and the entry names the others.)
 */
export function bringsNewBuild(pageEntry: string | null, workerEntry: string | null): boolean {
  return pageEntry === null || workerEntry === null || pageEntry !== workerEntry;
}
