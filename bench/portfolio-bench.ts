import type { Browser } from '@playwright/test';

import { NOW, type Server } from './bench-server';
import { floorPage } from './floor';
import {
  type BenchWindow,
  describePage,
  INIT_SCRIPT,
  longTasksOf,
  longTaskStats,
  METRIC_PATH,
  newBenchContext,
  POLL_MS,
} from './page-probes';

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
