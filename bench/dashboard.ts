/**
 * Benchmark of the dashboard in Chromium: the built app served by `vite preview` with the simulator mounted
 * (as `npm start` serves it), a year of 15-minute occupancy for the 24/7 Main Concourse (location 11: ~35k
 * windows, ~35 pages of 1000) against a short view (location 21, the last 7 days, daily).
 *
 * Times are read in the page, from navigation start (performance.timeOrigin):
 * - first page: the status first says "Loading page 2 of about …" (or "… loaded" when there is one page);
 * - pages loaded: the status says "N pages loaded";
 * - chart drawn: the LAST `chart-finished` mark (src/charts/chart.tsx marks each ECharts 'finished' event)
 *   once the series is whole and the chart has gone quiet;
 * - draw alone ≈ chart drawn − pages loaded: approximate, since the moment the status changes is not exactly
 *   the moment the chart gets the whole series (same React commit; the drawing follows in a later frame).
 *   ECharts fires 'finished' after its animation, and it animates small series (src/charts/options.ts), so for
 *   the short view this includes the entry animation; the year view is a large series, not animated.
 *
 * The browser clock is fixed as in the end-to-end tests (`page.clock.install`). Playwright's fake clock
 * replaces `window.performance` with a stand-in whose `mark()` records nothing, so an init script forwards
 * marks to the real Performance object and times everything with the real `performance.now()`. The fake clock
 * also drives requestAnimationFrame and timers, which ECharts' drawing goes through.
 *
 * Prints figures and ratios of one run; asserts nothing about time. Run: tsx bench/dashboard.ts
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { chromium, type Browser, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

import { CHROMIUM_ARGS, systemChromium } from '../e2e/browser-path.mjs';
import { ensureBuild, ROOT } from './bundle-size';

const HOST = '127.0.0.1';
const PORT = 4330;
const BASE_URL = `http://${HOST}:${PORT}`;
const NOW = '2026-11-18T15:30:00Z';
const SIMULATOR_ARGS = `--now ${NOW}`;
const RUNS = 3;
const YEAR_PATH = '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
const SHORT_PATH = '/locations/21/occupancy';
const FIGURE_NAME = /Occupancy of .+, \d+ windows/;

/** Bounds of every wait (ms). */
const LOAD_TIMEOUT = 120_000;
const CHART_TIMEOUT = 60_000;
/** The chart counts as quiet after this long without a new `chart-finished` mark… */
const QUIET_MS = 1_500;
/** …checked at most this many times. */
const MAX_QUIET_CHECKS = 20;

/** What the init script keeps in the page (times are real `performance.now()`, ms since timeOrigin). */
interface BenchState {
  native: Performance;
  firstPageAt: number | null;
  pagesLoadedAt: number | null;
  pagesLoadedText: string | null;
  /** When the init script clicked "Load all N pages anyway" (a large-request confirmation), if it did. */
  confirmedAt: number | null;
  lastStatus: string | null;
}

type BenchWindow = Window & { __bench?: BenchState; __pwClock?: { builtins: { performance?: Performance } } };

/**
 * Runs in the page before any of its scripts. Serialized by Playwright: it may use nothing from this module.
 */
function instrumentPage(): void {
  const w = window as BenchWindow;
  // Whichever init script runs first, this is the browser's own Performance object.
  const native = w.__pwClock?.builtins.performance ?? w.performance;
  const state: BenchState = {
    native,
    firstPageAt: null,
    pagesLoadedAt: null,
    pagesLoadedText: null,
    confirmedAt: null,
    lastStatus: null,
  };
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

  const observe = () => {
    const now = native.now();
    for (const element of document.querySelectorAll('[role="status"]')) {
      const text = (element.textContent ?? '').trim();
      const loaded = /^\d+ pages? loaded$/.test(text);
      if (state.firstPageAt === null && (loaded || /^Loading page ([2-9]|\d{2,}) of about/.test(text))) {
        state.firstPageAt = now;
      }
      if (state.pagesLoadedAt === null && loaded) {
        state.pagesLoadedAt = now;
        state.pagesLoadedText = text;
      }
      if (/^(Loading page|\d+ pages? loaded)/.test(text)) state.lastStatus = text;
    }
    if (state.confirmedAt === null && state.pagesLoadedAt === null) {
      const proceed = [...document.querySelectorAll('button')].find((button) =>
        /^Load all \d+ pages anyway$/.test((button.textContent ?? '').trim()),
      );
      if (proceed) {
        state.confirmedAt = now;
        proceed.click();
      }
    }
  };
  new MutationObserver(observe).observe(document, { subtree: true, childList: true, characterData: true });
}

