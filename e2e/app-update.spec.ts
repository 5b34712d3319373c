/**
 * A new build reaches every screen with nobody there (issue 26). Each test serves a copy of the built app from a
 * folder of its own (`vite preview`, the simulator mounted, as `npm start` serves dist/), opens it, waits for its
 * service worker, then deploys into that folder as a deploy would: a new build (a new entry script, so a new asset
 * hash, and a service worker whose file list says so), or a broken one (its worker lists a file the server does
 * not have).
 *
 * - an open kiosk finds the new build at a refresh and reloads onto it at the next one, by itself;
 * - a broken deploy's worker fails to install, and the kiosk goes on with the app it has;
 * - an open location page offers the new version and reloads only when Reload is pressed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

import { expectAppKeptForOffline } from './browser-storage';
import { expect, test } from './fixtures';
import { FIXED_NOW, ownServerPort } from './servers';

const KIOSK = '/kiosk?locations=20&panels=figures&rotate=0&refresh=15';
const REFRESH_MS = 15_000;

interface ServedCopy {
  url: string;
  folder: string;
  /** Every path the server was asked for. */
  requested: string[];
  close(): Promise<void>;
}

/** dist/ copied to a folder of its own, served on `port` by `vite preview` with the simulator. */
async function serveCopy(port: number): Promise<ServedCopy> {
  const folder = join(mkdtempSync(join(tmpdir(), 'app-update-')), 'dist');
  cpSync('dist', folder, { recursive: true });
  const requested: string[] = [];
  process.env.SIMULATOR_ARGS = `--now ${FIXED_NOW}`;
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
  const server: PreviewServer = await preview({
    logLevel: 'silent',
    build: { outDir: folder },
    preview: { host: '127.0.0.1', port, strictPort: true },
    plugins: [
      {
        name: 'record-requests',
        configurePreviewServer(server) {
          server.middlewares.use((req, _res, next) => {
            requested.push((req.url ?? '').split('?')[0]!);
            next();
          });
        },
      },
    ],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    folder,
    requested,
    close: async () => {
      await server.close();
      rmSync(join(folder, '..'), { recursive: true, force: true });
    },
  };
}

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
function deployNewBuild(folder: string): string {
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

/** A broken deploy: a service worker whose file list names a file the server does not have. Gives its path. */
function deployBrokenWorker(folder: string): string {
  const missing = 'assets/not-uploaded-Xy12.js';
  const sw = readFileSync(join(folder, 'sw.js'), 'utf8');
  const broken = sw.replace('"url":"index.html"}', `"url":"index.html"},{"revision":null,"url":"${missing}"}`);
  expect(broken, 'the service worker lists the missing file').not.toBe(sw);
  writeFileSync(join(folder, 'sw.js'), broken);
  return `/${missing}`;
}

const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null);
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { openedBeforeTheDeploy: true }));
const marked = (page: Page) => page.evaluate(() => 'openedBeforeTheDeploy' in window);
const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });

/** Lets the screen's clock run through one refresh after another until `probe` gives `expected`. */
async function refreshUntil<T>(page: Page, probe: () => Promise<T>, expected: T) {
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
test.describe.configure({ timeout: 120_000 });

test('a new build reaches an open kiosk by itself: found at a refresh, it reloads onto it at the next', async ({
  page,
}) => {
  const served = await serveCopy(ownServerPort(0));
  try {
    await page.goto(`${served.url}${KIOSK}`);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10, { timeout: 30_000 });
    await expectAppKeptForOffline(page);
    await mark(page);

    const next = deployNewBuild(served.folder);
    // Nobody touches the screen: its clock runs on, refresh after refresh.
    await refreshUntil(page, () => entryScript(page).catch(() => 'reloading'), next);
    expect(await marked(page), 'the page was reloaded').toBe(false);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10, { timeout: 30_000 });
    expect(served.requested).toContain(next);
  } finally {
    await served.close();
  }
});

test('a broken deploy (a file of the new worker missing) leaves the kiosk on the app it has', async ({ page }) => {
  const served = await serveCopy(ownServerPort(1));
  try {
    await page.goto(`${served.url}${KIOSK}`);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10, { timeout: 30_000 });
    await expectAppKeptForOffline(page);
    const entry = await entryScript(page);
    await mark(page);

    const missing = deployBrokenWorker(served.folder);
    // The kiosk checks at a refresh; the new worker asks for every file, and one is not there.
    await refreshUntil(page, async () => served.requested.includes(missing), true);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { installing: !!registration?.installing, waiting: !!registration?.waiting };
        }),
      )
      .toEqual({ installing: false, waiting: false });
    // Two more refreshes: the same document, the same build, its figures on screen.
    await page.clock.runFor(2 * REFRESH_MS);
    expect(await marked(page)).toBe(true);
    expect(await entryScript(page)).toBe(entry);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
  } finally {
    await served.close();
  }
});

test('an open location page offers the new version, and reloads only when Reload is pressed', async ({ page }) => {
  const served = await serveCopy(ownServerPort(2));
  try {
    await page.goto(`${served.url}/locations/21/traffic?interval=daily`);
    const chart = page.getByRole('figure', { name: /Traffic of/ });
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expectAppKeptForOffline(page);
    await mark(page);

    const next = deployNewBuild(served.folder);
    // The page asks for a new build when it comes back into view (and every hour).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByRole('status', { name: 'A new version is available' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    // Minutes on (the page's own refreshes), nothing has reloaded under the person's hands.
    await page.clock.runFor(10 * 60_000);
    expect(await marked(page)).toBe(true);
    await expect(chart).toBeVisible();

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => entryScript(page).catch(() => 'reloading'), { timeout: 60_000 }).toBe(next);
    expect(await marked(page)).toBe(false);
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expect(notice).toHaveCount(0);
  } finally {
    await served.close();
  }
});
