/**
 * The app's side of the service worker (sw.ts), loaded once the page has loaded and the browser is idle
 * (use-app-update.ts): registers it, asks it for a new build when told to, and knows when one is ready.
 *
 * - A worker that installs while another is active waits (it never takes over by itself). It is ready when it
 *   brings a build this page does not run (update-policy.ts `bringsNewBuild`); one that brings this page's own
 *   build (the page was opened after the deploy) is told to take over at once, quietly.
 * - `applyUpdate` tells the waiting worker to take over, and reloads the page once it has: the page then starts on
 *   the new build. A worker whose install failed (a broken deploy) never waits, so nothing happens.
 */
import { bringsNewBuild } from './update-policy';
import { SW_MESSAGES } from './sw-routes';

const BASE = import.meta.env.BASE_URL;

let registration: ServiceWorkerRegistration | null = null;
let ready: ServiceWorker | null = null;
const listeners = new Set<() => void>();

export async function registerServiceWorker(): Promise<void> {
  if (registration || !('serviceWorker' in navigator)) return;
  try {
    registration = await navigator.serviceWorker.register(`${BASE}sw.js`, { scope: BASE });
  } catch (error) {
    console.warn('The app is not kept for offline use in this browser:', error);
    return;
  }
  const found = registration;
  if (found.waiting && found.active) void consider(found.waiting);
  found.addEventListener('updatefound', () => {
    const worker = found.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      // Installed beside an active worker: it waits. The first install has nothing to wait for.
      if (worker.state === 'installed' && found.active) void consider(worker);
    });
  });
}

/** Asks the server for a new build (the browser fetches sw.js again). Never rejects: offline, it finds none. */
export async function checkForUpdate(): Promise<void> {
  try {
    await registration?.update();
  } catch {
    // No network or no server: the next check asks again.
  }
}

/** A new build is installed and waiting for this page to reload onto it. */
export function updateReady(): boolean {
  return ready !== null;
}

/** Calls `listener` when a new build becomes ready; returns the unsubscribe. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let reloading = false;

/** Lets the waiting build take over, then reloads onto it. Does nothing when none is ready. */
export function applyUpdate(): void {
  const worker = ready;
  if (!worker || reloading) return;
  reloading = true;
  takeOver(worker, () => window.location.reload());
}

async function consider(worker: ServiceWorker): Promise<void> {
  const page = document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
  const workers = await buildOf(worker);
  if (!bringsNewBuild(page, workers)) {
    takeOver(worker, () => undefined);
    return;
  }
  if (ready === worker) return;
  ready = worker;
  for (const listener of listeners) listener();
}

/**
 * Tells `worker` to take over, and calls `then` once it has (it is active), or once it cannot any more (it was
 * replaced by a newer one: the page's next load gets that one's build, the server's current).
 */
function takeOver(worker: ServiceWorker, then: () => void): void {
  const done = () => {
    if (worker.state !== 'activated' && worker.state !== 'redundant') return;
    worker.removeEventListener('statechange', done);
    then();
  };
  worker.addEventListener('statechange', done);
  worker.postMessage({ type: SW_MESSAGES.skipWaiting });
  done();
}

/** The entry script of the build `worker` precached, or null when it does not say within a few seconds. */
function buildOf(worker: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 3_000);
    channel.port1.onmessage = (event: MessageEvent<{ entry?: unknown }>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.entry === 'string' ? event.data.entry : null);
    };
    worker.postMessage({ type: SW_MESSAGES.build }, [channel.port2]);
  });
}
