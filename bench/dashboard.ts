/**
 * The dashboard in Chromium against its floor: the built app served by `vite preview` with the simulator mounted
 * (as `npm start` serves it), each view in a fresh browser context, and a bare `fetch` loop over the same API URLs.
 *
 * Only stable hooks of the app are used, so the bench measures whatever the loader does:
 * - the `chart-finished` performance mark (src/charts/chart.tsx marks each ECharts 'finished' event);
 * - the API requests the page makes to `/v2/locations/{id}/{metric}` (seen by Playwright);
 * - the "Load all N pages anyway" button of a large request, clicked at once when it shows (if it never shows,
 *   nothing is clicked);
 * - the Interval select (role combobox, name "Interval") for the repaint on cached data.
 *
 * Dashboard: from navigation start (performance.timeOrigin) to the LAST `chart-finished` mark once the view has
 * settled: no API request in flight and neither a new request nor a new mark for QUIET_MS.
 *
 * Floor: a blank same-origin page (`/config.json`) walks the cursor chains the dashboard requested, one after another
 * (a request without `cursor` starts a chain; its first URL, then each `next_cursor` as `cursor` until `has_more` is
 * false, or as many pages as the dashboard fetched in that chain), with `Authorization: Bearer <token of
 * /config.json>`; timed from its first request to the last response's body read. If the dashboard fetched
 * sub-ranges in parallel, the floor still walks them in sequence, so a ratio below 1.0× is possible.
 *
 * The browser clock is fixed as in the end-to-end tests (`page.clock.install`). Playwright's fake clock replaces
 * `window.performance` with a stand-in whose `mark()` records nothing, so an init script forwards marks to the real
 * Performance object, and every time here is the real `performance.now()` of the page.
 *
 * Run: npm run bench (bench/run.ts), or tsx bench/dashboard.ts for one pass over the year view.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

import { CHROMIUM_ARGS, systemChromium } from '../e2e/browser-path.mjs';
import { ensureBuild, ROOT } from './bundle-size';

export const HOST = '127.0.0.1';
/** The browser's clock and the simulator's `--now`. */
export const NOW = '2026-11-18T15:30:00Z';

/** Bounds of every wait (ms). */
const VIEW_TIMEOUT = 120_000;
/** A view has settled after this long without a new API request or `chart-finished` mark, none in flight. */
const QUIET_MS = 1_000;
const POLL_MS = 100;

/** `/v2/locations/{id}/{metric}`: the series endpoints (not `/locations/{id}` or `/locations/{id}/now`). */
const METRIC_PATH = /^\/v2\/locations\/[^/]+\/(?!now$)[^/]+$/;

export interface Server {
  baseUrl: string;
  simulatorArgs: string;
  close(): Promise<void>;
}

/** `vite preview` of `distDir` with the simulator at /v2, started with SIMULATOR_ARGS = `simulatorArgs`. */
export async function startServer(port: number, simulatorArgs: string, distDir: string): Promise<Server> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  // The simulator plugin (vite.config.ts) reads SIMULATOR_ARGS when the preview server starts.
  const previousArgs = process.env.SIMULATOR_ARGS;
  process.env.SIMULATOR_ARGS = simulatorArgs;
  let server: PreviewServer;
  try {
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      build: { outDir: distDir },
      preview: { host: HOST, port, strictPort: true, open: false },
    });
  } finally {
    if (previousArgs === undefined) delete process.env.SIMULATOR_ARGS;
    else process.env.SIMULATOR_ARGS = previousArgs;
  }
  return { baseUrl: `http://${HOST}:${port}`, simulatorArgs, close: () => server.close() };
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = systemChromium();
  return chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
}

/** What the init script keeps in the page (times are the real `performance.now()`, ms since timeOrigin). */
interface BenchState {
  native: Performance;
  /** When a "Load all N pages anyway" button was clicked. */
  confirmedAt: number[];
  /** When a `change` event reached the document (capture phase, before React sees it). */
  changedAt: number[];
}

type BenchWindow = Window & { __bench?: BenchState; __pwClock?: { builtins: { performance?: Performance } } };

