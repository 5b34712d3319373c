#!/usr/bin/env node
// Size budget of the built app (docs/development.md; run by test:e2e right after `vite build`).
//
// Reads dist/ and sums gzip sizes (node:zlib level 9, 1 kB = 1000 bytes, as Vite and bench/bundle-size.ts print):
// - initial JS: the entry script of dist/index.html, its modulepreloads, the chunks its own dynamic imports ask for
//   (main.tsx imports the app's start, React's renderer and the app itself; Vite's `__vite__mapDeps` lists them), and
//   whatever those import statically;
// - metric page JS: everything a metric page ends up executing, i.e. the initial JS plus every chunk reachable from
//   it through static or dynamic imports (the lazy ECharts chunk today). A chunk that a metric page never loads
//   (say, a future kiosk route) can be left out by name in size-budget.json "notOnMetricPage"; until then it counts,
//   so the check errs on the strict side. Chunks a metric page loads only once someone points at its chart (ECharts
//   on the page: the chart worker draws it until then) are named in "onPointer", and printed apart, with their sum.
//   The interface's catalogs (German, Japanese), named in "languageCatalogs", load one at most, only when that
//   language is chosen: the metric page counts the largest of them, and none may be in the initial JS.
// - fonts: the font files of the build (.woff2, .woff, .ttf, .otf), counted as they are sent (a woff2 file is
//   compressed already);
// Budgets and goals live in size-budget.json at the repository root. A budget exceeded exits 1; goals are printed,
// not enforced.
//
// Run: node scripts/size-budget.mjs [distDir] (default dist). Exports `analyzeDist` for bench/bundle-size.ts.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_FILE = join(ROOT, 'size-budget.json');

/** kB as Vite prints them. */
export const kb = (bytes) => bytes / 1000;

/** The files a chunk's dynamic imports ask for (Vite's `__vite__mapDeps` list: `m.f=["assets/a.js",…]`). */
function dynamicDeps(code) {
  const list = /m\.f\|\|\(m\.f=\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+\.js)"/g)].map(([, file]) => `/${file}`);
}

