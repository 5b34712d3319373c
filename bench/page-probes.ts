/**
 * What the benches read from a page: the init script that forwards marks and keeps long tasks (instrumentPage), the
 * API traffic and its cursor chains, and when a view has settled (bench/dashboard.ts says how each is timed).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

import { NOW, type Server } from './bench-server';

/** Bounds of every wait (ms). */
export const VIEW_TIMEOUT = 120_000;
/** A view has settled after this long without a new API request or `chart-finished` mark, none in flight. */
const QUIET_MS = 1_000;
export const POLL_MS = 100;

/** `/v2/locations/{id}/{metric}`: the series endpoints (not `/locations/{id}` or `/locations/{id}/now`). */
export const METRIC_PATH = /^\/v2\/locations\/[^/]+\/(?!now$)[^/]+$/;

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

export type BenchWindow = Window & { __bench?: BenchState; __pwClock?: { builtins: { performance?: Performance } } };

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
export const INIT_SCRIPT = `globalThis.__name ??= (f) => f; (${instrumentPage.toString()})();`;
export const NAME_SHIM = 'globalThis.__name ??= (f) => f;';

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
export function longTasksOf(page: Page): Promise<{ now: number; tasks: [number, number][] }> {
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

export interface Traffic {
  /** Metric API requests in order: path + query, and the Authorization header sent. */
  requests: { url: string; authorization: string | null }[];
  inflight: number;
  /** Same-origin .js files the page fetched (path inside dist, e.g. `assets/index-x.js`). */
  scripts: Set<string>;
}

export function watchTraffic(page: Page, baseUrl: string): Traffic {
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
export async function describePage(page: Page, errors: string[]): Promise<string> {
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
export async function settle(
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

export async function newBenchContext(browser: Browser, baseUrl: string, init: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addInitScript({ content: init });
  return context;
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
