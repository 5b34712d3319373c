/**
 * The app's side of the service worker (sw.ts), loaded once the page has loaded and the browser is idle
 * (use-app-update.ts): registers it, asks it for a new build when told to, and knows when one is ready.
 *
 * - From its registration on, the page holds a shared Web Lock named after its build (sw-routes.ts `buildLockName`)
 *   until it closes: the worker tells by them which tabs run which build.
 * - A worker that installs while another is active waits (it never takes over by itself), whether it began installing
 *   before this page registered or after. It is ready when it brings a build this page does not run (update-policy.ts
 *   `bringsNewBuild`). One that brings this page's own build (the page was opened after the deploy) is asked to take
 *   over quietly, which it does only if every tab of the app runs that build; otherwise the page waits until the last
 *   tab of another build is gone (their locks), or until its next check, and asks again.
 * - `applyUpdate` tells the waiting worker to take over, and reloads the page once it has (or a few seconds later all
 *   the same: `takeOver`): the page then starts on the new build. A worker whose install failed (a broken deploy)
 *   never waits, so nothing happens.
 */
import { bringsNewBuild } from './update-policy';
import { BUILD_LOCK_PREFIX, buildLockName, SW_MESSAGES } from './sw-routes';

const BASE = import.meta.env.BASE_URL;

let registration: ServiceWorkerRegistration | null = null;
/** Resolves once this page holds its build's lock (at once where there are no Web Locks). */
let buildLockHeld: Promise<void> = Promise.resolve();
let ready: ServiceWorker | null = null;
const listeners = new Set<() => void>();

/** The entry script of the build this page runs (its own document's), or null when it has none. */
const pageEntry = () => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;

export async function registerServiceWorker(): Promise<void> {
  if (registration || !('serviceWorker' in navigator)) return;
  try {
    registration = await navigator.serviceWorker.register(`${BASE}sw.js`, { scope: BASE });
  } catch (error) {
    console.warn('The app is not kept for offline use in this browser:', error);
    return;
  }
  const found = registration;
  buildLockHeld = holdBuildLock();
  void buildLockHeld.then(() => found.active?.postMessage({ type: SW_MESSAGES.tabStarted }));
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const installed = () => {
      // Installed beside an active worker: it waits. The first install has nothing to wait for.
      if (worker.state !== 'installed') return;
      worker.removeEventListener('statechange', installed);
      if (found.active) void consider(worker);
    };
    worker.addEventListener('statechange', installed);
    installed();
  };
  if (found.waiting && found.active) void consider(found.waiting);
  // An update begun before this page registered (the browser's own check, another tab's) is seen as one found later:
  // browsers hand the registration over once an install in progress has ended, so it is waiting by now; one still
  // installing would be followed all the same.
  follow(found.installing);
  found.addEventListener('updatefound', () => follow(found.installing));
}

/** Asks the server for a new build (the browser fetches sw.js again). Never rejects: offline, it finds none. */
export async function checkForUpdate(): Promise<void> {
  try {
    await registration?.update();
  } catch {
    // No network or no server: the next check asks again.
  }
  // A worker of this page's build that could not take over quietly at the last check may now.
  const waiting = registration?.waiting;
  if (waiting && registration?.active && waiting !== ready) void consider(waiting);
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

/** Workers asked to take over quietly and not yet answered, so that one is asked once at a time. */
const asking = new Set<ServiceWorker>();

async function consider(worker: ServiceWorker): Promise<void> {
  if (!bringsNewBuild(pageEntry(), await buildOf(worker))) {
    if (asking.has(worker)) return;
    asking.add(worker);
    let again: boolean;
    try {
      await buildLockHeld;
      again = !(await askQuietly(worker)) && (await afterOtherBuilds());
    } finally {
      asking.delete(worker);
    }
    if (again && worker.state === 'installed') void consider(worker);
    return;
  }
  if (ready === worker) return;
  ready = worker;
  for (const listener of listeners) listener();
}

/**
 * How long `takeOver` waits for the worker to be active. Chromium activates a worker told to skip waiting only once
 * the active worker has no event in progress, and gives up waiting only after five minutes: a Reload pressed then
 * reloads after this long all the same. Online, the reloaded page gets the server's build (the active worker answers a
 * page's address from the network first); offline, the build it had, with the new one still offered.
 */
export const TAKE_OVER_WAIT_MS = 5_000;

/**
 * Tells `worker` to take over, and calls `then` once, when it has (it is active), when it cannot any more (it was
 * replaced by a newer one: the page's next load gets that one's build, the server's current), or after
 * TAKE_OVER_WAIT_MS, whichever comes first.
 */
export function takeOver(worker: ServiceWorker, then: () => void): void {
  const finish = () => {
    clearTimeout(timer);
    worker.removeEventListener('statechange', done);
    then();
  };
  function done() {
    if (worker.state === 'activated' || worker.state === 'redundant') finish();
  }
  worker.addEventListener('statechange', done);
  const timer = setTimeout(finish, TAKE_OVER_WAIT_MS);
  worker.postMessage({ type: SW_MESSAGES.skipWaiting });
  done();
}

/** Holds this page's build lock until the page closes (where the browser has Web Locks). Resolves once it is held. */
function holdBuildLock(): Promise<void> {
  const entry = pageEntry();
  if (entry === null || !('locks' in navigator)) return Promise.resolve();
  return new Promise((held) => {
    void navigator.locks.request(buildLockName(entry), { mode: 'shared' }, () => {
      held();
      return new Promise<never>(() => {});
    });
  });
}

/**
 * Waits until no tab holds the lock of a build other than this page's, and gives true; gives false at once when none
 * does (the tabs that keep the worker from taking over then hold no lock at all: the page's next check asks again).
 */
async function afterOtherBuilds(): Promise<boolean> {
  if (!('locks' in navigator)) return false;
  const own = buildLockName(pageEntry() ?? '');
  const { held = [] } = await navigator.locks.query();
  const others = new Set(
    held.map((lock) => lock.name ?? '').filter((name) => name.startsWith(BUILD_LOCK_PREFIX) && name !== own),
  );
  // Each is granted only once every tab holding it (shared) has closed.
  await Promise.all([...others].map((name) => navigator.locks.request(name, { mode: 'exclusive' }, () => undefined)));
  return others.size > 0;
}

/** Asks `worker` to take over if every tab runs its build; whether it did. */
function askQuietly(worker: ServiceWorker): Promise<boolean> {
  return ask(worker, SW_MESSAGES.takeOverQuietly, (data) => data?.tookOver === true, false);
}

/** The entry script of the build `worker` precached, or null when it does not say within a few seconds. */
function buildOf(worker: ServiceWorker): Promise<string | null> {
  return ask(worker, SW_MESSAGES.build, (data) => (typeof data?.entry === 'string' ? data.entry : null), null);
}

/** Posts `type` to `worker` with a port, and gives its answer read by `read`, or `silent` after a few seconds. */
function ask<T>(
  worker: ServiceWorker,
  type: string,
  read: (data: { entry?: unknown; tookOver?: unknown } | null) => T,
  silent: T,
): Promise<T> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(silent), 3_000);
    channel.port1.onmessage = (event: MessageEvent<{ entry?: unknown; tookOver?: unknown } | null>) => {
      clearTimeout(timer);
      resolve(read(event.data));
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}