/** Attribute values of the tags in `html` matching `tag`, e.g. the `href` of `<link rel="modulepreload">`. */
function attributeOf(html, tag, attribute) {
  const values = [];
  for (const [element] of html.matchAll(tag)) {
    const value = new RegExp(`\\s${attribute}="([^"]+)"`).exec(element)?.[1];
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** `/assets/x.js` or `./assets/x.js` → `assets/x.js`; other origins are not ours to measure. */
function distPath(url) {
  if (/^[a-z]+:|^\/\//i.test(url)) return null;
  return url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? null;
}

/** Static imports of a built chunk: `import … from"./x.js"` and `import"./x.js"` (not `import(…)`). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"'\s]+\.js)["']/g;
/**
 * Any quoted reference to a .js file: dynamic `import("./x.js")` and the dependency lists Vite preloads with it
 * (`__vite__mapDeps`: "assets/x.js"). Only names of files that exist in dist/ count, so stray strings do no harm.
 */
const ANY_REFERENCE = /["'`]([^"'`\s]*?\.js)["'`]/g;

/**
 * Reads the built app: the initial JS, the JS a metric page ends up executing, and chunks reachable from neither.
 * @param {string} [distDir] relative to the repository root, or absolute
 * @param {{ notOnMetricPage?: string[], onPointer?: string[], languageCatalogs?: string[] }} [options] chunk name prefixes (e.g. "kiosk") a metric page never loads
 */
export function analyzeDist(distDir = 'dist', options = {}) {
  const dist = resolve(ROOT, distDir);
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${relative(ROOT, indexFile)} is missing: run \`vite build\` first`);
  const html = readFileSync(indexFile, 'utf8');
  const entries = attributeOf(html, /<script\b[^>]*type="module"[^>]*>/g, 'src');
  const preloads = attributeOf(html, /<link\b[^>]*rel="modulepreload"[^>]*>/g, 'href');
  if (entries.length === 0) throw new Error(`${relative(ROOT, indexFile)} has no module script`);

  /** Every .js file under dist/, by its path inside dist/ (posix separators). */
  const allJs = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(join(dist, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) allJs.add(path);
    }
  };
  walk('');

  const cache = new Map();
  const sizeOf = (file) => {
    if (!cache.has(file)) {
      const content = readFileSync(join(dist, file));
      cache.set(file, { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length, content });
    }
    return cache.get(file);
  };
  /** Resolves a reference found in `from` to a file in dist/, or null. */
  const resolveRef = (from, ref) => {
    const candidates = [
      posix.normalize(posix.join(posix.dirname(from), ref)),
      ref.replace(/^\.?\//, ''),
      posix.join(posix.dirname(from), basename(ref)),
    ];
    return candidates.find((candidate) => allJs.has(candidate)) ?? null;
  };
  const references = (file, pattern) => {
    const text = sizeOf(file).content.toString('utf8');
    const found = [];
    for (const match of text.matchAll(pattern)) {
      const target = resolveRef(file, match[1]);
      if (target !== null && target !== file) found.push(target);
    }
    return found;
  };
  const closure = (start, pattern, skip = () => false) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.shift();
      if (seen.has(file) || skip(file)) continue;
      seen.add(file);
      queue.push(...references(file, pattern));
    }
    return [...seen];
  };

  // Every font file of the build: the typeface is asked for once the first screen is painted (lib/typeface.ts).
  const fonts = new Set(
    readdirSync(join(dist, 'assets'))
      .filter((file) => /\.(?:woff2?|ttf|otf)$/.test(file))
      .map((file) => `assets/${file}`),
  );
  const entryFiles = entries.map(distPath).filter((file) => file !== null && allJs.has(file));
  const started = entryFiles.flatMap((file) => dynamicDeps(sizeOf(file).content.toString('utf8')));
  const declared = [...new Set([...entries, ...preloads, ...started].map(distPath).filter((file) => file !== null))];
  for (const file of declared) {
    if (!allJs.has(file)) throw new Error(`dist/index.html names ${file}, which is not in ${relative(ROOT, dist)}/`);
  }
  const initial = closure(declared, STATIC_IMPORT);
  const prefixes = options.notOnMetricPage ?? [];
  const excluded = (file) => prefixes.some((prefix) => basename(file).startsWith(prefix));
  const pointerPrefixes = options.onPointer ?? [];
  const onPointer = (file) => pointerPrefixes.some((prefix) => basename(file).startsWith(prefix));
  const catalogPrefixes = options.languageCatalogs ?? [];
  const isCatalog = (file) => catalogPrefixes.some((prefix) => basename(file).startsWith(prefix));
  const metricPage = closure(initial, ANY_REFERENCE, (file) => excluded(file) || onPointer(file) || isCatalog(file));
  // A chunk left out of the metric page that a chunk of it imports statically is loaded with it all the same.
  const misexcluded = closure(metricPage, STATIC_IMPORT).filter(excluded);
  const reached = new Set(closure(initial, ANY_REFERENCE));
  const catalogs = [...reached].filter(isCatalog);
  const largestCatalog = Math.max(0, ...catalogs.map((file) => sizeOf(file).gzipBytes));
  const strip = ({ file, bytes, gzipBytes }) => ({ file, bytes, gzipBytes });
  const sum = (files) => files.reduce((total, file) => total + sizeOf(file).gzipBytes, 0);
  return {
    distDir: relative(ROOT, dist) || '.',
    initialJs: initial.map((file) => strip(sizeOf(file))),
    /** Initial first, then the lazy chunks in the order they were found. */
    metricPageJs: metricPage.map((file) => strip(sizeOf(file))),
    /** Reachable from the entry but left out of the metric page by "notOnMetricPage". */
    excludedJs: [...reached]
      .filter((file) => !metricPage.includes(file) && !onPointer(file) && !isCatalog(file))
      .map((file) => strip(sizeOf(file))),
    /** What a metric page loads only once someone points at its chart ("onPointer"). */
    onPointerJs: [...reached].filter((file) => onPointer(file)).map((file) => strip(sizeOf(file))),
    /** One language's catalog each, loaded only when it is chosen ("languageCatalogs"). */
    catalogJs: catalogs.map((file) => strip(sizeOf(file))),
    /** A catalog in the initial JS: an error (English is in the code; the others load when chosen). */
    initialCatalogs: initial.filter(isCatalog),
    /** .js files in dist/ that no reference reaches (a worker or an unrecognised import form?): not counted. */
    unreachedJs: [...allJs].filter((file) => !reached.has(file)).map((file) => strip(sizeOf(file))),
    /** Left out by "notOnMetricPage", yet imported statically by a chunk of the metric page: an error. */
    misexcludedJs: misexcluded,
    /** Font files the stylesheets load, with their size as sent. */
    fonts: [...fonts].map((file) => ({ file, bytes: readFileSync(join(dist, file)).length })),
    fontBytes: [...fonts].reduce((total, file) => total + readFileSync(join(dist, file)).length, 0),
    initialJsGzipBytes: sum(initial),
    /** With the largest catalog: a page in German or Japanese loads one. */
    metricPageJsGzipBytes: sum(metricPage) + largestCatalog,
    onPointerJsGzipBytes: sum([...reached].filter((file) => onPointer(file))),
  };
}