export interface ViewRun {
  path: string;
  windows: number;
  pages: number;
  /** ms from navigation start */
  firstPageMs: number;
  pagesLoadedMs: number;
  chartDrawnMs: number;
  /** chartDrawnMs − pagesLoadedMs (approximate) */
  drawAloneMs: number;
  /** `chart-finished` marks after the pages were loaded (the last one is chartDrawnMs) */
  finishedMarksAfterLoad: number;
  confirmedMs: number | null;
  /** Runtime.getHeapUsage usedSize after load, and after a forced garbage collection (bytes) */
  heapUsedBytes: number;
  heapUsedAfterGcBytes: number;
}

export interface DashboardBenchResult {
  year: ViewRun[];
  yearMedian: ViewRun;
  short: ViewRun;
}

async function measureView(browser: Browser, path: string): Promise<ViewRun> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    // As a string with a local `__name`: tsx compiles this module with esbuild's keepNames, which wraps
    // named functions in `__name(…)`, a helper the page does not have.
    await context.addInitScript({
      content: `(() => { const __name = (f) => f; (${instrumentPage.toString()})(); })();`,
    });
    const page = await context.newPage();
    await page.clock.install({ time: new Date(NOW) });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(path, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    if (!(await page.evaluate(() => (window as BenchWindow).__bench !== undefined))) {
      throw new Error(`${path}: the bench init script did not run (${errors.join('; ') || 'no page error'})`);
    }
    await waitInPage(page, () => (window as BenchWindow).__bench?.pagesLoadedAt != null, LOAD_TIMEOUT, errors);
    const figure = page.getByRole('figure', { name: FIGURE_NAME });
    await figure.waitFor({ state: 'visible', timeout: CHART_TIMEOUT });
    await waitInPage(
      page,
      () => {
        const state = (window as BenchWindow).__bench;
        if (!state || state.pagesLoadedAt === null) return false;
        const loadedAt = state.pagesLoadedAt;
        return state.native.getEntriesByName('chart-finished').some((mark) => mark.startTime > loadedAt);
      },
      CHART_TIMEOUT,
      errors,
    );
    // Wait until no new chart-finished mark comes for QUIET_MS (bounded), then take the last one.
    let marks = await finishedMarks(page);
    for (let check = 0; check < MAX_QUIET_CHECKS; check++) {
      await page.waitForTimeout(QUIET_MS);
      const now = await finishedMarks(page);
      if (now.length === marks.length) break;
      marks = now;
    }

    const state = await page.evaluate(() => {
      const s = (window as BenchWindow).__bench;
      if (!s) throw new Error('the bench init script did not run');
      return {
        firstPageAt: s.firstPageAt,
        pagesLoadedAt: s.pagesLoadedAt,
        pagesLoadedText: s.pagesLoadedText,
        confirmedAt: s.confirmedAt,
      };
    });
    const { firstPageAt, pagesLoadedAt, pagesLoadedText } = state;
    if (firstPageAt === null || pagesLoadedAt === null || pagesLoadedText === null) {
      throw new Error(`${path}: the status never said the pages were loaded`);
    }
    const after = marks.filter((time) => time > pagesLoadedAt);
    const chartDrawnMs = after.at(-1);
    if (chartDrawnMs === undefined) throw new Error(`${path}: no chart-finished mark after the pages were loaded`);
    const summary = (await figure.getAttribute('aria-label')) ?? '';

    const cdp = await context.newCDPSession(page);
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
    await cdp.detach();
    if (errors.length > 0) console.warn(`${path}: page errors: ${errors.join('; ')}`);

    return {
      path,
      windows: Number(/(\d+) windows?/.exec(summary)?.[1] ?? NaN),
      pages: Number(/^(\d+)/.exec(pagesLoadedText)?.[1] ?? NaN),
      firstPageMs: firstPageAt,
      pagesLoadedMs: pagesLoadedAt,
      chartDrawnMs,
      drawAloneMs: chartDrawnMs - pagesLoadedAt,
      finishedMarksAfterLoad: after.length,
      confirmedMs: state.confirmedAt,
      heapUsedBytes: heap,
      heapUsedAfterGcBytes: heapAfterGc,
    };
  } finally {
    await context.close();
  }
}

/** Polls a condition in the page every 100 ms, up to `timeout`; names the last status on failure. */
async function waitInPage(page: Page, condition: () => boolean, timeout: number, errors: string[]): Promise<void> {
  try {
    await page.waitForFunction(condition, undefined, { timeout, polling: 100 });
  } catch (error) {
    const status = await page.evaluate(() => (window as BenchWindow).__bench?.lastStatus ?? null).catch(() => null);
    const detail = `last status: ${status ?? 'none'}${errors.length > 0 ? `; page errors: ${errors.join('; ')}` : ''}`;
    throw new Error(`${page.url()}: ${(error as Error).message.split('\n')[0]} (${detail})`, { cause: error });
  }
}

