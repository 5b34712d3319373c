/**
 * `npm run lighthouse`: Lighthouse 12 (pinned; 13 needs Node 22) on the dashboard's main pages, with the mobile
 * preset (a mid-range phone: slow 4G and a CPU slowdown calibrated to the host, bench/lighthouse-calibration.ts) and
 * the desktop preset, medians of LIGHTHOUSE_RUNS runs (default 3). Prints the host's benchmarkIndex and the CPU
 * multiplier, then, per page and preset: the performance and accessibility scores, FCP, LCP, TBT, CLS and the longest
 * main-thread tasks of the median run (by performance score). Each run's table is added, dated, to
 * bench/lighthouse-history.md (LIGHTHOUSE_HISTORY=0 leaves it alone).
 *
 * Serves the built app as `npm start` does (`vite preview` with the simulator on its real clock), on a port of its
 * own, from the bench's build (BENCH_REBUILD=1 forces one). Launches Debian's Chromium (`CHROMIUM_PATH` overrides,
 * e2e/browser-path.mjs), never the headless shell: Lighthouse drives a whole browser. Asserts nothing: timings flake
 * on shared machines, so this is a benchmark, kept out of `npm test`; `npm run bench` runs it last
 * (BENCH_LIGHTHOUSE=0 leaves it out).
 *
 * LIGHTHOUSE_PAGES=portfolio,kiosk runs only the pages named; LIGHTHOUSE_PRESETS=mobile only that preset;
 * LIGHTHOUSE_SAVE=dir writes each run's whole report there (`<page>-<preset>-<run>.json`), to read its audits.
 */
import { execSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';

import { CHROMIUM_ARGS } from '../e2e/browser-path.mjs';
import { ensureBuild } from './bundle-size';
import { calibrate, mobileThrottling, type Calibration } from './lighthouse-calibration';
import { startServer } from './dashboard';

const DIST = 'node_modules/.cache/bench-dist';
const PORT = 4334;

export const LIGHTHOUSE_PAGES = [
  { name: 'portfolio', path: '/portfolio' },
  { name: 'utilization', path: '/locations/11/utilization' },
  { name: 'occupancy', path: '/locations/11/occupancy' },
  { name: 'kiosk', path: '/kiosk?locations=11' },
] as const;

const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

export interface LighthouseRow {
  page: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The longest main-thread tasks of the median run, ms (as Lighthouse reports them for the preset). */
  longestTasksMs: number[];
  /** The benchmarkIndex Lighthouse measured in each run (the host's load can change between runs). */
  benchmarkIndexes: number[];
}

export interface LighthouseReport {
  calibration: Calibration;
  rows: LighthouseRow[];
}

/** Lighthouse needs a whole browser (its own CDP session, throttling, tracing): Debian's `chromium`. */
function lighthouseChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`${path} does not exist: install Debian's chromium or set CHROMIUM_PATH`);
  return path;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function longestTasks(lhr: Result, count: number): number[] {
  const items = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  return items
    .map((item) => item.duration ?? 0)
    .sort((a, b) => b - a)
    .slice(0, count)
    .map(Math.round);
}

async function audit(url: string, preset: Preset, port: number, calibration: Calibration): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(preset === 'mobile' && { throttling: mobileThrottling(calibration) }),
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * Measures the host, then runs every page and preset `runs` times against `baseUrl`; a fresh browser (empty profile)
 * for every run.
 */
