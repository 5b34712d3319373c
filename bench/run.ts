/**
 * All benchmarks, then ONE summary table: the dashboard against its floor (bench/dashboard.ts), medians of
 * BENCH_RUNS runs (default 5) after a warm-up pass (BENCH_WARMUP=0 skips it), plus the bundle size
 * (bench/bundle-size.ts) and the simulator alone (bench/simulator.ts; BENCH_SIMULATOR=0 skips it).
 *
 * Every time is in ms from a page's navigation start (performance.timeOrigin), the dashboard's and the floor's
 * alike. The floor of a chart row: a new page of a fresh context navigated to a blank same-origin URL
 * (/config.json) that fetches the token and walks the cursor chains the dashboard requested, one after another,
 * until the last response's body is read.
 *
 * Rows (location 11, the 24/7 Main Concourse; the browser clock and the simulator at NOW):
 *  1. a year of 15-minute occupancy, simulator at no latency: navigation → chart drawn (the last `chart-finished`
 *     mark once settled), against the floor's navigation → last body read;
 *  2. the same, simulator at --latency 50 (a second preview server);
 *  3. 90 days at the finest interval of each metric (3a–3d), as row 1;
 *  each chart row V (1, 2, 3a–3d) has sub-rows (ids 1f, 2f, 3a-f, …):
 *     Vf. the first metric API request (resource timing startTime), the dashboard's and the floor's;
 *     Vg. the last metric API response's end (resource timing responseEnd), the dashboard's and the floor's;
 *     Vh. the final draw: chart drawn (row V) − the last response's end (Vg);
 *  and rows 1 and 2, the long tasks of the load (navigation → settled; every long task is over 50 ms):
 *     Vi. the longest long task, with how many there were and their sum;
 *     Vj. the longest of those that ended by the last response's end (the streaming phase);
 *     Vk. the longest of those that ended after it (the final draw);
 *  4. a filter change on cached data → repaint (the year of row 1: Interval to another value and back);
 *  5. the JS heap after GC with the year of row 1 loaded;
 *  6. shipped JS per route, gzip (6a the landing, 6b a metric page);
 *  7. the portfolio (/portfolio) at 1,666 locations (simulator --portfolio 1500; a third and fourth preview server,
 *     at no latency and at --latency 50): navigation → the first 20 rows filled, → every row filled (against a
 *     floor: the same requests from a blank page navigated to fresh, 6 at a time, navigation → last body read),
 *     requests made and peak in flight, the JS heap after GC once loaded, the longest long task of the load (7a–7j:
 *     latency 0 and 50 ms side by side).
 * Each pass runs every view once and its floor right after it, so a row's floor is measured in the same run; the
 * ratio is the median of the per-run ratios dashboard/floor. Asserts nothing about time; exits 1 if a view failed.
 *
 * Run: npm run bench (tsx bench/run.ts); BENCH_RUNS=3 npm run bench for a shorter run. BENCH_PORTFOLIO=0 skips the
 * portfolio rows; BENCH_ONLY=portfolio runs only them (no bundle, simulator or chart rows). Last, Lighthouse on the four
 * main pages, mobile and desktop (bench/lighthouse.ts, `npm run lighthouse`; BENCH_LIGHTHOUSE=0 leaves it out).
 */
import { cpus, loadavg } from 'node:os';

import type { Browser } from '@playwright/test';

import { ensureBuild, kb, runBundleBench, sizeInDist, type BundleReport } from './bundle-size';
import {
  launchBrowser,
  measureDashboard,
  measureFloor,
  measurePoolFloor,
  measurePortfolio,
  NOW,
  PORTFOLIO_FIRST_ROWS,
  PORTFOLIO_WORKERS,
  scriptsOfRoute,
  startServer,
  type DashboardRun,
  type FloorRun,
  type LongTaskStats,
  type PoolFloorRun,
  type PortfolioRun,
  type Server,
} from './dashboard';
import { keepInHistory, lighthouseBench, printLighthouse } from './lighthouse';
import { runSimulatorBench } from './simulator';

