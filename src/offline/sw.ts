/// <reference lib="webworker" />
/**
 * The service worker, built on its own into dist/sw.js by vite-plugin-pwa (injectManifest), which writes the build's
 * file list into `self.__WB_MANIFEST`. What it answers and how: sw-routes.ts. Installing it precaches the whole build;
 * if any file fails (a broken deploy), the install fails and the app already installed stays in charge.
 *
 * A new worker waits until a page tells it to take over (offline/service-worker.ts decides when, update-policy.ts
 * says how): a kiosk at its next rotation or refresh, a person when they press Reload. It never takes over a page
 * by itself, so no open page loses the files it was built with.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

import { SECOND_MS } from '../lib/time-spans';
import {
  entryScriptOf,
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
  async ({ request, url }) => {
    try {
      return await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
    } catch {
      const page =
        (await matchPrecache(`${BASE}${offlinePageFor(url.pathname, BASE)}`)) ?? (await matchPrecache(INDEX));
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

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.build) {
    const port = event.ports[0];
    event.waitUntil(
      (async () => {
        const html = await (await matchPrecache(INDEX))?.text();
        port?.postMessage({ entry: html === undefined ? null : entryScriptOf(html) });
      })(),
    );
  }
});

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