export async function runLighthouse(baseUrl: string, runs: number, log = console.log): Promise<LighthouseReport> {
  const calibration = await calibrate(`${baseUrl}/config.json`, lighthouseChromium(), log);
  log(`  ${calibrationWords(calibration)}`);
  const pageFilter = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const presetFilter = process.env.LIGHTHOUSE_PRESETS?.split(',').filter(Boolean);
  const pages = LIGHTHOUSE_PAGES.filter((page) => !pageFilter || pageFilter.includes(page.name));
  const presets = PRESETS.filter((preset) => !presetFilter || presetFilter.includes(preset));
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    for (const preset of presets) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const chrome = await chromeLauncher.launch({
          chromePath: lighthouseChromium(),
          chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
        });
        try {
          const lhr = await audit(baseUrl + page.path, preset, chrome.port, calibration);
          results.push(lhr);
          const saveTo = process.env.LIGHTHOUSE_SAVE;
          if (saveTo) {
            mkdirSync(saveTo, { recursive: true });
            writeFileSync(join(saveTo, `${page.name}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
          }
        } finally {
          chrome.kill();
        }
      }
      const performance = results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
      const medianRun = results[performance.indexOf(median(performance))] ?? results[0]!;
      const row: LighthouseRow = {
        page: page.name,
        preset,
        performance: median(performance),
        accessibility: median(results.map((lhr) => Math.round((lhr.categories.accessibility?.score ?? 0) * 100))),
        fcpMs: median(results.map((lhr) => numeric(lhr, 'first-contentful-paint'))),
        lcpMs: median(results.map((lhr) => numeric(lhr, 'largest-contentful-paint'))),
        tbtMs: median(results.map((lhr) => numeric(lhr, 'total-blocking-time'))),
        cls: median(results.map((lhr) => numeric(lhr, 'cumulative-layout-shift'))),
        longestTasksMs: longestTasks(medianRun, 4),
        benchmarkIndexes: results.map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
      };
      rows.push(row);
      log(`  ${page.name} ${preset}: ${performance.join(', ')}`);
    }
  }
  return { calibration, rows };
}

/** "benchmarkIndex 1,212, mobile CPU multiplier 2.77 (4 × 1,212 ÷ 1,750)", or the forced multiplier. */
export function calibrationWords({ benchmarkIndex, cpuSlowdownMultiplier, forced }: Calibration): string {
  if (forced || benchmarkIndex === null) return `mobile CPU multiplier ${cpuSlowdownMultiplier} (forced)`;
  const index = Math.round(benchmarkIndex).toLocaleString('en');
  return `benchmarkIndex ${index}, mobile CPU multiplier ${cpuSlowdownMultiplier} (4 × ${index} ÷ 1,750, within 1–6)`;
}

/** The report as a Markdown table, with the calibration above it and each row's measured benchmarkIndexes. */
export function lighthouseTable({ calibration, rows }: LighthouseReport, runs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `Lighthouse 12, medians of ${runs}; ${calibrationWords(calibration)}`,
    '',
    '| page | preset | perf | a11y | FCP | LCP | TBT | CLS | longest tasks (ms) | benchmarkIndex per run |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${row.preset} | ${row.performance} | ${row.accessibility} | ${seconds(row.fcpMs)} | ` +
        `${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ` +
        `${row.longestTasksMs.join(', ') || 'none'} | ${row.benchmarkIndexes.join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export function printLighthouse(report: LighthouseReport, runs: number): void {
  console.log(`\n${lighthouseTable(report, runs)}`);
}

/** Adds the report, with its date and commit, to bench/lighthouse-history.md. */
export function keepInHistory(report: LighthouseReport, runs: number): void {
  if (process.env.LIGHTHOUSE_HISTORY === '0') return;
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : '';
  const heading = `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commit}${dirty}`;
  appendFileSync(HISTORY, `\n${heading}\n\n${lighthouseTable(report, runs)}\n`);
}

const HISTORY = 'bench/lighthouse-history.md';

export async function lighthouseBench(runs: number): Promise<LighthouseReport> {
  ensureBuild(DIST);
  const server = await startServer(PORT, '', DIST);
  try {
    console.log(`Lighthouse on ${server.baseUrl} (${runs} runs per page and preset)`);
    return await runLighthouse(server.baseUrl, runs);
  } finally {
    await server.close();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const report = await lighthouseBench(runs);
  printLighthouse(report, runs);
  keepInHistory(report, runs);
}
