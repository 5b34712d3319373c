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
 * Floor: a blank same-origin page (`/config.json`), navigated to in a fresh context like the dashboard's, walks the
 * cursor chains the dashboard requested, one after another (a request without `cursor` starts a chain; its first URL,
 * then each `next_cursor` as `cursor` until `has_more` is false, or as many pages as the dashboard fetched in that
 * chain), with `Authorization: Bearer <token of /config.json>`. Its loop is an init script that starts when the page's
 * document is created (no round trip to Playwright in the timed span), and it is timed like the dashboard: from the
 * page's navigation start (performance.timeOrigin) to the last response's body read; the token's fetch of
 * /config.json is inside that span, as the app's is. If the dashboard fetched sub-ranges in parallel, the floor still
 * walks them in sequence, so a ratio below 1.0× is possible.
 *
 * Long tasks: the init script observes `longtask` entries (buffered) from the page's start; the portfolio and the
 * chart views read them alike (longTaskStats).
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
  /** Long tasks of the page: [startTime, duration] on the real timeline. */
  longTasks: [number, number][];
}

type BenchWindow = Window & { __bench?: BenchState; __pwClock?: { builtins: { performance?: Performance } } };

/** Runs in the page before any of its scripts. Serialized by Playwright: it may use nothing from this module. */
function instrumentPage(): void {
  const w = window as BenchWindow;
  // Whichever init script runs first, this is the browser's own Performance object.
  const native = w.__pwClock?.builtins.performance ?? w.performance;
  native.setResourceTimingBufferSize(100_000);
  const state: BenchState = { native, confirmedAt: [], changedAt: [], longTasks: [] };
  w.__bench = state;
  // PerformanceObserver is not faked by the clock: entries carry the real timeline's times, as native.now() does.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });

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

/** Long tasks summed up: every long task is over 50 ms (the Long Tasks API's threshold). */
export interface LongTaskStats {
  /** The longest one's duration, 0 when there is none. */
  longestMs: number;
  count: number;
  totalMs: number;
}

/** Summary of long tasks given as [startTime, duration]. */
export function longTaskStats(tasks: [number, number][]): LongTaskStats {
  return {
    longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    count: tasks.length,
    totalMs: tasks.reduce((sum, [, duration]) => sum + duration, 0),
  };
}

/** The page's long tasks so far (instrumentPage), and the real `performance.now()` when read. */
function longTasksOf(page: Page): Promise<{ now: number; tasks: [number, number][] }> {
  return page.evaluate(() => {
    const state = (window as BenchWindow).__bench;
    if (!state) throw new Error('the bench init script did not run');
    return { now: state.native.now(), tasks: state.longTasks };
  });
}

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
  /** Navigation start → the end of the last metric API response (resource timing responseEnd). */
  lastResponseEndMs: number;
  /**
   * Long tasks of the load (navigation → settled): all of them; those that ended by the last API response's end
   * (the streaming phase); those that ended after it (the final draw).
   */
  longTasks: { load: LongTaskStats; streaming: LongTaskStats; finalDraw: LongTaskStats };
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
    const settled = await longTasksOf(page);
    const during = settled.tasks.filter(([start]) => start <= settled.now);
    const streaming = (task: [number, number]) => task[0] + task[1] <= load.lastResponseEnd;
    const { chains, repeats, orphans } = chainsOf(traffic.requests.map((request) => request.url));
    const confirmations = await page.evaluate(() => (window as BenchWindow).__bench?.confirmedAt.length ?? 0);
    const run: DashboardRun = {
      path,
      ms,
      firstRequestMs: load.firstRequestStart,
      lastResponseEndMs: load.lastResponseEnd,
      longTasks: {
        load: longTaskStats(during),
        streaming: longTaskStats(during.filter(streaming)),
        finalDraw: longTaskStats(during.filter((task) => !streaming(task))),
      },
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

/** What a floor page does (runFloor): walk cursor chains one after another, or fetch URLs with a pool of workers. */
type FloorPlan =
  { kind: 'chains'; chains: Chain[]; api: string } | { kind: 'pool'; urls: string[]; workers: number; api: string };

/** What a floor page measured; times are its `performance.now()`, ms from its navigation start. */
interface FloorResult {
  /** Navigation start → the last response's body read. */
  ms: number;
  /** Navigation start → its first API request (resource timing startTime), NaN when there was none. */
  firstRequestMs: number;
  /** Navigation start → the end of its last API response (resource timing responseEnd), NaN when there was none. */
  lastResponseEndMs: number;
  requests: number;
  /** Chains where the floor's pages differ from the dashboard's (has_more ended it sooner); 0 for a pool. */
  shorter: number;
}

type FloorWindow = Window & { __benchFloor?: Promise<FloorResult> };

/**
 * The floor's fetch loop, an init script of its page (serialized: it may use nothing from this module). It starts on
 * the blank page `/config.json` as the document is created, and leaves its result as a promise in the page.
 */
function runFloor(plan: FloorPlan): void {
  if (location.pathname !== '/config.json') return; // the context's first page is about:blank
  performance.setResourceTimingBufferSize(100_000);
  const w = window as FloorWindow;
  w.__benchFloor = (async () => {
    const config = (await (await fetch('/config.json')).json()) as { token?: string };
    const headers: Record<string, string> = config.token ? { Authorization: `Bearer ${config.token}` } : {};
    let requests = 0;
    let shorter = 0;
    if (plan.kind === 'chains') {
      for (const chain of plan.chains) {
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
    } else {
      const { urls } = plan;
      let next = 0;
      const worker = async () => {
        while (next < urls.length) {
          const url = urls[next++]!;
          const response = await fetch(url, { headers });
          await response.json();
          requests += 1;
          if (!response.ok) throw new Error(`floor: ${url} answered ${response.status}`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(plan.workers, urls.length) }, worker));
    }
    const ms = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0)); // the last resource timing entry, should it come late
    const api = new RegExp(plan.api);
    let firstRequestMs = NaN;
    let lastResponseEndMs = NaN;
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!api.test(new URL(entry.name).pathname)) continue;
      if (!(entry.startTime >= firstRequestMs)) firstRequestMs = entry.startTime;
      if (!(entry.responseEnd <= lastResponseEndMs)) lastResponseEndMs = entry.responseEnd;
    }
    return { ms, firstRequestMs, lastResponseEndMs, requests, shorter };
  })();
}