function finishedMarks(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    ((window as BenchWindow).__bench?.native.getEntriesByName('chart-finished') ?? []).map((mark) => mark.startTime),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Field by field median of the runs (each figure on its own, so the row is not one real run). */
function medianRun(runs: ViewRun[]): ViewRun {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  const of = (pick: (run: ViewRun) => number) => median(runs.map(pick));
  return {
    path: first.path,
    windows: first.windows,
    pages: first.pages,
    firstPageMs: of((run) => run.firstPageMs),
    pagesLoadedMs: of((run) => run.pagesLoadedMs),
    chartDrawnMs: of((run) => run.chartDrawnMs),
    drawAloneMs: of((run) => run.drawAloneMs),
    finishedMarksAfterLoad: of((run) => run.finishedMarksAfterLoad),
    confirmedMs: first.confirmedMs === null ? null : of((run) => run.confirmedMs ?? NaN),
    heapUsedBytes: of((run) => run.heapUsedBytes),
    heapUsedAfterGcBytes: of((run) => run.heapUsedAfterGcBytes),
  };
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

function printRun(label: string, run: ViewRun): void {
  console.log(
    `${label.padEnd(11)} | ${String(run.windows).padStart(6)} | ${String(run.pages).padStart(5)} | ` +
      `${run.firstPageMs.toFixed(0).padStart(10)} | ${run.pagesLoadedMs.toFixed(0).padStart(12)} | ` +
      `${run.chartDrawnMs.toFixed(0).padStart(11)} | ${run.drawAloneMs.toFixed(0).padStart(13)} | ` +
      `${mb(run.heapUsedBytes).padStart(9)} | ${mb(run.heapUsedAfterGcBytes).padStart(12)}` +
      (run.confirmedMs === null ? '' : ` (confirmed the large request at ${run.confirmedMs.toFixed(0)} ms)`),
  );
}

export function printDashboard(result: DashboardBenchResult): void {
  console.log(
    'view        | windows| pages | first page | pages loaded | chart drawn | draw alone(≈) | heap (MB) | heap GC (MB)',
  );
  result.year.forEach((run, index) => printRun(`year run ${index + 1}`, run));
  printRun('year median', result.yearMedian);
  printRun('short', result.short);
  const { yearMedian: year, short } = result;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  console.log(
    `year/short (year median): first page ${ratio(year.firstPageMs, short.firstPageMs)}, pages loaded ` +
      `${ratio(year.pagesLoadedMs, short.pagesLoadedMs)}, chart drawn ${ratio(year.chartDrawnMs, short.chartDrawnMs)}, ` +
      `heap after GC ${ratio(year.heapUsedAfterGcBytes, short.heapUsedAfterGcBytes)}`,
  );
  console.log(
    'note: ECharts animates small series and fires "finished" when the animation ends, so the short view\'s ' +
      '"chart drawn" includes its entry animation; the year view (large series) is not animated.',
  );
}

/** Builds if needed, serves dist/ with the simulator on 127.0.0.1:4330, measures in Chromium, prints, returns. */
export async function runDashboardBench(): Promise<DashboardBenchResult> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  ensureBuild();
  // The simulator plugin reads SIMULATOR_ARGS when the preview server starts.
  const previousArgs = process.env.SIMULATOR_ARGS;
  process.env.SIMULATOR_ARGS = SIMULATOR_ARGS;
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      preview: { host: HOST, port: PORT, strictPort: true, open: false },
    });
    const executablePath = systemChromium();
    browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
    console.log(
      `Dashboard at ${BASE_URL} (simulator ${SIMULATOR_ARGS}), Chromium ${browser.version()}` +
        `${executablePath ? ` at ${executablePath}` : ''}; browser clock fixed at ${NOW}`,
    );
    console.log(`year:  ${YEAR_PATH} (${RUNS} runs, each in a fresh browser context; run 1 meets a cold simulator)`);
    console.log(`short: ${SHORT_PATH} (last 7 days, daily; 1 run)`);
    console.log('times in ms from navigation start; draw alone = chart drawn − pages loaded (approximate)');
    const year: ViewRun[] = [];
    for (let run = 0; run < RUNS; run++) year.push(await measureView(browser, YEAR_PATH));
    const short = await measureView(browser, SHORT_PATH);
    const result = { year, yearMedian: medianRun(year), short };
    printDashboard(result);
    return result;
  } finally {
    await browser?.close();
    await server?.close();
    if (previousArgs === undefined) delete process.env.SIMULATOR_ARGS;
    else process.env.SIMULATOR_ARGS = previousArgs;
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (isMain()) {
  // A last bound: whatever hangs, the script ends (the browser and server go with the process).
  setTimeout(() => {
    console.error('dashboard bench: gave up after 15 minutes');
    process.exit(2);
  }, 900_000).unref();
  runDashboardBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
