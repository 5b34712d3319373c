/**
 * `npm run bench:commits`: how much React does before each page's answer. For the portfolio, a utilization page, an
 * occupancy page and the kiosk, from navigation to the moment the answer is on screen (below), it counts React's
 * commits (through the DevTools hook, which React's production build calls on every commit) and the main thread's
 * long tasks (over 50 ms), over Lighthouse's mobile network (slow 4G, as DevTools applies it), at 1× CPU and at a CPU
 * slowed down as Lighthouse's calibrated mobile preset slows it (bench/lighthouse-calibration.ts; BENCH_COMMITS_CPU
 * overrides the factor). Medians of BENCH_RUNS runs (default 5),
 * each in a fresh browser context, with the browser's clock and the simulator's at the same fixed instant.
 *
 * The answer: the portfolio's summary with every space in (a phone's first screen); a utilization page's headline figures; an
 * occupancy page's headline figures and its chart drawn; the kiosk's live number and headline figures.
 * Asserts nothing: a benchmark.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import type { Page } from '@playwright/test';

import { ensureBuild } from './bundle-size';
import { launchBrowser, NOW, startServer } from './bench-server';
import { throttling } from 'lighthouse/core/config/constants.js';

import { multiplierFor } from './lighthouse-calibration';

const DIST = 'node_modules/.cache/bench-dist';
const PORT = 4336;

interface CommitPage {
  name: string;
  path: string;
  /** The answer: each selector's elements with a number in `data-value`, at least `count` of them (page's CSP: no eval). */
  answer: { selector: string; count: number }[];
  /** The answer includes a chart drawn (its canvas). */
  chart?: boolean;
}

export const COMMIT_PAGES: readonly CommitPage[] = [
  {
    name: 'portfolio',
    path: '/portfolio',
    // Its first screen on a phone: the summary with every space in (the rows under it take their figures once
    // scrolled to).
    answer: [{ selector: '.portfolio-summary[aria-busy="false"] [data-kpi="under-used-spaces"]', count: 1 }],
  },
  {
    name: 'utilization',
    path: '/locations/11/utilization',
    answer: [{ selector: '[data-kpi="average-utilization"]', count: 1 }],
  },
  {
    name: 'occupancy',
    path: '/locations/11/occupancy',
    answer: [{ selector: '[data-kpi="average-occupancy"]', count: 1 }],
    chart: true,
  },
  {
    name: 'kiosk',
    path: '/kiosk?locations=11',
    answer: [
      { selector: '[data-kpi="average-utilization"]', count: 1 },
      { selector: '[data-kpi="occupancy-now"]', count: 0 },
    ],
  },
];

/** What the init script keeps: each commit's time, each long task, and when the answer was first seen. */
interface CommitState {
  commits: number[];
  longTasks: [number, number][];
  answeredAt: number | null;
}

/** Runs in the page before its scripts: React's DevTools hook, counting commits; the long tasks; the answer's time. */
function installCounters(target: Pick<CommitPage, 'answer' | 'chart'>): void {
  // The real timeline: Playwright's clock fakes performance.now(), the long tasks' times are real.
  const clock = (window as unknown as { __pwClock?: { builtins: { performance?: Performance } } }).__pwClock;
  const native = clock?.builtins.performance ?? performance;
  const state: CommitState = { commits: [], longTasks: [], answeredAt: null };
  (window as unknown as { __commits: CommitState }).__commits = state;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => state.commits.push(native.now()),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onScheduleFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const check = () =>
    target.answer.every(
      ({ selector, count }) =>
        document.querySelector(selector) !== null &&
        [...document.querySelectorAll(selector)].filter((e) => /\d/.test(e.getAttribute('data-value') ?? '')).length >=
          count,
    ) &&
    (!target.chart || document.querySelector('figure canvas') !== null);
  const poll = () => {
    if (state.answeredAt !== null) return;
    try {
      if (check()) state.answeredAt = native.now();
    } catch {
      // The page is not there yet.
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

export interface CommitRow {
  page: string;
  cpu: number;
  commits: number;
  answerMs: number;
  /** Long tasks before the answer: how many, and the longest (ms). */
  longTasks: number;
  longestTaskMs: number;
}

async function measure(page: Page, target: CommitPage, url: string, cpu: number): Promise<Omit<CommitRow, 'page'>> {
  await page.clock.install({ time: new Date(NOW) });
  // tsx compiles this module with esbuild's keepNames, which wraps named functions in `__name(…)`: the page needs it.
  await page.addInitScript(
    `globalThis.__name ??= (f) => f; (${installCounters.toString()})(${JSON.stringify({ answer: target.answer, chart: target.chart })});`,
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  // Lighthouse's mobile network (slow 4G) as DevTools applies it: what arrives when, so what React commits.
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.mobileSlow4G.requestLatencyMs,
    downloadThroughput: (throttling.mobileSlow4G.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (throttling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
  });
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __commits: CommitState }).__commits.answeredAt !== null,
    undefined,
    { timeout: 120_000 },
  );
  const state = await page.evaluate(() => (window as unknown as { __commits: CommitState }).__commits);
  if (process.env.BENCH_COMMITS_DEBUG) console.log(JSON.stringify(state));
  const at = state.answeredAt!;
  const before = state.longTasks.filter(([start]) => start < at);
  return {
    cpu,
    commits: state.commits.filter((time) => time <= at).length,
    answerMs: Math.round(at),
    longTasks: before.length,
    longestTaskMs: Math.round(Math.max(0, ...before.map(([, duration]) => duration))),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function commitBench(runs: number, cpus: readonly number[]): Promise<CommitRow[]> {
  ensureBuild(DIST);
  const server = await startServer(PORT, `--now ${NOW}`, DIST);
  const browser = await launchBrowser();
  const rows: CommitRow[] = [];
  try {
    for (const target of COMMIT_PAGES) {
      for (const cpu of cpus) {
        const samples: Omit<CommitRow, 'page'>[] = [];
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
          try {
            samples.push(await measure(await context.newPage(), target, server.baseUrl + target.path, cpu));
          } finally {
            await context.close();
          }
        }
        rows.push({
          page: target.name,
          cpu,
          commits: median(samples.map((s) => s.commits)),
          answerMs: median(samples.map((s) => s.answerMs)),
          longTasks: median(samples.map((s) => s.longTasks)),
          longestTaskMs: median(samples.map((s) => s.longestTaskMs)),
        });
        console.log(`  ${target.name} at ${cpu}×: commits ${samples.map((s) => s.commits).join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

export function printCommits(rows: readonly CommitRow[], runs: number): void {
  console.log(`\nReact commits and long tasks from navigation to the answer, medians of ${runs}\n`);
  console.log('| page | CPU | commits | answer at | long tasks | longest task |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.cpu}× | ${row.commits} | ${row.answerMs} ms | ${row.longTasks} | ${row.longestTaskMs} ms |`,
    );
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  // Lighthouse's calibrated factor for the host's benchmarkIndex, when given (BENCH_BENCHMARK_INDEX), else 4.
  const index = Number(process.env.BENCH_BENCHMARK_INDEX ?? 0);
  const slowed = Number(process.env.BENCH_COMMITS_CPU ?? (index > 0 ? multiplierFor(index) : 4));
  printCommits(await commitBench(runs, [1, slowed]), runs);
}