/** Navigates a new page of a fresh context to `/config.json`, where runFloor carries out `plan`; its result. */
async function floorPage(browser: Browser, server: Server, plan: FloorPlan, timeout: number): Promise<FloorResult> {
  const init = `${NAME_SHIM}\n(${runFloor.toString()})(${JSON.stringify(plan)});`;
  const context = await newBenchContext(browser, server.baseUrl, init);
  try {
    const page = await context.newPage();
    await page.goto('/config.json', { waitUntil: 'commit', timeout });
    await page.waitForFunction(() => (window as FloorWindow).__benchFloor !== undefined, undefined, {
      timeout,
      polling: 10,
    });
    return await page.evaluate(() => (window as FloorWindow).__benchFloor!);
  } finally {
    await context.close();
  }
}

export interface FloorRun {
  /** Navigation start of the floor page → the last response's body read. */
  ms: number;
  /** Navigation start → the floor's first metric API request. */
  firstRequestMs: number;
  /** Navigation start → the end of the floor's last metric API response. */
  lastResponseEndMs: number;
  requests: number;
  /** Chains where the floor's pages differ from the dashboard's (has_more ended it sooner). */
  shorter: number;
}

/**
 * Walks `chains` one after another with a bare fetch loop, on a blank same-origin page of a fresh context, timed
 * from that page's navigation start.
 */
export async function measureFloor(browser: Browser, server: Server, chains: Chain[]): Promise<FloorRun> {
  return floorPage(browser, server, { kind: 'chains', chains, api: METRIC_PATH.source }, VIEW_TIMEOUT);
}

// ---------------------------------------------------------------------------------------------------------------
// The portfolio (/portfolio): a table of every location, its rows filled as their requests come back.
//
// Hooks of the page used (src/features/portfolio/portfolio-page.tsx, portfolio-table.tsx, portfolio-row.tsx): each row is
// `tr[data-location-id]`, its figures `td[data-kpi]` cells whose text is "loading…" until the row has its figures
// ("failed to load" when it failed; a location without data says "no data", with `data-value` "" as while loading,
// so the text is what tells them apart); rows kept from an earlier visit have class `kept`; the count of listed rows
// is `[data-portfolio-count][data-value]`, inside the status line (role=status) that says "…; figures for N so far"
// until every row has its figures.

/** The rows whose figures "first rows filled" waits for: the first this many `tr[data-location-id]` in the DOM. */
export const PORTFOLIO_FIRST_ROWS = 20;
/** What the app's limiter allows in flight (src/api/limiter.ts), and the floor's workers. */
export const PORTFOLIO_WORKERS = 6;
/** A guard against a hang: many times what a load of 1,666 rows at 50 ms a request takes on a quiet machine. */
const PORTFOLIO_TIMEOUT = 300_000;

interface PortfolioState {
  /** The count shows the expected number of listed locations. */
  listedAt: number | null;
  /** The first PORTFOLIO_FIRST_ROWS rows in the DOM have their figures. */
  firstRowsAt: number | null;
  /** The status line stopped counting: every listed row has its figures. */
  allRowsAt: number | null;
}

