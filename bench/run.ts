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
import { cpus } from 'node:os';

import type { Browser } from '@playwright/test';

import { ensureBuild, runBundleBench, type BundleReport } from './bundle-size';
import { launchBrowser, NOW, startServer, type Server } from './bench-server';
import { scriptsOfRoute } from './page-probes';
import { PORTFOLIO_FIRST_ROWS, PORTFOLIO_WORKERS } from './portfolio-bench';
import { keepInHistory, lighthouseBench, printLighthouse } from './lighthouse';
import { runSimulatorBench } from './simulator';
import {
  CHARTS,
  DIST,
  LATENCY_MS,
  LIGHTHOUSE,
  LIGHTHOUSE_RUNS,
  ONLY,
  PORT,
  PORTFOLIO,
  PORTFOLIO_LATENCY_MS,
  PORTFOLIO_LOCATIONS,
  PORTFOLIO_PORT,
  PORTFOLIO_SLOW_PORT,
  PORTFOLIO_SPACES,
  RUNS,
  SLOW_PORT,
  WARMUP,
} from './bench-options';
import { count, load, table } from './bench-table';
import { chartRows, type Sample, sampleView, type View, VIEWS } from './chart-rows';
import {
  PORTFOLIO_PATH,
  PORTFOLIO_VIEWS,
  portfolioRows,
  type PortfolioSample,
  type PortfolioView,
  samplePortfolio,
} from './portfolio-rows';

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
    await keepInHistory(report, LIGHTHOUSE_RUNS);
  }
  console.log(`Machine: ${cpus().length} cores, load average at the end ${load()}.`);
  if (failures.size > 0 || portfolioFailures.size > 0) process.exit(1);
}

/**
 * The sub-rows of a chart row V: Vf first request, Vg last response end, Vh final draw, and (view.longTasks) Vi–Vk
 * the long tasks of the load. Ids: the view's id and a letter (1f; 3a-f when the view's id ends in a letter).
 */
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
