/**
 * What the service worker (sw.ts) does with a request, as pure functions (unit tested; the worker imports them):
 *
 * - the API (`/v2`) and the simulator's control switch (`/__control/`) are never answered by the worker nor cached:
 *   the data stays with TanStack Query and the app's own stores;
 * - `config.json` is network-first: the network's copy whenever there is one (a kiosk refused with 401 reads it
 *   again every minute and must see a new token), else the copy last served;
 * - a page's address (a navigation) is network-first too, falling back to the precached page (index.html, or
 *   kiosk.html for the kiosk), so every
 *   address of the app opens with no network, and online each page gets the server's current index.html with its
 *   current Content-Security-Policy (which follows config.json's `apiBaseUrl`);
 * - everything else the build made (JS, CSS, the font, icons, the manifest) is precached and served from there.
 */

/** The API's paths and the simulator's control switch, below the app's base. */
export function isApiPath(pathname: string, base = '/'): boolean {
  const path = below(pathname, base);
  return path !== null && /^(v2|__control)(\/|$)/.test(path);
}

/** The runtime configuration, beside index.html. */
export function isConfigPath(pathname: string, base = '/'): boolean {
  return below(pathname, base) === 'config.json';
}

/** A navigation the worker answers: any page address of the app, not the API's. */
export function isAppNavigation(pathname: string, base = '/'): boolean {
  return below(pathname, base) !== null && !isApiPath(pathname, base);
}

/**
 * The precached page a navigation falls back to, relative to `base`: the kiosk's (`kiosk.html`, its frame without a
 * header) for `/kiosk`, the app's (`index.html`) for every other address, as the server answers them online.
 */
export function offlinePageFor(pathname: string, base = '/'): 'kiosk.html' | 'index.html' {
  return /^kiosk\/?$/.test(below(pathname, base) ?? '') ? 'kiosk.html' : 'index.html';
}

/** `pathname` relative to `base` (no leading slash), or null when it is not below it. */
function below(pathname: string, base: string): string | null {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  if (`${pathname}/` === prefix) return '';
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : null;
}

/**
 * The module script an index.html starts (its `<script type="module" src>`): what a build is, for the page
 * (its own document) and the worker (its precached index.html) to compare. Null when there is none.
 */
export function entryScriptOf(html: string): string | null {
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\btype\s*=\s*["']?module["']?/i.test(tag)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) return src;
  }
  return null;
}

/** How long a navigation waits for the network before the precached app is served. */
export const NAVIGATION_TIMEOUT_MS = 5_000;

/** Messages between the page and the worker. */
export const SW_MESSAGES = {
  /** Page → waiting worker: take over now (the page reloads when it has). */
  skipWaiting: 'SKIP_WAITING',
  /**
   * Page → waiting worker that brings the page's own build, answered on the message's port with `{ tookOver }`: take
   * over only if every tab of the app runs that build (`everyTabRuns`), so that no tab of another build is taken over.
   */
  takeOverQuietly: 'TAKE_OVER_QUIETLY',
  /** Page → active worker, once the page holds its build's lock: the files of builds no tab runs may go. */
  tabStarted: 'TAB_STARTED',
  /** Page → active worker, with `{ token }`: the API refused config.json's token; drop it from the copy of config.json. */
  dropConfigToken: 'DROP_CONFIG_TOKEN',
  /** Page → worker, answered on the message's port with `{ entry }`: the entry script of its precached index.html. */
  build: 'BUILD',
} as const;

/**
 * The Web Lock a tab holds, shared, for as long as it runs the build whose entry script is `entry`
 * (offline/service-worker.ts): the worker reads who runs what with `navigator.locks.query()`, and a tab waits for the
 * last tab of another build by asking for that build's lock.
 */
export function buildLockName(entry: string): string {
  return `${BUILD_LOCK_PREFIX}${entry}`;
}
export const BUILD_LOCK_PREFIX = 'app-build:';

/**
 * Whether every window of the app runs the build whose entry is `entry`: no tab holds the lock of another build, and
 * as many hold this build's as there are windows (`windows`, the worker's `clients.matchAll`; a lock does not say which
 * window holds it). A window that holds none (still loading, or a build from before the locks) may run any build, so
 * then the answer is no.
 */
export function everyTabRuns(
  entry: string | null,
  windows: number,
  heldLocks: readonly (string | undefined)[],
): boolean {
  if (entry === null) return false;
  const builds = heldLocks.filter((name) => name?.startsWith(BUILD_LOCK_PREFIX));
  return builds.every((name) => name === buildLockName(entry)) && builds.length >= windows;
}
