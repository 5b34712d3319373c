/// <reference lib="webworker" />
/**
 * The service worker, built on its own into dist/sw.js by vite-plugin-pwa (injectManifest), which writes the build's
 * file list into `self.__WB_MANIFEST`. What it answers and how: sw-routes.ts. Installing it precaches the whole build;
 * if any file fails (a broken deploy), the install fails and the app already installed stays in charge.
 *
 * A new worker waits until a page tells it to take over (offline/service-worker.ts decides when, update-policy.ts
 * says how): a kiosk at its next rotation or refresh, a person when they press Reload, or, quietly, a page that runs
 * its build already, and then only if every tab of the app runs that build (`everyTabRuns`: each tab holds a Web Lock
 * named after its build). It never takes over a page by itself.
 *
 * No tab loses the files it was built with: the files of another build stay in the precache, and are answered from
 * there, until every tab of the app runs this worker's build and no newer worker is installing or waiting
 * (`dropOtherBuilds`, tried when the worker activates, when a page opens and when a tab starts). Workbox's own
 * clean-up at activation, which deleted them at once, is not used.
 */
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

import { SECOND_MS } from '../lib/time-spans';
import {
  entryScriptOf,
  everyTabRuns,
  isAppNavigation,
  isConfigPath,
  NAVIGATION_TIMEOUT_MS,
  offlinePageFor,
  SW_MESSAGES,
} from './sw-routes';

declare let self: ServiceWorkerGlobalScope;

const BASE = import.meta.env.BASE_URL;
const INDEX = `${BASE}index.html`;
const CONFIG = `${BASE}config.json`;
const CONFIG_CACHE = 'config';
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

self.addEventListener('install', precache.install);

// config.json as served when the worker installs, so that the app starts with no network even if no page has asked
// for it through the worker yet (the page that registered the worker did so before it). Best effort: a missing
// config.json does not fail the install (the app says what is wrong with it, online).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add(new Request(CONFIG, { cache: 'no-store' })))
      .catch(() => undefined),
  );
});

// Page addresses first (before the precache's own route, which would answer `/` from the cache).
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppNavigation(url.pathname, BASE),
  async ({ request, url, event }) => {
    event.waitUntil(dropOtherBuilds());
    try {
      return await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
    } catch {
      const page =
        (await precache.matchPrecache(`${BASE}${offlinePageFor(url.pathname, BASE)}`)) ??
        (await precache.matchPrecache(INDEX));
      return page ?? Response.error();
    }
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && isConfigPath(url.pathname, BASE),
  new NetworkFirst({
    cacheName: CONFIG_CACHE,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_MS / SECOND_MS,
    // The copy is found whoever asks for it: index.html's preload sends an Origin header (crossorigin), the app's
    // fetch does not, and a server may answer `Vary: Origin`.
    matchOptions: { ignoreVary: true },
  }),
);

registerRoute(new PrecacheRoute(precache));

// A hashed file of another build, still in the precache while a tab of that build is open: from there, else from the
// network. (Found whoever asks: a module or stylesheet preload sends an Origin header, the install's request did not,
// and the server answers `Vary: Origin`.)
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(`${BASE}assets/`),
  async ({ request }) =>
    (await (await caches.open(precache.strategy.cacheName)).match(request, { ignoreVary: true })) ?? fetch(request),
);

cleanupOutdatedCaches();

self.addEventListener('activate', (event) => event.waitUntil(dropOtherBuilds()));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  const port = event.ports[0];
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.build) event.waitUntil(ownEntry().then((entry) => port?.postMessage({ entry })));
  if (type === SW_MESSAGES.takeOverQuietly) {
    event.waitUntil(
      (async () => {
        const alone = await everyTabRunsThisBuild();
        if (alone) await self.skipWaiting();
        port?.postMessage({ tookOver: alone });
      })(),
    );
  }
  if (type === SW_MESSAGES.tabStarted) event.waitUntil(dropOtherBuilds());
  const refused = (event.data as { token?: unknown } | null)?.token;
  if (type === SW_MESSAGES.dropConfigToken && typeof refused === 'string') event.waitUntil(dropConfigToken(refused));
});

/** The entry script of this worker's build (its precached index.html), or null when it cannot tell. */
async function ownEntry(): Promise<string | null> {
  const html = await (await precache.matchPrecache(INDEX))?.text();
  return html === undefined ? null : entryScriptOf(html);
}

/** Whether every window of the app holds the lock of this worker's build (sw-routes.ts `everyTabRuns`). */
async function everyTabRunsThisBuild(): Promise<boolean> {
  const [entry, windows, locks] = await Promise.all([
    ownEntry(),
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
    'locks' in self.navigator ? self.navigator.locks.query() : Promise.resolve({ held: [] }),
  ]);
  return everyTabRuns(
    entry,
    windows.length,
    (locks.held ?? []).map((lock) => lock.name),
  );
}

/**
 * Deletes the precached files of other builds, once this worker is active, none newer is installing or waiting (its
 * files are in the same cache), and every tab of the app runs this worker's build. Never rejects.
 */
async function dropOtherBuilds(): Promise<void> {
  // Only the active worker: a waiting one would delete the files the active one answers with. (Where a browser has no
  // `self.serviceWorker`, this throws, and the files stay.)
  const newerOnItsWay = () =>
    !['activating', 'activated'].includes(self.serviceWorker.state) ||
    self.registration.installing !== null ||
    self.registration.waiting !== null;
  try {
    if (newerOnItsWay() || !(await everyTabRunsThisBuild())) return;
    const cache = await caches.open(precache.strategy.cacheName);
    const expected = new Set(precache.getURLsToCacheKeys().values());
    const others = (await cache.keys()).filter((request) => !expected.has(request.url));
    if (newerOnItsWay()) return;
    await Promise.all(others.map((request) => cache.delete(request)));
  } catch {
    // Tried again at the next page or tab.
  }
}

/** The network's answer, or a rejection once `ms` have passed without one. */
function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The network took too long')), ms);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Removes `token` from the copy of config.json, the rest kept (the app still starts with no network), when the API
 * has refused it (config/config-token.ts). Never rejects.
 */
async function dropConfigToken(token: string): Promise<void> {
  try {
    const cache = await caches.open(CONFIG_CACHE);
    for (const request of await cache.keys()) {
      if (!isConfigPath(new URL(request.url).pathname, BASE)) continue;
      const response = await cache.match(request, { ignoreVary: true });
      const config: unknown = await response?.clone().json();
      if (!response || typeof config !== 'object' || config === null || !('token' in config)) continue;
      if (config.token !== token) continue;
      const { token: _refused, ...rest } = config;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.delete('content-encoding');
      await cache.put(request, new Response(JSON.stringify(rest), { status: 200, headers }));
    }
  } catch {
    // No copy, or one that is not JSON: nothing to drop.
  }
}
