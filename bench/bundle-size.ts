/**
 * Bundle size of the production build: what the first load fetches (the entry script of dist/index.html,
 * its modulepreload links and stylesheets) and what is loaded later (every other .js in dist/assets, notably
 * the ECharts chunk `chart-*.js`); and what a metric page ends up executing, as the size budget counts it
 * (scripts/size-budget.mjs: the initial JS and every chunk reachable from it). Sizes are gzip level 9
 * (node:zlib), 1 kB = 1000 bytes, as Vite prints.
 *
 * Run: tsx bench/bundle-size.ts [distDir]. Builds first when dist/ is missing or older than the sources
 * (`ensureBuild()`, shared with bench/dashboard.ts); BENCH_REBUILD=1 forces a build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { analyzeDist } from '../scripts/size-budget.mjs';

/** The repository root (bench/..), so the scripts work from any working directory. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface AssetSize {
  /** Path inside the dist folder, e.g. `assets/chart-C24dAlRf.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  distDir: string;
  /** Scripts of the first load: the entry first, then modulepreloads. */
  initialJs: AssetSize[];
  initialCss: AssetSize[];
  /** Every other .js in assets/, largest first. */
  lazyJs: AssetSize[];
  /** What a metric page ends up executing: initial JS and the lazy chunks reachable from it (size budget). */
  metricPageJs: AssetSize[];
  initialJsGzipKb: number;
  initialCssGzipKb: number;
  lazyJsGzipKb: number;
  metricPageJsGzipKb: number;
}

export const kb = (bytes: number): number => bytes / 1000;

/** Sources whose change makes a build stale (test files aside). */
const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (!/\.test\.tsx?$/.test(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Runs `vite build` when dist/index.html is missing or older than any source (a stale build would measure old
 * code), or when BENCH_REBUILD=1. Returns whether it built.
 */
export function ensureBuild(distDir = 'dist'): boolean {
  const index = resolve(ROOT, distDir, 'index.html');
  const sourcesChanged = Math.max(...BUILD_INPUTS.map((input) => newestMtime(resolve(ROOT, input))));
  const reason = !existsSync(index)
    ? `${distDir}/ is missing`
    : process.env.BENCH_REBUILD === '1'
      ? 'BENCH_REBUILD=1'
      : statSync(index).mtimeMs < sourcesChanged
        ? `${distDir}/ is older than the sources`
        : null;
  if (reason === null) return false;
  console.log(`Building (${reason}): vite build --outDir ${distDir}`);
  const vite = resolve(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`vite build failed (${result.error?.message ?? `status ${result.status}`})`);
  return true;
}

/** Chunks a metric page never loads, as size-budget.json names them (none when it names none). */
function notOnMetricPage(): string[] {
  const file = resolve(ROOT, 'size-budget.json');
  if (!existsSync(file)) return [];
  const budget = JSON.parse(readFileSync(file, 'utf8')) as { notOnMetricPage?: string[] };
  return budget.notOnMetricPage ?? [];
}

/** Size and gzip size of a file of the build, e.g. `assets/index-x.js` in `dist`. */
export function sizeInDist(distDir: string, file: string): AssetSize {
  return size(resolve(ROOT, distDir), file);
}

function size(dist: string, file: string): AssetSize {
  const content = readFileSync(join(dist, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** Attribute values of the tags in `html` matching `tag`, e.g. the `href` of `<link rel="modulepreload">`. */
function attributeOf(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(tag)) {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(element)?.[1];
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** `/assets/x.js` (or `./assets/x.js`) → `assets/x.js`; other origins are not ours to measure. */
function distPath(url: string): string | null {
  if (/^[a-z]+:|^\/\//i.test(url)) return null;
  return url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? null;
}

export function measureBundle(distDir = 'dist'): BundleReport {
  const dist = resolve(ROOT, distDir);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = attributeOf(html, /<script\b[^>]*type="module"[^>]*>/g, 'src');
  const preloads = attributeOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
  const styles = attributeOf(html, /<link\b[^>]*rel="stylesheet"[^>]*>/g, 'href');
  if (entries.length === 0) throw new Error(`${distDir}/index.html has no module script`);

  const local = (urls: string[]) => [...new Set(urls.map(distPath).filter((file) => file !== null))];
  const initialJs = local([...entries, ...preloads]).map((file) => size(dist, file));
  const initialCss = local(styles).map((file) => size(dist, file));
  const initial = new Set(initialJs.map((asset) => asset.file));
  const lazyJs = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .filter((file) => !initial.has(file))
    .map((file) => size(dist, file))
    .sort((a, b) => b.bytes - a.bytes);

  const gzipKb = (assets: AssetSize[]) => kb(assets.reduce((sum, asset) => sum + asset.gzipBytes, 0));
  const metricPageJs = analyzeDist(dist, { notOnMetricPage: notOnMetricPage() }).metricPageJs;
  return {
    distDir: relative(ROOT, dist) || '.',
    initialJs,
    initialCss,
    lazyJs,
    initialJsGzipKb: gzipKb(initialJs),
    initialCssGzipKb: gzipKb(initialCss),
    lazyJsGzipKb: gzipKb(lazyJs),
    metricPageJs,
    metricPageJsGzipKb: gzipKb(metricPageJs),
  };
}

export function printBundle(report: BundleReport): void {
  const row = (kind: string, asset: AssetSize) =>
    console.log(
      `${kind.padEnd(12)} ${asset.file.padEnd(36)} ${kb(asset.bytes).toFixed(1).padStart(8)} kB ` +
        `${kb(asset.gzipBytes).toFixed(1).padStart(8)} kB gzip`,
    );
  console.log(`Bundle of ${report.distDir}/ (gzip level 9, 1 kB = 1000 bytes)`);
  for (const asset of report.initialJs) row('initial JS', asset);
  for (const asset of report.initialCss) row('initial CSS', asset);
  for (const asset of report.lazyJs) row('lazy JS', asset);
  console.log(
    `initial load: ${report.initialJsGzipKb.toFixed(1)} kB JS + ${report.initialCssGzipKb.toFixed(1)} kB CSS gzip; ` +
      `loaded later: ${report.lazyJsGzipKb.toFixed(1)} kB JS gzip in ${report.lazyJs.length} chunk(s)`,
  );
  console.log(
    `a metric page in all (as scripts/size-budget.mjs counts it): ${report.metricPageJsGzipKb.toFixed(1)} kB JS gzip ` +
      `in ${report.metricPageJs.length} file(s)`,
  );
}

/** Builds if needed, measures, prints; returns the figures. */
export function runBundleBench(distDir = 'dist'): BundleReport {
  ensureBuild(distDir);
  const report = measureBundle(distDir);
  printBundle(report);
  return report;
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (isMain()) {
  try {
    runBundleBench(process.argv[2]);
  } catch (error: unknown) {
    console.error(error);
    process.exit(1);
  }
}
