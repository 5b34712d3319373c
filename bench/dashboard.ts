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
 * The parts: the server and browser (bench-server.ts), what is read from a page (page-probes.ts), the floor
 * (floor.ts), the portfolio's rows (portfolio-bench.ts); this module times a chart view.
 *
 * Run: npm run bench (bench/run.ts), or tsx bench/dashboard.ts for one pass over the year view.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import type { Browser, Page } from '@playwright/test';

import { ensureBuild } from './bundle-size';
import { launchBrowser, NOW, type Server, startServer } from './bench-server';
import { measureFloor } from './floor';
import {
  type BenchWindow,
  type Chain,
  chainsOf,
  INIT_SCRIPT,
  longTasksOf,
  type LongTaskStats,
  longTaskStats,
  newBenchContext,
  settle,
  type Traffic,
  VIEW_TIMEOUT,
  watchTraffic,
} from './page-probes';

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