function readBudget() {
  if (!existsSync(BUDGET_FILE)) throw new Error(`${relative(ROOT, BUDGET_FILE)} is missing`);
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  for (const key of ['initialJsKb', 'metricPageJsKb', 'fontKb']) {
    if (typeof budget.budgets?.[key] !== 'number') {
      throw new Error(`${relative(ROOT, BUDGET_FILE)}: budgets.${key} must be a number (kB)`);
    }
  }
  return budget;
}

function main() {
  const distDir = process.argv[2] ?? 'dist';
  const budget = readBudget();
  const report = analyzeDist(distDir, {
    notOnMetricPage: budget.notOnMetricPage ?? [],
    onPointer: budget.onPointer ?? [],
    languageCatalogs: budget.languageCatalogs ?? [],
  });
  const f = (bytes) => `${kb(bytes).toFixed(1)} kB`;
  const initial = new Set(report.initialJs.map((asset) => asset.file));

  console.log(
    `Size budget of ${report.distDir}/ (JS, gzip level 9, 1 kB = 1000 bytes; ${relative(ROOT, BUDGET_FILE)})`,
  );
  for (const asset of report.metricPageJs) {
    const kind = initial.has(asset.file) ? 'initial' : 'lazy, metric page';
    console.log(`  ${asset.file.padEnd(40)} ${f(asset.gzipBytes).padStart(10)}  ${kind}`);
  }
  for (const asset of report.onPointerJs) {
    console.log(`  ${asset.file.padEnd(40)} ${f(asset.gzipBytes).padStart(10)}  lazy, metric page, on pointer`);
  }
  for (const asset of report.catalogJs) {
    console.log(`  ${asset.file.padEnd(40)} ${f(asset.gzipBytes).padStart(10)}  lazy, one language, when chosen`);
  }
  for (const asset of report.excludedJs) {
    console.log(`  ${asset.file.padEnd(40)} ${f(asset.gzipBytes).padStart(10)}  lazy, not on a metric page`);
  }
  for (const asset of report.unreachedJs) {
    console.log(
      `  ${asset.file.padEnd(40)} ${f(asset.gzipBytes).padStart(10)}  not referenced from the entry: not counted`,
    );
  }

  for (const font of report.fonts) {
    console.log(`  ${font.file.padEnd(40)} ${f(font.bytes).padStart(10)}  font, as sent`);
  }

  const checks = [
    { label: 'initial JS (shell)', key: 'initialJsKb', bytes: report.initialJsGzipBytes },
    { label: 'metric page JS (+ a catalog)', key: 'metricPageJsKb', bytes: report.metricPageJsGzipBytes },
    { label: 'fonts', key: 'fontKb', bytes: report.fontBytes },
  ];
  const over = [];
  for (const check of checks) {
    const limit = budget.budgets[check.key];
    const goal = budget.goal?.[check.key];
    const ok = kb(check.bytes) <= limit;
    if (!ok) over.push({ ...check, limit });
    console.log(
      `${check.label.padEnd(32)} ${f(check.bytes).padStart(10)}  budget ${`${limit} kB`.padStart(7)}` +
        `${typeof goal === 'number' ? `  goal ${goal} kB${kb(check.bytes) <= goal ? ' (met)' : ''}` : ''}` +
        `  ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  console.log(
    `${'metric page JS on pointer'.padEnd(32)} ${f(report.onPointerJsGzipBytes).padStart(10)}  not counted above`,
  );
  if (budget.goal?.note) console.log(`goal (not enforced): ${budget.goal.note}`);

  for (const file of report.misexcludedJs) {
    console.error(
      `size-budget: FAILED: ${file} is listed in notOnMetricPage, but a chunk of the metric page imports it ` +
        'statically, so a metric page loads it: the chunking changed (vite.config.ts), or the list is wrong.',
    );
  }
  if (report.misexcludedJs.length > 0) process.exitCode = 1;
  for (const file of report.initialCatalogs) {
    console.error(
      `size-budget: FAILED: the catalog ${file} is in the initial JS; a language's catalog loads when chosen.`,
    );
    process.exitCode = 1;
  }
  if (over.length > 0) {
    console.error('');
    for (const check of over) {
      console.error(
        `size-budget: FAILED: ${check.label} is ${f(check.bytes)}, over its budget of ${check.limit} kB ` +
          `by ${(kb(check.bytes) - check.limit).toFixed(1)} kB (budgets.${check.key} in size-budget.json).`,
      );
    }
    console.error(
      'size-budget: make the bundle smaller, or, if the growth is worth it, raise the budget in size-budget.json ' +
        'in the same change and say why.',
    );
    process.exit(1);
  }
}

function isMain() {
  const script = process.argv[1];
  return script !== undefined && import.meta.url === pathToFileURL(realpathSync(script)).href;
}

if (isMain()) {
  try {
    main();
  } catch (error) {
    console.error(`size-budget: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