const DIST = 'node_modules/.cache/bench-dist';
const PORT = 4330;
const SLOW_PORT = 4331;
/** Row 2: the year at this simulator latency (`--latency`). */
const LATENCY_MS = 50;
const PORTFOLIO_PORT = 4332;
const PORTFOLIO_SLOW_PORT = 4333;
const PORTFOLIO_LATENCY_MS = 50;
/** Simulator --portfolio 1500: 1,500 generated spaces in 125 buildings and 28 campuses, and the 13 built-in ones. */
const PORTFOLIO_SPACES = 1500;
const PORTFOLIO_LOCATIONS = 1666;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name}=${raw}: expected a positive integer`);
  return Number(raw);
}

const RUNS = positiveInteger('BENCH_RUNS', 5);
const WARMUP = process.env.BENCH_WARMUP !== '0';
const ONLY = process.env.BENCH_ONLY ?? '';
/** `npm run lighthouse` after the rest (bench/lighthouse.ts), unless BENCH_LIGHTHOUSE=0 or BENCH_ONLY is set. */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0' && ONLY === '';
const LIGHTHOUSE_RUNS = positiveInteger('LIGHTHOUSE_RUNS', 3);
if (ONLY !== '' && ONLY !== 'portfolio') throw new Error(`BENCH_ONLY=${ONLY}: expected portfolio (or nothing)`);
const PORTFOLIO = process.env.BENCH_PORTFOLIO !== '0';
if (ONLY === 'portfolio' && !PORTFOLIO) throw new Error('BENCH_ONLY=portfolio with BENCH_PORTFOLIO=0: nothing to run');
const CHARTS = ONLY === '';

const YEAR = '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
const DAYS_90 = 'from=2026-08-20&to=2026-11-17';

interface View {
  id: string;
  label: string;
  path: string;
  slow?: boolean;
  /** Also the heap (row 5) and the repaint (row 4) in this view's runs. */
  extras?: boolean;
  /** Long tasks of the load in the summary (rows Vi–Vk). */
  longTasks?: boolean;
}

const VIEWS: View[] = [
  { id: '1', label: 'year, 15 min, occupancy', path: YEAR, extras: true, longTasks: true },
  { id: '2', label: `year, 15 min, occupancy, latency ${LATENCY_MS} ms`, path: YEAR, slow: true, longTasks: true },
  { id: '3a', label: '90 days, occupancy 15 min', path: `/locations/11/occupancy?${DAYS_90}&interval=15min` },
  { id: '3b', label: '90 days, traffic 60 min', path: `/locations/11/traffic?${DAYS_90}&interval=60min` },
  { id: '3c', label: '90 days, dwell time daily', path: `/locations/11/dwell-time?${DAYS_90}&interval=daily` },
  { id: '3d', label: '90 days, availability 60 min', path: `/locations/11/availability?${DAYS_90}&interval=60min` },
];

interface Sample {
  dashboard: DashboardRun;
  floor: FloorRun;
}

interface PortfolioView {
  /** The rows' ids: [first rows, all rows, requests, heap, long task]. */
  ids: [string, string, string, string, string];
  label: string;
  slow: boolean;
}

const PORTFOLIO_PATH = '/portfolio';
const PORTFOLIO_VIEWS: PortfolioView[] = [
  { ids: ['7a', '7c', '7e', '7g', '7i'], label: 'portfolio', slow: false },
  { ids: ['7b', '7d', '7f', '7h', '7j'], label: `portfolio, latency ${PORTFOLIO_LATENCY_MS} ms`, slow: true },
];

interface PortfolioSample {
  dashboard: PortfolioRun;
  floor: PoolFloorRun;
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
const kB = (bytes: number) => `${kb(bytes).toFixed(1)} kB`;
const count = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const right = new Set([2, 3, 4]);
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (right.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(
    `|${widths.map((width, column) => (right.has(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
  );
  for (const row of body) console.log(line(row));
}

/** One view once, and its floor right after it; prints a line; a failure is returned, not thrown. */
async function sampleView(browser: Browser, server: Server, view: View, label: string, floor: boolean) {
  try {
    const dashboard = await measureDashboard(browser, server, view.path, {
      heap: view.extras === true,
      repaint: view.extras === true,
    });
    const floorRun = floor ? await measureFloor(browser, server, dashboard.chains) : null;
    const pages = dashboard.chains.reduce((sum, chain) => sum + chain.pages, 0);
    console.log(
      `${label} ${view.id.padEnd(3)} dashboard ${ms(dashboard.ms).padStart(8)} (${dashboard.requests} requests, ` +
        `${dashboard.chains.length} chain(s), ${pages} pages, ${dashboard.marks} chart-finished marks` +
        `${dashboard.confirmations ? ', large request confirmed' : ''})` +
        (floorRun
          ? `  floor ${ms(floorRun.ms).padStart(8)} (${floorRun.requests} requests)  ${times(dashboard.ms / floorRun.ms)}`
          : '') +
        (dashboard.repaint ? `  repaint ${ms(dashboard.repaint.ms)} (${dashboard.repaint.requests} requests)` : '') +
        (dashboard.repaintError ? `  repaint failed: ${dashboard.repaintError}` : '') +
        (dashboard.heapAfterGcBytes !== null ? `  heap ${(dashboard.heapAfterGcBytes / 1e6).toFixed(1)} MB` : ''),
    );
    const tasks = dashboard.longTasks;
    console.log(
      `    first request ${ms(dashboard.firstRequestMs)}, last response end ${ms(dashboard.lastResponseEndMs)}, ` +
        `chart drawn ${ms(dashboard.ms)}, final draw ${ms(dashboard.ms - dashboard.lastResponseEndMs)}` +
        (floorRun
          ? `; floor: first request ${ms(floorRun.firstRequestMs)}, last response end ` +
            `${ms(floorRun.lastResponseEndMs)}, last body read ${ms(floorRun.ms)}`
          : '') +
        (view.longTasks
          ? `; long tasks: ${tasks.load.count}, longest ${ms(tasks.load.longestMs)}; streaming longest ` +
            `${ms(tasks.streaming.longestMs)} (${tasks.streaming.count}), final draw longest ` +
            `${ms(tasks.finalDraw.longestMs)} (${tasks.finalDraw.count})`
          : ''),
    );
    if (dashboard.pageErrors.length > 0) console.warn(`    page errors: ${dashboard.pageErrors.join('; ')}`);
    return floorRun ? { dashboard, floor: floorRun } : null;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    console.error(`${label} ${view.id.padEnd(3)} FAILED: ${message}`);
    return new Error(message);
  }
}

/** The portfolio once, and its floor right after it; prints a line; a failure is returned, not thrown. */
async function samplePortfolio(
  browser: Browser,
  server: Server,
  view: PortfolioView,
  label: string,
  floor: boolean,
): Promise<PortfolioSample | Error | null> {
  const id = `${view.ids[0]}/${view.ids[1]}`;
  try {
    const dashboard = await measurePortfolio(browser, server, PORTFOLIO_PATH, PORTFOLIO_LOCATIONS);
    const floorRun = floor ? await measurePoolFloor(browser, server, dashboard.urls) : null;
    console.log(
      `${label} ${id} first ${PORTFOLIO_FIRST_ROWS} rows ${ms(dashboard.firstRowsMs)}, all rows ` +
        `${ms(dashboard.allRowsMs)} (${dashboard.requests} requests, peak ${dashboard.peakInFlight} in flight, ` +
        `heap ${(dashboard.heapAfterGcBytes / 1e6).toFixed(1)} MB, longest task ${ms(dashboard.longestTaskMs)})` +
        (floorRun
          ? `  floor ${ms(floorRun.ms)} (${floorRun.requests} requests)  ${times(dashboard.allRowsMs / floorRun.ms)}`
          : ''),
    );
    if (dashboard.pageErrors.length > 0) console.warn(`    page errors: ${dashboard.pageErrors.join('; ')}`);
    if (dashboard.consoleErrors.length > 0) {
      console.warn(
        `    console errors (${dashboard.consoleErrors.length}): ${dashboard.consoleErrors.slice(0, 3).join('; ')}`,
      );
    }
    return floorRun ? { dashboard, floor: floorRun } : null;
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    console.error(`${label} ${id} FAILED: ${message}`);
    return new Error(message);
  }
}

/** The portfolio's rows of the summary table. */
function portfolioRows(view: PortfolioView, samples: PortfolioSample[], failure: string | undefined): string[][] {
  const [firstId, allId, requestsId, heapId, taskId] = view.ids;
  const measures = [
    `${view.label}: first ${PORTFOLIO_FIRST_ROWS} rows filled`,
    `${view.label}: all rows filled`,
    `${view.label}: requests made / peak in flight`,
    `${view.label}: JS heap after GC, all rows loaded`,
    `${view.label}: longest long task of the load`,
  ];
  const ids = [firstId, allId, requestsId, heapId, taskId];
  if (samples.length === 0) {
    return ids.map((id, index) => [id, measures[index]!, 'failed', 'n/a', 'n/a', failure?.slice(0, 160) ?? 'no run']);
  }
  const of = (pick: (sample: PortfolioSample) => number) => median(samples.map(pick));
  const last = samples.at(-1)!.dashboard;
  const kinds = Object.entries(last.kinds)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${count(n)} ${kind}`)
    .join(', ');
  const short = samples.length < RUNS ? `; ${RUNS - samples.length} run(s) failed` : '';
  const errors = samples.reduce((sum, s) => sum + s.dashboard.pageErrors.length + s.dashboard.consoleErrors.length, 0);
  return [
    [
      firstId,
      measures[0]!,
      ms(of((s) => s.dashboard.firstRowsMs)),
      'n/a',
      'n/a',
      `list of ${count(PORTFOLIO_LOCATIONS)} shown at ${ms(of((s) => s.dashboard.listedMs))}; first API request at ` +
        `${ms(of((s) => s.dashboard.firstRequestMs))}` +
        short,
    ],
    [
      allId,
      measures[1]!,
      ms(of((s) => s.dashboard.allRowsMs)),
      ms(of((s) => s.floor.ms)),
      times(of((s) => s.dashboard.allRowsMs / s.floor.ms)),
      `floor: the ${count(last.urls.length)} completed requests (${kinds}) by ${PORTFOLIO_WORKERS} workers; its first ` +
        `request at ${ms(of((s) => s.floor.firstRequestMs))}, its last response end at ` +
        `${ms(of((s) => s.floor.lastResponseEndMs))}` +
        (errors > 0 ? `; ${errors} page/console error(s)` : '') +
        short,
    ],
    [
      requestsId,
      measures[2]!,
      `${count(of((s) => s.dashboard.requests))} / ${count(of((s) => s.dashboard.peakInFlight))}`,
      `${count(of((s) => s.floor.requests))} / ${PORTFOLIO_WORKERS}`,
      'n/a',
      `/v2/ requests until all rows filled; peak in flight up to ${Math.max(...samples.map((s) => s.dashboard.peakInFlight))} ` +
        `(Playwright's events, the limiter allows ${PORTFOLIO_WORKERS}); ` +
        `${count(of((s) => s.dashboard.failedRequests))} failed or aborted`,
    ],
    [
      heapId,
      measures[3]!,
      `${(of((s) => s.dashboard.heapAfterGcBytes) / 1e6).toFixed(1)} MB`,
      'n/a',
      'n/a',
      'HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize',
    ],
    [
      taskId,
      measures[4]!,
      samples.every((s) => s.dashboard.longTasks === 0) ? 'none' : ms(of((s) => s.dashboard.longestTaskMs)),
      'n/a',
      'n/a',
      `up to ${ms(Math.max(...samples.map((s) => s.dashboard.longestTaskMs)))}; ` +
        `${count(of((s) => s.dashboard.longTasks))} long task(s) over 50 ms, ${ms(of((s) => s.dashboard.longTasksTotalMs))} in all`,
    ],
  ];
}

/** Summary notes of a view's samples: what the dashboard fetched against what the floor walked. */
function fetchNotes(samples: Sample[]): string {
  const last = samples.at(-1)!;
  const d = last.dashboard;
  const pages = d.chains.reduce((sum, chain) => sum + chain.pages, 0);
  const notes = [
    `first API request at ${ms(median(samples.map((sample) => sample.dashboard.firstRequestMs)))}`,
    `${pages} pages in ${d.chains.length} chain(s)`,
    `dashboard ${d.requests} req., floor ${last.floor.requests}`,
  ];
  if (d.repeats > 0) notes.push(`${d.repeats} first page(s) requested again`);
  if (d.orphans > 0) notes.push(`${d.orphans} chain(s) started from a cursor`);
  if (last.floor.shorter > 0) notes.push(`has_more ended ${last.floor.shorter} floor chain(s) sooner`);
  if (d.confirmations > 0) notes.push('"Load all … anyway" clicked');
  if (samples.some((sample) => sample.dashboard.markBeforeLastResponse)) {
    notes.push('last chart-finished before the last response');
  }
  return notes.join('; ');
}

async function main(): Promise<void> {
  const heading = (title: string) => console.log(`\n== ${title} ==`);
  console.log(`Machine: ${cpus().length} cores, load average ${load()} (1, 5, 15 min)`);
  console.log(
    `Runs: ${RUNS}${WARMUP ? ' after a warm-up pass' : ''} (BENCH_RUNS, BENCH_WARMUP)` +
      (ONLY ? `; only ${ONLY} (BENCH_ONLY)` : '') +
      (PORTFOLIO ? '' : '; no portfolio rows (BENCH_PORTFOLIO=0)'),
  );

  ensureBuild(DIST);
  let bundle: BundleReport | null = null;
  if (CHARTS) {
    heading('Bundle size');
    bundle = runBundleBench(DIST);
  }

  if (CHARTS && process.env.BENCH_SIMULATOR !== '0') {
    heading('Simulator alone: a year at 15 minutes through the API');
    await runSimulatorBench();
  }

  heading('Dashboard against its floor, in Chromium');
  const args = `--now ${NOW}`;
  const servers: Server[] = [];
  const start = async (port: number, simulatorArgs: string) => {
    const server = await startServer(port, simulatorArgs, DIST);
    servers.push(server);
    return server;
  };
  let browser: Browser | undefined;
  const samples = new Map<string, Sample[]>(VIEWS.map((view) => [view.id, []]));
  const failures = new Map<string, string>();
  const portfolioSamples = new Map<PortfolioView, PortfolioSample[]>(PORTFOLIO_VIEWS.map((view) => [view, []]));
  const portfolioFailures = new Map<PortfolioView, string>();
  let landingScripts: string[] | Error = new Error('not measured');
  try {
    const fast = CHARTS ? await start(PORT, args) : null;
    const slow = CHARTS ? await start(SLOW_PORT, `${args} --latency ${LATENCY_MS}`) : null;
    const portfolioArgs = `${args} --portfolio ${PORTFOLIO_SPACES}`;
    const portfolioFast = PORTFOLIO ? await start(PORTFOLIO_PORT, portfolioArgs) : null;
    const portfolioSlow = PORTFOLIO
      ? await start(PORTFOLIO_SLOW_PORT, `${portfolioArgs} --latency ${PORTFOLIO_LATENCY_MS}`)
      : null;
    browser = await launchBrowser();
    console.log(
      `Chromium ${browser.version()}; ${servers.map((server) => `${server.baseUrl} (simulator ${server.simulatorArgs})`).join(', ')}; ` +
        `browser clock at ${NOW}`,
    );
    const views = fast && slow ? VIEWS : [];
    const portfolioViews = portfolioFast && portfolioSlow ? PORTFOLIO_VIEWS : [];
    for (const view of views) console.log(`  ${view.id.padEnd(3)} ${view.label}: ${view.path}`);
    for (const view of portfolioViews) console.log(`  ${view.ids.join('/')} ${view.label}: ${PORTFOLIO_PATH}`);
    const serverOf = (view: View) => (view.slow ? slow! : fast!);
    const portfolioServerOf = (view: PortfolioView) => (view.slow ? portfolioSlow! : portfolioFast!);
    if (WARMUP) {
      for (const view of views) await sampleView(browser, serverOf(view), view, 'warm-up', false);
      for (const view of portfolioViews)
        await samplePortfolio(browser, portfolioServerOf(view), view, 'warm-up', false);
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const view of views) {
        const sample = await sampleView(browser, serverOf(view), view, `run ${run}/${RUNS}`, true);
        if (sample instanceof Error) failures.set(view.id, sample.message);
        else if (sample) samples.get(view.id)!.push(sample);
      }
      for (const view of portfolioViews) {
        const sample = await samplePortfolio(browser, portfolioServerOf(view), view, `run ${run}/${RUNS}`, true);
        if (sample instanceof Error) portfolioFailures.set(view, sample.message);
        else if (sample) portfolioSamples.get(view)!.push(sample);
      }
    }
    if (fast) landingScripts = await scriptsOfRoute(browser, fast, '/').catch((error: unknown) => error as Error);
  } finally {
    await browser?.close();
    for (const server of servers) await server.close();
  }

  heading('Summary');
  const rows: string[][] = [['#', 'measure', 'dashboard', 'floor', 'ratio', 'notes']];
  if (CHARTS) chartRows(rows, samples, failures, landingScripts, bundle!);
  if (PORTFOLIO) {
    const portfolio = PORTFOLIO_VIEWS.flatMap((view) =>
      portfolioRows(view, portfolioSamples.get(view)!, portfolioFailures.get(view)),
    );
    // Latency 0 and 50 ms side by side: 7a 7b, 7c 7d, …
    rows.push(...portfolio.sort((a, b) => a[0]!.localeCompare(b[0]!)));
  }

  table(rows);
  if (CHARTS) {
    console.log(
      `Medians of ${RUNS} run(s)${WARMUP ? ' after a warm-up pass' : ''}. Dashboard: navigation start → last ` +
        'chart-finished mark once settled. Floor: a bare fetch loop on a blank same-origin page (/config.json, a new ' +
        'page of a fresh context) over the cursor chains the dashboard requested, one chain after another, navigation ' +
        'start → last body read. Vf, Vg: first request and last response end (resource timing), ms from navigation. ' +
        'Vh: chart drawn − last response end. Vi–Vk: long tasks from navigation until settled; streaming = ended by ' +
        'the last response end, final draw = ended after it. Ratio: median of the per-run ratios dashboard/floor.',
    );
  }
  if (PORTFOLIO) {
    console.log(
      `7a–7j: /portfolio, simulator --portfolio ${PORTFOLIO_SPACES} (${count(PORTFOLIO_LOCATIONS)} locations), latency 0 ` +
        `(a, c, e, g, i) and ${PORTFOLIO_LATENCY_MS} ms (b, d, f, h, j); medians of ${RUNS} run(s). Navigation start → ` +
        `the first ${PORTFOLIO_FIRST_ROWS} rows in the DOM have figures (no cell says "loading…" or "failed to load"), ` +
        `→ every row has (the status line no longer says "so far", count ${count(PORTFOLIO_LOCATIONS)}). Floor: the completed ` +
        `/v2/ requests the page started until then, fetched from a blank same-origin page by ${PORTFOLIO_WORKERS} ` +
        'workers, navigation start → last body read. Ratio: median of the per-run ratios.',
    );
  }
  if (LIGHTHOUSE) {
    heading('Lighthouse: the main pages as a phone and a laptop load them');
    const report = await lighthouseBench(LIGHTHOUSE_RUNS);
    printLighthouse(report, LIGHTHOUSE_RUNS);
    keepInHistory(report, LIGHTHOUSE_RUNS);
  }
  console.log(`Machine: ${cpus().length} cores, load average at the end ${load()}.`);
  if (failures.size > 0 || portfolioFailures.size > 0) process.exit(1);
}

