/**
 * `npm run lighthouse`: Lighthouse 12 (pinned; 13 needs Node 22) on the dashboard's main pages, with the mobile
 * preset (a mid-range phone: slow 4G and a CPU slowdown calibrated to the host at each run's start,
 * bench/lighthouse-calibration.ts) and the desktop preset, medians of LIGHTHOUSE_RUNS runs (default 3). Prints the
 * benchmarkIndex and the CPU multiplier of every run, and, per page and preset: the performance and accessibility scores, FCP, LCP, TBT, CLS and the longest
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
 * LIGHTHOUSE_LANG=de opens every page in that language (`?lang=de`, named so in the table);
 * LIGHTHOUSE_SAVE=dir writes each run's whole report there (`<page>-<preset>-<run>.json`), to read its audits.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { format, resolveConfig } from 'prettier';

import { CHROMIUM_ARGS } from '../e2e/browser-path.mjs';
import { ensureBuild } from './bundle-size';
import { forcedMultiplier, mobileThrottling, multiplierFor } from './lighthouse-calibration';
import { startServer } from './bench-server';

const DIST = 'node_modules/.cache/bench-dist';
const PORT = 4334;

export const LIGHTHOUSE_PAGES = [
  { name: 'portfolio', path: '/portfolio' },
  { name: 'utilization', path: '/locations/11/utilization' },
  { name: 'occupancy', path: '/locations/11/occupancy' },
  { name: 'kiosk', path: '/kiosk?locations=11' },
  { name: 'compare', path: '/compare?locations=11,31' },
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
  /** The benchmarkIndex Lighthouse measured at each run's start, and the CPU multiplier each was audited with. */
  benchmarkIndexes: number[];
  multipliers: number[];
}

export interface LighthouseReport {
  /** The multiplier every mobile run used, when LIGHTHOUSE_CPU_MULTIPLIER forced one. */
  forced: number | null;
  rows: LighthouseRow[];
}

interface Audited {
  lhr: Result;
  multiplier: number;
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

const FLAGS: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };

function resultOf(url: string, result: Awaited<ReturnType<typeof lighthouse>>): Result {
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

async function audit(url: string, preset: Preset, port: number): Promise<Audited> {
  if (preset === 'desktop') {
    return { lhr: resultOf(url, await lighthouse(url, { ...FLAGS, port }, desktopConfig)), multiplier: 1 };
  }
  // Mobile: the page is loaded unthrottled (the preset simulates its throttling), and the simulation is then run with
  // the CPU factor of the benchmarkIndex Lighthouse measured at the load's start: gathered, then audited.
  const artifactsDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    await lighthouse(url, { ...FLAGS, port, gatherMode: artifactsDir });
    const file = join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: object };
    };
    const multiplier = forcedMultiplier() ?? multiplierFor(artifacts.BenchmarkIndex);
    const throttling = mobileThrottling(multiplier);
    // Gathering does not depend on the factor in a simulated run: only the audits' simulation does.
    artifacts.settings.throttling = throttling;
    writeFileSync(file, JSON.stringify(artifacts));
    const lhr = resultOf(url, await lighthouse(url, { ...FLAGS, auditMode: artifactsDir, throttling }));
    return { lhr, multiplier };
  } finally {
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}

/** The page's path with `lang` in its query. */
function withLanguage(path: string, language: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(language)}`;
}

/**
 * Runs every page and preset `runs` times against `baseUrl`, a fresh browser (empty profile) for every run, each
 * mobile run calibrated to the host as measured at its start.
 */
export async function runLighthouse(baseUrl: string, runs: number, log = console.log): Promise<LighthouseReport> {
  const pageFilter = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const presetFilter = process.env.LIGHTHOUSE_PRESETS?.split(',').filter(Boolean);
  const language = process.env.LIGHTHOUSE_LANG;
  const pages = LIGHTHOUSE_PAGES.filter((page) => !pageFilter || pageFilter.includes(page.name)).map((page) =>
    language ? { name: `${page.name} (${language})`, path: withLanguage(page.path, language) } : page,
  );
  const presets = PRESETS.filter((preset) => !presetFilter || presetFilter.includes(preset));
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    for (const preset of presets) {
      const audited: Audited[] = [];
      for (let run = 0; run < runs; run++) {
        const chrome = await chromeLauncher.launch({
          chromePath: lighthouseChromium(),
          chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
        });
        try {
          const done = await audit(baseUrl + page.path, preset, chrome.port);
          audited.push(done);
          const { lhr } = done;
          const saveTo = process.env.LIGHTHOUSE_SAVE;
          if (saveTo) {
            mkdirSync(saveTo, { recursive: true });
            writeFileSync(join(saveTo, `${page.name}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
          }
        } finally {
          chrome.kill();
        }
      }
      const results = audited.map((run) => run.lhr);
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
        multipliers: audited.map((run) => run.multiplier),
      };
      rows.push(row);
      log(`  ${page.name} ${preset}: ${performance.join(', ')}`);
    }
  }
  return { forced: forcedMultiplier(), rows };
}

/** How the mobile runs' CPU was slowed: calibrated to each run's benchmarkIndex, or a forced multiplier. */
export function calibrationWords(report: LighthouseReport): string {
  if (report.forced !== null) return `mobile CPU multiplier ${report.forced} (forced)`;
  const mobile = report.rows.filter((row) => row.preset === 'mobile');
  const indexes = mobile.flatMap((row) => row.benchmarkIndexes);
  const multipliers = mobile.flatMap((row) => row.multipliers);
  if (indexes.length === 0) return 'no mobile runs';
  const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  return (
    `mobile runs calibrated to their own benchmarkIndex (${range(indexes)}, median ${median(indexes)}): ` +
    `CPU multiplier 4 × index ÷ 1,750 within 1–6 (${range(multipliers)}, median ${median(multipliers)})`
  );
}

/** The report as a Markdown table, with the calibration above it and each row's measured benchmarkIndexes. */
export function lighthouseTable(report: LighthouseReport, runs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `Lighthouse 12, medians of ${runs}; ${calibrationWords(report)}`,
    '',
    '| page | preset | perf | a11y | FCP | LCP | TBT | CLS | longest tasks (ms) | benchmarkIndex per run | CPU per run |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|---|',
  ];
  const { rows } = report;
  for (const row of rows) {
    lines.push(
      `| ${row.page} | ${row.preset} | ${row.performance} | ${row.accessibility} | ${seconds(row.fcpMs)} | ` +
        `${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ` +
        `${row.longestTasksMs.join(', ') || 'none'} | ${row.benchmarkIndexes.join(', ')} | ` +
        `${row.multipliers.map((m) => `${m}×`).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

export function printLighthouse(report: LighthouseReport, runs: number): void {
  console.log(`\n${lighthouseTable(report, runs)}`);
}

/** Adds the report, with its date and commit, to bench/lighthouse-history.md, formatted as `npm test` checks it. */
export async function keepInHistory(report: LighthouseReport, runs: number): Promise<void> {
  if (process.env.LIGHTHOUSE_HISTORY === '0') return;
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const dirty = execSync('git status --porcelain', { encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : '';
  const heading = `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${commit}${dirty}`;
  const history = `${readFileSync(HISTORY, 'utf8')}\n${heading}\n\n${lighthouseTable(report, runs)}\n`;
  writeFileSync(HISTORY, await format(history, { ...(await resolveConfig(HISTORY)), filepath: HISTORY }));
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
  await keepInHistory(report, runs);
}
