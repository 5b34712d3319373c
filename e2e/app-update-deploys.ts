/**
 * How the app-update specs deploy into a served copy of the build (a new build, a renamed one, a broken worker) and
 * watch a page through it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expect } from './fixtures';

export const KIOSK = '/kiosk?locations=20&panels=figures&rotate=0&refresh=15';
export const REFRESH_MS = 15_000;

/** The entry script of an index.html, as its `src` says. */
function entryOf(html: string): string {
  const entry = /<script type="module"[^>]*\ssrc="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no module script');
  return entry;
}

/**
 * Deploys a new build into `folder`: its entry script under a new name (what a changed source does to its hash),
 * index.html and kiosk.html naming it, and a service worker whose file list has it, with both pages' new
 * revisions. Gives the new entry's path.
 */
export function deployNewBuild(folder: string): string {
  const html = readFileSync(join(folder, 'index.html'), 'utf8');
  const entry = entryOf(html);
  const next = entry.replace(/\.js$/, '-next.js');
  writeFileSync(join(folder, next), `${readFileSync(join(folder, entry), 'utf8')}\n// the next build\n`);
  const sw = readFileSync(join(folder, 'sw.js'), 'utf8');
  const withNext = sw
    .replace(`"url":"${entry}"`, `"url":"${next}"`)
    .replace(/"revision":"[0-9a-f]+","url":"index.html"/, '"revision":"the-next-build","url":"index.html"')
    .replace(/"revision":"[0-9a-f]+","url":"kiosk.html"/, '"revision":"the-next-build","url":"kiosk.html"');
  expect(withNext, 'the service worker lists the new files').not.toBe(sw);
  // The files first, the worker last, as a careful deploy does.
  for (const page of ['index.html', 'kiosk.html']) {
    const pageHtml = readFileSync(join(folder, page), 'utf8');
    writeFileSync(join(folder, page), pageHtml.replace(`/${entry}"`, `/${next}"`));
  }
  writeFileSync(join(folder, 'sw.js'), withNext);
  return `/${next}`;
}

/**
 * Deploys a new build into `folder` in which every JS and CSS file has a new name (what a dependency upgrade does to
 * every hash), beside the old ones, with every file that names them, and a service worker whose file list says so.
 * Gives the new entry's path.
 */
export function deployRenamedBuild(folder: string): string {
  const assets = join(folder, 'assets');
  const renamed = new Map(
    readdirSync(assets)
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => [file, file.replace(/\.(js|css)$/, '-next.$1')]),
  );
  const rename = (text: string) => {
    let out = text;
    for (const [old, next] of renamed) out = out.replaceAll(old, next);
    return out;
  };
  for (const [old, next] of renamed) writeFileSync(join(assets, next), rename(readFileSync(join(assets, old), 'utf8')));
  for (const page of ['index.html', 'kiosk.html']) {
    writeFileSync(join(folder, page), rename(readFileSync(join(folder, page), 'utf8')));
  }
  const sw = rename(readFileSync(join(folder, 'sw.js'), 'utf8'))
    .replace(/"revision":"[0-9a-f]+","url":"index.html"/, '"revision":"the-next-build","url":"index.html"')
    .replace(/"revision":"[0-9a-f]+","url":"kiosk.html"/, '"revision":"the-next-build","url":"kiosk.html"');
  writeFileSync(join(folder, 'sw.js'), sw);
  return `/${entryOf(readFileSync(join(folder, 'index.html'), 'utf8'))}`;
}

/** A broken deploy: a service worker whose file list names a file the server does not have. Gives its path. */
export function deployBrokenWorker(folder: string): string {
  const missing = 'assets/not-uploaded-Xy12.js';
  const sw = readFileSync(join(folder, 'sw.js'), 'utf8');
  const broken = sw.replace('"url":"index.html"}', `"url":"index.html"},{"revision":null,"url":"${missing}"}`);
  expect(broken, 'the service worker lists the missing file').not.toBe(sw);
  writeFileSync(join(folder, 'sw.js'), broken);
  return `/${missing}`;
}

export const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);
export const mark = (page: Page) => page.evaluate(() => Object.assign(window, { openedBeforeTheDeploy: true }));
export const marked = (page: Page) => page.evaluate(() => 'openedBeforeTheDeploy' in window);
export const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });

/** Lets the screen's clock run through one refresh after another until `probe` gives `expected`. */
export async function refreshUntil<T>(page: Page, probe: () => Promise<T>, expected: T) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(REFRESH_MS);
        return probe();
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(expected);
}

// A copy of the app, a worker installed twice, on a loaded 2-core machine.