/**
 * The sub-rows of a chart row V: Vf first request, Vg last response end, Vh final draw, and (view.longTasks) Vi–Vk
 * the long tasks of the load. Ids: the view's id and a letter (1f; 3a-f when the view's id ends in a letter).
 */
function timingRows(view: View, runs: Sample[]): string[][] {
  const id = (letter: string) => (/\d$/.test(view.id) ? `${view.id}${letter}` : `${view.id}-${letter}`);
  const of = (pick: (sample: Sample) => number) => median(runs.map(pick));
  const none = runs.length === 0;
  const rows: string[][] = [
    [
      id('f'),
      '  first API request (from navigation)',
      none ? '' : ms(of((s) => s.dashboard.firstRequestMs)),
      none ? '' : ms(of((s) => s.floor.firstRequestMs)),
      'n/a',
      'resource timing startTime of the first metric request',
    ],
    [
      id('g'),
      '  last API response end',
      none ? '' : ms(of((s) => s.dashboard.lastResponseEndMs)),
      none ? '' : ms(of((s) => s.floor.lastResponseEndMs)),
      none ? '' : times(of((s) => s.dashboard.lastResponseEndMs / s.floor.lastResponseEndMs)),
      'resource timing responseEnd of the last metric response',
    ],
    [
      id('h'),
      '  final draw = chart drawn − last response end',
      none ? '' : ms(of((s) => s.dashboard.ms - s.dashboard.lastResponseEndMs)),
      'n/a',
      'n/a',
      `chart drawn = row ${view.id}'s dashboard figure (last chart-finished mark)`,
    ],
  ];
  if (!view.longTasks) return rows;
  const tasks = (measure: string, letter: string, pick: (run: DashboardRun) => LongTaskStats, what: string) => {
    const picked = runs.map((sample) => pick(sample.dashboard));
    rows.push([
      id(letter),
      measure,
      none ? '' : picked.every((stats) => stats.count === 0) ? 'none' : ms(median(picked.map((s) => s.longestMs))),
      'n/a',
      'n/a',
      none
        ? ''
        : `${what}; up to ${ms(Math.max(...picked.map((s) => s.longestMs)))}; ` +
          `${count(median(picked.map((s) => s.count)))} long task(s) over 50 ms, ` +
          `${ms(median(picked.map((s) => s.totalMs)))} in all`,
    ]);
  };
  tasks('  longest long task of the load', 'i', (run) => run.longTasks.load, 'navigation → settled');
  tasks(
    '  longest long task, streaming',
    'j',
    (run) => run.longTasks.streaming,
    'long tasks that ended by the last response end',
  );
  tasks(
    '  longest long task, final draw',
    'k',
    (run) => run.longTasks.finalDraw,
    'long tasks that ended after the last response end',
  );
  return rows;
}