/** Runs in the page before any of its scripts. Serialized by Playwright: it may use nothing from this module. */
function instrumentPage(): void {
  const w = window as BenchWindow;
  // Whichever init script runs first, this is the browser's own Performance object.
  const native = w.__pwClock?.builtins.performance ?? w.performance;
  native.setResourceTimingBufferSize(100_000);
  const state: BenchState = { native, confirmedAt: [], changedAt: [] };
  w.__bench = state;

  // The fake clock's `performance` records no marks: make its mark() also mark on the real timeline.
  const forwardMarks = (p: Performance): Performance => {
    if (p === native) return p;
    const fakeMark = p.mark.bind(p);
    p.mark = (name: string, options?: PerformanceMarkOptions) => {
      native.mark(name, options);
      return fakeMark(name, options);
    };
    return p;
  };
  let current = forwardMarks(w.performance);
  Object.defineProperty(w, 'performance', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (p: Performance) => {
      current = forwardMarks(p);
    },
  });

  document.addEventListener('change', () => state.changedAt.push(native.now()), true);
  new MutationObserver(() => {
    for (const button of document.querySelectorAll('button')) {
      if (/^Load all \d+ pages anyway$/.test((button.textContent ?? '').trim())) {
        state.confirmedAt.push(native.now());
        button.click();
      }
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * As a string with a global `__name`: tsx compiles this module with esbuild's keepNames, which wraps named functions
 * in `__name(…)`, a helper the page does not have (this also covers functions passed to page.evaluate).
 */
const INIT_SCRIPT = `globalThis.__name ??= (f) => f; (${instrumentPage.toString()})();`;
const NAME_SHIM = 'globalThis.__name ??= (f) => f;';

/** One cursor chain as the dashboard walked it. */
export interface Chain {
  /** Path and query of the first page (no `cursor`). */
  start: string;
  /** Pages the dashboard fetched in it: the first and one per distinct cursor. */
  pages: number;
}

interface Traffic {
  /** Metric API requests in order: path + query, and the Authorization header sent. */
  requests: { url: string; authorization: string | null }[];
  inflight: number;
  /** Same-origin .js files the page fetched (path inside dist, e.g. `assets/index-x.js`). */
  scripts: Set<string>;
}

function watchTraffic(page: Page, baseUrl: string): Traffic {
  const traffic: Traffic = { requests: [], inflight: 0, scripts: new Set() };
  const metric = (url: string) => {
    const parsed = new URL(url);
    return parsed.origin === baseUrl && METRIC_PATH.test(parsed.pathname) ? parsed : null;
  };
  page.on('request', (request) => {
    const url = metric(request.url());
    if (!url) return;
    traffic.inflight += 1;
    traffic.requests.push({
      url: url.pathname + url.search,
      authorization: request.headers()['authorization'] ?? null,
    });
  });
  const done = (request: { url(): string }) => {
    if (metric(request.url())) traffic.inflight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === baseUrl && url.pathname.endsWith('.js')) traffic.scripts.add(url.pathname.replace(/^\//, ''));
  });
  return traffic;
}

/** Groups requests into cursor chains: a request without `cursor` starts one; the same first URL again is a repeat. */
export function chainsOf(urls: string[]): { chains: Chain[]; repeats: number; orphans: number } {
  const byStart = new Map<string, { chain: Chain; cursors: Set<string> }>();
  let repeats = 0;
  let orphans = 0;
  for (const url of urls) {
    const parsed = new URL(url, 'http://x');
    const cursor = parsed.searchParams.get('cursor');
    parsed.searchParams.delete('cursor');
    const start = parsed.pathname + parsed.search;
    let entry = byStart.get(start);
    if (cursor === null) {
      if (entry) repeats += 1;
    } else if (!entry) {
      orphans += 1; // a cursor of a chain whose first page this page never asked for: the floor asks for it
    }
    if (!entry) {
      entry = { chain: { start, pages: 1 }, cursors: new Set() };
      byStart.set(start, entry);
    }
    if (cursor !== null && !entry.cursors.has(cursor)) {
      entry.cursors.add(cursor);
      entry.chain.pages += 1;
    }
  }
  return { chains: [...byStart.values()].map((entry) => entry.chain), repeats, orphans };
}

interface PageSnapshot {
  /** `chart-finished` marks after `since` (ms since timeOrigin). */
  marks: number[];
  /** The earliest start of a metric API resource after `since`, or NaN. */
  firstRequestStart: number;
  /** The latest responseEnd of a metric API resource after `since`, or 0. */
  lastResponseEnd: number;
}

function snapshot(page: Page, since: number): Promise<PageSnapshot> {
  return page.evaluate(
    ({ since, pattern }) => {
      const state = (window as BenchWindow).__bench;
      if (!state) throw new Error('the bench init script did not run');
      const metric = new RegExp(pattern);
      let firstRequestStart = NaN;
      let lastResponseEnd = 0;
      for (const entry of state.native.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        if (entry.startTime > since && metric.test(new URL(entry.name).pathname)) {
          if (!(entry.startTime >= firstRequestStart)) firstRequestStart = entry.startTime;
          lastResponseEnd = Math.max(lastResponseEnd, entry.responseEnd);
        }
      }
      return {
        marks: state.native
          .getEntriesByName('chart-finished')
          .map((mark) => mark.startTime)
          .filter((time) => time > since),
        firstRequestStart,
        lastResponseEnd,
      };
    },
    { since, pattern: METRIC_PATH.source },
  );
}

/** What a page says when a wait fails: its status texts and alerts, and page errors. */
async function describePage(page: Page, errors: string[]): Promise<string> {
  const texts = await page
    .evaluate(() =>
      [...document.querySelectorAll('[role="status"], [role="alert"]')]
        .map((element) => (element.textContent ?? '').trim().slice(0, 160))
        .filter(Boolean),
    )
    .catch(() => []);
  return `page says: ${texts.join(' | ') || 'nothing in status or alert'}${errors.length ? `; page errors: ${errors.join('; ')}` : ''}`;
}

/**
 * Waits until the page has settled after `since`: at least one chart-finished mark after it (and an API request
 * after it when `expectRequests`), none in flight, and neither a new request nor a new mark for QUIET_MS.
 */
async function settle(
  page: Page,
  traffic: Traffic,
  since: number,
  expectRequests: boolean,
  errors: string[],
): Promise<PageSnapshot & { requests: number }> {
  const requestsBefore = traffic.requests.length;
  const started = Date.now();
  let last = '';
  let lastChange = Date.now();
  for (;;) {
    const state = await snapshot(page, since);
    const requests = traffic.requests.length - requestsBefore;
    const key = `${requests}/${traffic.inflight}/${state.marks.length}`;
    if (key !== last) {
      last = key;
      lastChange = Date.now();
    }
    const ready = traffic.inflight === 0 && state.marks.length > 0 && (!expectRequests || requests > 0);
    if (ready && Date.now() - lastChange >= QUIET_MS) return { ...state, requests };
    if (Date.now() - started > VIEW_TIMEOUT) {
      throw new Error(
        `${page.url()}: not settled after ${VIEW_TIMEOUT / 1000} s (${requests} API requests, ${traffic.inflight} ` +
          `in flight, ${state.marks.length} chart-finished marks); ${await describePage(page, errors)}`,
      );
    }
    await page.waitForTimeout(POLL_MS);
  }
}

export interface RepaintRun {
  /** From the change back to the first chart-finished mark after it. */
  ms: number;
  /** From the change back to the last chart-finished mark once settled. */
  lastMs: number;
  marks: number;
  /** API requests after the change back (0 when the data came from the app's cache). */
  requests: number;
  via: string;
}

export interface DashboardRun {
  path: string;
  /** Navigation start → last chart-finished mark. */
  ms: number;
  /** Navigation start → the first metric API request (resource timing startTime). */
  firstRequestMs: number;
  /** chart-finished marks during the load. */
  marks: number;
  /** The last mark came before the last API response ended (that response changed nothing drawn?). */
  markBeforeLastResponse: boolean;
  requests: number;
  chains: Chain[];
  repeats: number;
  orphans: number;
  confirmations: number;
  /** The Authorization headers the app sent, distinct. */
  authorizations: string[];
  scripts: string[];
  heapAfterGcBytes: number | null;
  repaint: RepaintRun | null;
  repaintError: string | null;
  pageErrors: string[];
}

async function newBenchContext(browser: Browser, baseUrl: string, init: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addInitScript({ content: init });
  return context;
}

/**
 * Loads `path` in a fresh context and times it; then, when asked, the JS heap after GC and a repaint on cached data
 * (Interval select to another value, settled, and back).
 */
export async function measureDashboard(
  browser: Browser,
  server: Server,
  path: string,
  options: { heap?: boolean; repaint?: boolean } = {},
): Promise<DashboardRun> {
  const context = await newBenchContext(browser, server.baseUrl, INIT_SCRIPT);
  try {
    const page = await context.newPage();
    await page.clock.install({ time: new Date(NOW) });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const traffic = watchTraffic(page, server.baseUrl);

    await page.goto(path, { waitUntil: 'commit', timeout: VIEW_TIMEOUT });
    const load = await settle(page, traffic, 0, true, errors);
    const ms = load.marks.at(-1)!;
    const { chains, repeats, orphans } = chainsOf(traffic.requests.map((request) => request.url));
    const confirmations = await page.evaluate(() => (window as BenchWindow).__bench?.confirmedAt.length ?? 0);
    const run: DashboardRun = {
      path,
      ms,
      firstRequestMs: load.firstRequestStart,
      marks: load.marks.length,
      markBeforeLastResponse: ms < load.lastResponseEnd,
      requests: traffic.requests.length,
      chains,
      repeats,
      orphans,
      confirmations,
      authorizations: [...new Set(traffic.requests.map((request) => request.authorization ?? '(none)'))],
      scripts: [...traffic.scripts],
      heapAfterGcBytes: null,
      repaint: null,
      repaintError: null,
      pageErrors: errors,
    };

    if (options.heap) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      run.heapAfterGcBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      await cdp.detach();
    }
    if (options.repaint) {
      try {
        run.repaint = await measureRepaint(page, traffic, errors);
      } catch (error) {
        run.repaintError = (error as Error).message.split('\n')[0] ?? String(error);
      }
    }
    return run;
  } finally {
    await context.close();
  }
}

async function measureRepaint(page: Page, traffic: Traffic, errors: string[]): Promise<RepaintRun> {
  const select = page.getByRole('combobox', { name: 'Interval' });
  const original = await select.inputValue({ timeout: 5_000 });
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const other = ['daily', '60min', ...values].find((value) => value !== original && values.includes(value));
  if (other === undefined) throw new Error(`the Interval select offers nothing but ${original}`);
  const lastChange = () => page.evaluate(() => (window as BenchWindow).__bench?.changedAt.at(-1) ?? null);

  await select.selectOption(other);
  const away = await lastChange();
  if (away === null) throw new Error('no change event reached the document');
  await settle(page, traffic, away, false, errors);

  await select.selectOption(original);
  const back = await lastChange();
  if (back === null || back <= away) throw new Error('no change event for the change back');
  const result = await settle(page, traffic, back, false, errors);
  return {
    ms: result.marks[0]! - back,
    lastMs: result.marks.at(-1)! - back,
    marks: result.marks.length,
    requests: result.requests,
    via: `Interval ${original} → ${other} → ${original}`,
  };
}

export interface FloorRun {
  /** First request → last response's body read. */
  ms: number;
  requests: number;
  /** Chains where the floor's pages differ from the dashboard's (has_more ended it sooner). */
  shorter: number;
}

/** Walks `chains` one after another with a bare fetch loop, on a blank same-origin page of a fresh context. */
export async function measureFloor(browser: Browser, server: Server, chains: Chain[]): Promise<FloorRun> {
  const context = await newBenchContext(browser, server.baseUrl, NAME_SHIM);
  try {
    const page = await context.newPage();
    await page.goto('/config.json', { timeout: VIEW_TIMEOUT });
    return await page.evaluate(async (chains) => {
      const config = (await (await fetch('/config.json')).json()) as { token?: string };
      const headers: Record<string, string> = config.token ? { Authorization: `Bearer ${config.token}` } : {};
      let requests = 0;
      let shorter = 0;
      const started = performance.now();
      for (const chain of chains) {
        let url = chain.start;
        for (let page = 1; ; page++) {
          const response = await fetch(url, { headers });
          const body = (await response.json()) as { pagination?: { has_more?: boolean; next_cursor?: string | null } };
          requests += 1;
          if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
          const next = body.pagination?.next_cursor;
          if (!body.pagination?.has_more || !next) {
            if (page < chain.pages) shorter += 1;
            break;
          }
          if (page >= chain.pages) break;
          const nextUrl = new URL(chain.start, location.origin);
          nextUrl.searchParams.set('cursor', next);
          url = nextUrl.pathname + nextUrl.search;
        }
      }
      return { ms: performance.now() - started, requests, shorter };
    }, chains);
  } finally {
    await context.close();
  }
}

/** Same-origin .js files a route fetches until the network is idle (path inside dist). */
export async function scriptsOfRoute(browser: Browser, server: Server, path: string): Promise<string[]> {
  const context = await newBenchContext(browser, server.baseUrl, INIT_SCRIPT);
  try {
    const page = await context.newPage();
    await page.clock.install({ time: new Date(NOW) });
    const traffic = watchTraffic(page, server.baseUrl);
    await page.goto(path, { waitUntil: 'networkidle', timeout: VIEW_TIMEOUT });
    return [...traffic.scripts];
  } finally {
    await context.close();
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

/** One pass over the year view and its floor, printed. */
async function main(): Promise<void> {
  const dist = 'node_modules/.cache/bench-dist';
  ensureBuild(dist);
  const server = await startServer(4330, `--now ${NOW}`, dist);
  const browser = await launchBrowser();
  try {
    const path = '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
    const dashboard = await measureDashboard(browser, server, path, { heap: true, repaint: true });
    const floor = await measureFloor(browser, server, dashboard.chains);
    console.log({ ...dashboard, chains: dashboard.chains.length }, floor);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMain()) {
  setTimeout(() => {
    console.error('dashboard bench: gave up after 10 minutes');
    process.exit(2);
  }, 600_000).unref();
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