type PortfolioWindow = BenchWindow & { __benchPortfolio?: PortfolioState; __benchAllRows?: () => Promise<void> };

/** Runs in the page after instrumentPage (serialized: it may use nothing from this module). */
function watchPortfolio(firstRows: number, expected: number): void {
  const w = window as PortfolioWindow;
  const native = w.__bench?.native ?? w.performance;
  const state: PortfolioState = { listedAt: null, firstRowsAt: null, allRowsAt: null };
  w.__benchPortfolio = state;

  const filled = (row: Element) =>
    !row.classList.contains('kept') &&
    row.querySelector('[data-kpi="average-utilization"]') !== null &&
    [...row.querySelectorAll('td')].every(
      (cell) => !/^(loading…|failed to load)$/.test((cell.textContent ?? '').trim()),
    );
  const check = () => {
    const now = native.now();
    const count = document.querySelector('[data-portfolio-count]');
    const listed = count?.getAttribute('data-value') === String(expected);
    if (state.listedAt === null && listed) state.listedAt = now;
    if (state.firstRowsAt === null) {
      const rows = [...document.querySelectorAll('tr[data-location-id]')].slice(0, firstRows);
      if (rows.length >= Math.min(firstRows, expected) && rows.length > 0 && rows.every(filled))
        state.firstRowsAt = now;
    }
    if (state.allRowsAt === null && listed) {
      const status = count?.closest('[role="status"]');
      if (status && !/so far|loading|failed/.test(status.textContent ?? '')) {
        state.allRowsAt = now;
        void w.__benchAllRows?.();
      }
    }
    if (state.firstRowsAt !== null && state.allRowsAt !== null) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-value', 'class'],
  });
}

function portfolioInit(expected: number): string {
  return `${INIT_SCRIPT}\n(${watchPortfolio.toString()})(${PORTFOLIO_FIRST_ROWS}, ${expected});`;
}

/** What a `/v2/` URL asks for, for the notes: the list, a row's series, a one-day clock probe, a live reading. */
export function requestKind(url: string): 'list' | 'series' | 'probe' | 'now' | 'other' {
  const parsed = new URL(url, 'http://x');
  if (/^\/v2\/locations\/?$/.test(parsed.pathname)) return 'list';
  if (/^\/v2\/locations\/[^/]+\/now$/.test(parsed.pathname)) return 'now';
  if (METRIC_PATH.test(parsed.pathname)) {
    return parsed.searchParams.get('interval') === 'daily' && parsed.searchParams.get('limit') === '1'
      ? 'probe'
      : 'series';
  }
  return 'other';
}

export interface PortfolioRun {
  path: string;
  /** Navigation start → the count shows every location. */
  listedMs: number;
  /** Navigation start → the first PORTFOLIO_FIRST_ROWS rows in the DOM have their figures. */
  firstRowsMs: number;
  /** Navigation start → every listed row has its figures (status line) and the count is the expected one. */
  allRowsMs: number;
  /** Navigation start → the first `/v2/` request (resource timing). */
  firstRequestMs: number;
  /** `/v2/` requests the page made until every row had its figures (Playwright's request events). */
  requests: number;
  /** Of those, ended by `requestfailed` (aborted, e.g. a row no longer wanted) by then. */
  failedRequests: number;
  /** The most `/v2/` requests in flight at once until then (request → requestfinished/requestfailed). */
  peakInFlight: number;
  /** Completed `/v2/` requests started before every row had its figures, in start order (path + query). */
  urls: string[];
  /** `urls` by requestKind. */
  kinds: Record<string, number>;
  /** After every row had its figures: HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize. */
  heapAfterGcBytes: number;
  /** The longest long task that started before every row had its figures, and how many there were. */
  longestTaskMs: number;
  longTasks: number;
  longTasksTotalMs: number;
  pageErrors: string[];
  consoleErrors: string[];
}

/**
 * Loads the portfolio at `path` in a fresh context (nothing kept from an earlier visit), the browser clock at NOW,
 * and times its first rows and all of its rows; then the JS heap after GC.
 */