/** Rows 1–6 of the summary. */
function chartRows(
  rows: string[][],
  samples: Map<string, Sample[]>,
  failures: Map<string, string>,
  landingScripts: string[] | Error,
  bundle: BundleReport,
): void {
  const failed = (id: string, label: string) =>
    rows.push([id, label, 'failed', 'n/a', 'n/a', failures.get(id)?.slice(0, 160) ?? 'no run']);
  for (const view of VIEWS) {
    const runs = samples.get(view.id)!;
    const sub = timingRows(view, runs);
    if (runs.length === 0) {
      failed(view.id, view.label);
      for (const row of sub) rows.push([row[0]!, row[1]!, 'failed', 'n/a', 'n/a', `see row ${view.id}`]);
      continue;
    }
    rows.push([
      view.id,
      view.label,
      ms(median(runs.map((sample) => sample.dashboard.ms))),
      ms(median(runs.map((sample) => sample.floor.ms))),
      times(median(runs.map((sample) => sample.dashboard.ms / sample.floor.ms))),
      fetchNotes(runs) + (runs.length < RUNS ? `; ${RUNS - runs.length} run(s) failed` : ''),
    ]);
    rows.push(...sub);
  }

  const year = samples.get('1')!.map((sample) => sample.dashboard);
  const repaints = year.flatMap((run) => (run.repaint ? [run.repaint] : []));
  if (repaints.length > 0) {
    const requests = Math.max(...repaints.map((repaint) => repaint.requests));
    rows.push([
      '4',
      'filter change on cached data → repaint (year)',
      ms(median(repaints.map((repaint) => repaint.ms))),
      'n/a',
      'n/a',
      `${repaints[0]!.via}; change event → next chart-finished; last mark at ` +
        `${ms(median(repaints.map((repaint) => repaint.lastMs)))}; ` +
        (requests > 0 ? `up to ${requests} API request(s) after the change` : 'no API request after the change'),
    ]);
  } else {
    const error = year.find((run) => run.repaintError)?.repaintError;
    rows.push(['4', 'filter change on cached data → repaint (year)', 'failed', 'n/a', 'n/a', error ?? 'no run']);
  }

  const heaps = year.flatMap((run) => (run.heapAfterGcBytes === null ? [] : [run.heapAfterGcBytes]));
  rows.push([
    '5',
    'JS heap after GC, year loaded',
    heaps.length > 0 ? `${(median(heaps) / 1e6).toFixed(1)} MB` : 'failed',
    'n/a',
    'n/a',
    'HeapProfiler.collectGarbage ×2, then Runtime.getHeapUsage usedSize',
  ]);

  const shipped = (scripts: string[]) => {
    const sizes = scripts.map((file) => sizeInDist(DIST, file));
    return { total: sizes.reduce((sum, asset) => sum + asset.gzipBytes, 0), count: sizes.length };
  };
  if (landingScripts instanceof Error) {
    rows.push(['6a', 'shipped JS, / (landing), gzip', 'failed', 'n/a', 'n/a', landingScripts.message.slice(0, 160)]);
  } else {
    const landing = shipped(landingScripts);
    rows.push([
      '6a',
      'shipped JS, / (landing), gzip',
      kB(landing.total),
      'n/a',
      'n/a',
      `${landing.count} file(s) fetched`,
    ]);
  }
  const metricScripts = year[0]?.scripts;
  const metric = metricScripts ? shipped(metricScripts) : null;
  rows.push([
    '6b',
    'shipped JS, metric page, gzip',
    metric ? kB(metric.total) : 'failed',
    'n/a',
    'n/a',
    `${metric ? `${metric.count} file(s) fetched by row 1; ` : ''}static (size budget): initial ` +
      `${bundle.initialJsGzipKb.toFixed(1)} kB + lazy = ${bundle.metricPageJsGzipKb.toFixed(1)} kB`,
  ]);
}

// A last bound: whatever hangs, the script ends (the browser and servers go with the process).
setTimeout(
  () => {
    console.error('bench: gave up');
    process.exit(2);
  },
  (20 +
    (CHARTS ? 4 : 0) * RUNS +
    (PORTFOLIO ? 4 * (RUNS + (WARMUP ? 1 : 0)) : 0) +
    (LIGHTHOUSE ? 2 * LIGHTHOUSE_RUNS : 0)) *
    60_000,
).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
