/**
 * All benchmarks, one after another, then a summary of their figures: bundle size (bench/bundle-size.ts), the
 * simulator walking a year of 15-minute occupancy (bench/simulator.ts) and the dashboard in Chromium
 * (bench/dashboard.ts). Figures and ratios of this one run; asserts nothing about time.
 *
 * Run: npm run bench (tsx bench/run.ts)
 */
import { kb, runBundleBench } from './bundle-size';
import { runDashboardBench } from './dashboard';
import { runSimulatorBench } from './simulator';

function table(rows: [string, string, string][]): void {
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: [string, string, string]) =>
    `| ${row[0].padEnd(widths[0]!)} | ${row[1].padStart(widths[1]!)} | ${row[2].padEnd(widths[2]!)} |`;
  const [head, ...body] = rows;
  console.log(line(head!));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
}

async function main(): Promise<void> {
  const heading = (title: string) => console.log(`\n== ${title} ==`);

  heading('Bundle size');
  const bundle = runBundleBench();

  heading('Simulator: a year at 15 minutes through the API');
  const simulator = await runSimulatorBench();

  heading('Dashboard in Chromium');
  const dashboard = await runDashboardBench();

  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const perPage = (walk: { ms: number; pages: number }) => `${(walk.ms / walk.pages).toFixed(1)} ms`;
  const chart = bundle.lazyJs.find((asset) => /(^|\/)chart-[^/]*\.js$/.test(asset.file));
  const { yearMedian: year, short } = dashboard;
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  const q = simulator.query;

  heading('Summary');
  table([
    ['figure', 'value', 'notes'],
    [
      'initial JS (gzip)',
      `${bundle.initialJsGzipKb.toFixed(1)} kB`,
      `${bundle.initialJs.length} file(s): entry + modulepreloads`,
    ],
    ['initial CSS (gzip)', `${bundle.initialCssGzipKb.toFixed(1)} kB`, `${bundle.initialCss.length} file(s)`],
    [
      'lazy JS (gzip)',
      `${bundle.lazyJsGzipKb.toFixed(1)} kB`,
      `${bundle.lazyJs.length} chunk(s)` +
        (chart ? `; ECharts ${chart.file}: ${kb(chart.gzipBytes).toFixed(1)} kB` : ''),
    ],
    [
      'simulator in-process, warm',
      ms(simulator.inProcess.best.ms),
      `${perPage(simulator.inProcess.best)}/page; best of ${simulator.inProcess.warmRuns}; ` +
        `${simulator.inProcess.best.windows} windows, ${simulator.inProcess.best.pages} pages`,
    ],
    ['simulator in-process, cold', ms(simulator.inProcess.cold.ms), `${perPage(simulator.inProcess.cold)}/page`],
    [
      'simulator HTTP, warm',
      ms(simulator.http.best.ms),
      `${perPage(simulator.http.best)}/page; best of ${simulator.http.warmRuns}`,
    ],
    ['simulator HTTP, cold', ms(simulator.http.cold.ms), `${perPage(simulator.http.cold)}/page; fresh app, seed 43`],
    [
      'year: first page',
      ms(year.firstPageMs),
      `median of ${dashboard.year.length}; location ${q.locationId}, ${q.start_date}..${q.end_date}, ${q.interval}`,
    ],
    ['year: pages loaded', ms(year.pagesLoadedMs), `${year.pages} pages, ${year.windows} windows`],
    ['year: chart drawn', ms(year.chartDrawnMs), 'last chart-finished mark'],
    ['year: draw alone (≈)', ms(year.drawAloneMs), 'chart drawn − pages loaded, approximate'],
    ['year: JS heap used', mb(year.heapUsedBytes), `after a forced GC ${mb(year.heapUsedAfterGcBytes)}`],
    ['short: first page', ms(short.firstPageMs), `${short.path}: ${short.pages} page(s), ${short.windows} windows`],
    ['short: pages loaded', ms(short.pagesLoadedMs), ''],
    ['short: chart drawn', ms(short.chartDrawnMs), 'includes the ECharts entry animation (small series)'],
    ['short: JS heap used', mb(short.heapUsedBytes), `after a forced GC ${mb(short.heapUsedAfterGcBytes)}`],
    ['year/short: pages loaded', ratio(year.pagesLoadedMs, short.pagesLoadedMs), ''],
    [
      'year/short: chart drawn',
      ratio(year.chartDrawnMs, short.chartDrawnMs),
      'the short view is animated, the year not',
    ],
    ['year/short: JS heap after GC', ratio(year.heapUsedAfterGcBytes, short.heapUsedAfterGcBytes), ''],
  ]);
  console.log('Times in ms from navigation start unless named otherwise; one run of figures, nothing asserted.');
}

// A last bound: whatever hangs, the script ends (the browser and server go with the process).
setTimeout(() => {
  console.error('bench: gave up after 20 minutes');
  process.exit(2);
}, 1_200_000).unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