export async function measurePortfolio(
  browser: Browser,
  server: Server,
  path: string,
  expected: number,
): Promise<PortfolioRun> {
  const context = await newBenchContext(browser, server.baseUrl, portfolioInit(expected));
  try {
    const page = await context.newPage();
    await page.clock.install({ time: new Date(NOW) });
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 200));
    });

    const api = (url: string) => {
      const parsed = new URL(url);
      return parsed.origin === server.baseUrl && parsed.pathname.startsWith('/v2/');
    };
    const counts = { requests: 0, failed: 0, inFlight: 0, peak: 0 };
    let atAllRows: typeof counts | null = null;
    page.on('request', (request) => {
      if (!api(request.url())) return;
      counts.requests += 1;
      counts.inFlight += 1;
      counts.peak = Math.max(counts.peak, counts.inFlight);
    });
    page.on('requestfinished', (request) => {
      if (api(request.url())) counts.inFlight -= 1;
    });
    page.on('requestfailed', (request) => {
      if (!api(request.url())) return;
      counts.inFlight -= 1;
      counts.failed += 1;
    });
    // Called by the page the moment every row has its figures: the counts as they are then.
    await page.exposeFunction('__benchAllRows', () => {
      atAllRows ??= { ...counts };
    });

    await page.goto(path, { waitUntil: 'commit', timeout: PORTFOLIO_TIMEOUT });
    const started = Date.now();
    let state: PortfolioState | undefined;
    for (;;) {
      state = await page.evaluate(() => (window as PortfolioWindow).__benchPortfolio);
      if (!state) throw new Error('the portfolio init script did not run');
      if (state.allRowsAt !== null && state.firstRowsAt !== null && atAllRows !== null) break;
      if (Date.now() - started > PORTFOLIO_TIMEOUT) {
        const rows = await page
          .locator('tr[data-location-id] [data-kpi="average-utilization"]')
          .evaluateAll((cells) => cells.slice(0, 3).map((cell) => (cell.textContent ?? '').trim()));
        throw new Error(
          `${page.url()}: rows not filled after ${PORTFOLIO_TIMEOUT / 1000} s (listed ${state.listedAt !== null}, ` +
            `first rows ${state.firstRowsAt !== null}, all rows ${state.allRowsAt !== null}; ${counts.requests} ` +
            `API requests, ${counts.inFlight} in flight; first cells: ${rows.join(' / ') || 'none'}); ` +
            (await describePage(page, pageErrors)),
        );
      }
      await page.waitForTimeout(POLL_MS);
    }
    const allRowsAt = state.allRowsAt!;
    const done: { requests: number; failed: number; inFlight: number; peak: number } = atAllRows;

    const resources = await page.evaluate((until) => {
      const native = (window as PortfolioWindow).__bench!.native;
      return (native.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/v2/') && entry.startTime <= until)
        .filter((entry) => entry.responseEnd > 0 && entry.responseStatus !== 0)
        .sort((a, b) => a.startTime - b.startTime)
        .map((entry) => ({ url: new URL(entry.name).pathname + new URL(entry.name).search, start: entry.startTime }));
    }, allRowsAt);
    const urls = resources.map((resource) => resource.url);
    const kinds: Record<string, number> = {};
    for (const url of urls) kinds[requestKind(url)] = (kinds[requestKind(url)] ?? 0) + 1;
    const tasks = longTaskStats((await longTasksOf(page)).tasks.filter(([start]) => start <= allRowsAt));

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGcBytes = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await cdp.detach();

    return {
      path,
      listedMs: state.listedAt ?? NaN,
      firstRowsMs: state.firstRowsAt!,
      allRowsMs: allRowsAt,
      firstRequestMs: resources[0]?.start ?? NaN,
      requests: done.requests,
      failedRequests: done.failed,
      peakInFlight: done.peak,
      urls,
      kinds,
      heapAfterGcBytes,
      longestTaskMs: tasks.longestMs,
      longTasks: tasks.count,
      longTasksTotalMs: tasks.totalMs,
      pageErrors,
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}

export interface PoolFloorRun {
  /** Navigation start of the blank page → the last response's body read. */
  ms: number;
  /** Navigation start of the blank page → its first `/v2/` request (resource timing startTime). */
  firstRequestMs: number;
  /** Navigation start of the blank page → the end of its last `/v2/` response (resource timing responseEnd). */
  lastResponseEndMs: number;
  requests: number;
  workers: number;
}

/**
 * The floor of a load of independent requests: `urls` (path + query) fetched from a blank same-origin page of a
 * fresh context by `workers` workers taking the next URL of the list (so at most `workers` in flight), each body
 * read as JSON, with `Authorization: Bearer <token of /config.json>`; timed from the blank page's navigation start
 * (the loop starts as its document is created: runFloor).
 */
export async function measurePoolFloor(
  browser: Browser,
  server: Server,
  urls: string[],
  workers = PORTFOLIO_WORKERS,
): Promise<PoolFloorRun> {
  const floor = await floorPage(browser, server, { kind: 'pool', urls, workers, api: '^/v2/' }, PORTFOLIO_TIMEOUT);
  return {
    ms: floor.ms,
    firstRequestMs: floor.firstRequestMs,
    lastResponseEndMs: floor.lastResponseEndMs,
    requests: floor.requests,
    workers,
  };
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
