/**
 * Where the time of one view goes: a timeline of its boot, requests, long tasks and chart marks, for profiling (not
 * part of `npm run bench`'s table). Run: tsx bench/timeline.ts [path] [simulator args].
 */
import { ensureBuild } from './bundle-size';
import { launchBrowser, NOW, startServer } from './bench-server';

const path = process.argv[2] ?? '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
const simulatorArgs = `--now ${NOW} ${process.argv[3] ?? ''}`;

const INIT = `
  globalThis.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    for (const b of document.querySelectorAll('button')) if (/^Load all \\d+ pages anyway$/.test(b.textContent.trim())) b.click();
  }).observe(document, { subtree: true, childList: true });
`;

async function main() {
  // TIMELINE_DIST: a build of your own (e.g. `vite build --minify false --outDir …` for readable profiles).
  const dist = process.env.TIMELINE_DIST ?? 'node_modules/.cache/bench-dist';
  if (!process.env.TIMELINE_DIST) ensureBuild(dist);
  const server = await startServer(4339, simulatorArgs, dist);
  const browser = await launchBrowser();
  try {
    for (let run = 0; run < 3; run++) {
      const context = await browser.newContext({ baseURL: server.baseUrl });
      await context.addInitScript({ content: INIT });
      const page = await context.newPage();
      const cdp = process.env.PROFILE === '1' ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForFunction(
        () =>
          performance.getEntriesByName('chart-finished').length > 0 && !document.querySelector('[aria-busy="true"]'),
        null,
        { timeout: 60_000 },
      );
      await page.waitForTimeout(2500);
      const timeline = await page.evaluate(() => {
        const rows: string[] = [];
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        rows.push(`nav responseEnd ${nav.responseEnd.toFixed(0)} domInteractive ${nav.domInteractive.toFixed(0)}`);
        const metric: number[][] = [];
        for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          const url = new URL(e.name);
          if (/\/v2\/locations\/\d+\/(occupancy|traffic|dwell_time|availability)/.test(url.pathname)) {
            metric.push([e.startTime, e.responseStart, e.responseEnd]);
            continue;
          }
          rows.push(
            `${e.startTime.toFixed(0).padStart(6)} → ${e.responseEnd.toFixed(0).padStart(6)}  ${url.pathname}${url.search.slice(0, 60)}`,
          );
        }
        metric.sort((a, b) => a[0]! - b[0]!);
        if (metric.length) {
          rows.push(
            `metric requests: ${metric.length}, first start ${metric[0]![0]!.toFixed(0)}, last end ${Math.max(...metric.map((m) => m[2]!)).toFixed(0)}`,
          );
          const busy = metric.reduce((s, m) => s + (m[2]! - m[0]!), 0);
          const wait = metric.reduce((s, m) => s + (m[1]! - m[0]!), 0);
          rows.push(
            `  sum of request durations ${busy.toFixed(0)}, of which waiting for first byte ${wait.toFixed(0)}`,
          );
          rows.push('  ' + metric.map((m) => `${m[0]!.toFixed(0)}-${m[2]!.toFixed(0)}`).join(' '));
        }
        rows.push(
          'marks: ' +
            performance
              .getEntriesByType('mark')
              .map((m) => `${m.name}@${m.startTime.toFixed(0)}`)
              .join(' '),
        );
        rows.push(
          'long tasks: ' +
            (globalThis as unknown as { __longTasks: number[][] }).__longTasks.map(([s, d]) => `${s}+${d}`).join(' '),
        );
        return rows.join('\n');
      });
      console.log(`--- run ${run}\n${timeline}`);
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
      if (cdp && process.env.REPAINT === '1') {
        // The same view drawn again from the cache: Interval to daily and back, profiled alone.
        const select = page.getByRole('combobox', { name: 'Interval' });
        const original = await select.inputValue();
        await select.selectOption('daily');
        await page.waitForTimeout(1500);
        await cdp.send('Profiler.start');
        const before = await page.evaluate(() => performance.now());
        await select.selectOption(original);
        await page.waitForTimeout(2500);
        const mark = await page.evaluate(() => performance.getEntriesByName('chart-finished')[0]?.startTime ?? NaN);
        console.log(`repaint: change → chart-finished ${(mark - before).toFixed(0)} ms`);
        printProfile((await cdp.send('Profiler.stop')).profile);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time by function, the top 25, from a CDP CPU profile. */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!)!;
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [key, ms] of top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${key}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
