/**
 * A new build reaches every screen with nobody there (issue 26). Each test serves a copy of the built app from a
 * folder of its own (`vite preview`, the simulator mounted, as `npm start` serves dist/), opens it, waits for its
 * service worker, then deploys into that folder as a deploy would: a new build (a new entry script, so a new asset
 * hash, and a service worker whose file list says so), or a broken one (its worker lists a file the server does
 * not have).
 *
 * - an open kiosk finds the new build at a refresh and reloads onto it at the next one, by itself;
 * - a broken deploy's worker fails to install, and the kiosk goes on with the app it has;
 * - an open location page offers the new version and reloads only when Reload is pressed;
 * - a page that registers while the new worker is installing (found by another tab) offers it too (issue 34);
 * - a tab of the old build keeps its files when another tab takes the new build, and opens its lazily loaded pages
 *   offline;
 * - a tab opened after the deploy lets the new worker take over quietly only once no tab of the old build is open.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { expectAppKeptForOffline } from './browser-storage';
import { expect, test } from './fixtures';
import { serveCopy } from './served-copy';
import { ownServerPort } from './servers';

const KIOSK = '/kiosk?locations=20&panels=figures&rotate=0&refresh=15';
const REFRESH_MS = 15_000;

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

/**
 * Deploys a new build into `folder` in which every JS and CSS file has a new name (what a dependency upgrade does to
 * every hash), beside the old ones, with every file that names them, and a service worker whose file list says so.
 * Gives the new entry's path.
 */
function deployRenamedBuild(folder: string): string {
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

const VIEW = '/locations/21/traffic?interval=daily';
const OTHER_VIEW = '/locations/21/occupancy?interval=daily';
const trafficChart = (page: Page) => page.getByRole('figure', { name: /Traffic of/ });
const occupancyChart = (page: Page) => page.getByRole('figure', { name: /Occupancy of/ });
const updateNotice = (page: Page) => page.getByRole('status', { name: 'A new version is available' });
/** Shows the page again: it asks for a new build, as it does every hour. */
const lookAgain = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

/** From its start, `page` records in `window.registeredWorker` that the app has asked to register its service worker. */
const recordRegistration = (page: Page) =>
  page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
      Object.assign(window, { registeredWorker: true });
      return register.apply(this, args);
    };
  });

test('a page that registers while an update is installing offers it when it is installed, as one found later', async ({
  page,
  context,
}) => {
  const served = await serveCopy(ownServerPort(3));
  try {
    await page.goto(`${served.url}${VIEW}`);
    await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
    await expectAppKeptForOffline(page);

    // A second tab of the same build, still loading (a series held), so it has not registered yet.
    const seriesHeld = served.hold((path) => path.startsWith('/v2/locations/21/occupancy'));
    const loading = await context.newPage();
    await recordRegistration(loading);
    await loading.goto(`${served.url}${OTHER_VIEW}`);
    await seriesHeld.reached;

    // The first tab finds the new build; its worker installs, and its last file is held.
    const next = deployNewBuild(served.folder);
    const installHeld = served.hold((path) => path === next);
    await lookAgain(page);
    await installHeld.reached;

    // The second tab's data comes in, and it registers while the new worker is still installing (the browser answers
    // once the install has ended).
    seriesHeld.release();
    await expect(occupancyChart(loading)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => loading.evaluate(() => 'registeredWorker' in window), { timeout: 30_000 }).toBe(true);

    installHeld.release();
    await expect(updateNotice(loading)).toBeVisible({ timeout: 30_000 });
    await updateNotice(loading).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => entryScript(loading).catch(() => 'reloading'), { timeout: 60_000 }).toBe(next);
  } finally {
    await served.close();
  }
});

test('a tab of the old build, offline after another tab took the new build, still opens its lazily loaded pages', async ({
  page,
  context,
}) => {
  const served = await serveCopy(ownServerPort(4));
  try {
    await page.goto(`${served.url}${VIEW}`);
    await expectAppKeptForOffline(page);
    // Opened again, under the worker, as any later visit.
    await page.reload();
    await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await mark(page);
    const other = await context.newPage();
    await other.goto(`${served.url}${OTHER_VIEW}`);
    await expect(occupancyChart(other)).toBeVisible({ timeout: 30_000 });

    // Every file of the new build has a new name; the second tab takes it (Reload).
    const next = deployRenamedBuild(served.folder);
    await lookAgain(other);
    await updateNotice(other).getByRole('button', { name: 'Reload' }).click({ timeout: 30_000 });
    await expect.poll(() => entryScript(other).catch(() => 'reloading'), { timeout: 60_000 }).toBe(next);
    await expect(occupancyChart(other)).toBeVisible({ timeout: 30_000 });

    // The first tab, still on the old build, loses the network and opens a page whose code it has not loaded yet.
    await context.setOffline(true);
    expect(await marked(page)).toBe(true);
    await page.getByRole('link', { name: 'All locations' }).click();
    await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'The network is down' })).toBeVisible();
    expect(await marked(page), 'the same document: no reload').toBe(true);
  } finally {
    await context.setOffline(false);
    await served.close();
  }
});

test('a tab opened after a deploy lets the new worker take over quietly only once no tab of the old build is open', async ({
  page,
  context,
}) => {
  const served = await serveCopy(ownServerPort(5));
  try {
    await page.goto(`${served.url}${VIEW}`);
    await expectAppKeptForOffline(page);
    await page.reload();
    await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const oldEntry = await entryScript(page);
    await page.evaluate(() =>
      navigator.serviceWorker.addEventListener('controllerchange', () => Object.assign(window, { takenOver: true })),
    );

    // A tab opened after the deploy runs the new build; it finds the new worker at its next check.
    const next = deployRenamedBuild(served.folder);
    const fresh = await context.newPage();
    await recordRegistration(fresh);
    await fresh.goto(`${served.url}${OTHER_VIEW}`);
    expect(await entryScript(fresh)).toBe(next);
    await expect(occupancyChart(fresh)).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => fresh.evaluate(() => 'registeredWorker' in window), { timeout: 30_000 }).toBe(true);
    await lookAgain(fresh);

    // Refused (the first tab runs the old build), it waits for the old build's last tab (its lock).
    const decision = () =>
      page.evaluate(async (old) => {
        if ('takenOver' in window) return 'taken over';
        const { pending = [] } = await navigator.locks.query();
        return pending.some((lock) => lock.name === `app-build:${old}`) ? 'waits' : 'undecided';
      }, oldEntry);
    await expect.poll(decision, { timeout: 30_000 }).toBe('waits');
    await expect(updateNotice(page)).toBeVisible();

    // The last tab of the old build closes: the new worker takes over (at once, or at the tab's next check if the
    // closed tab was still counted), and the old build's files go.
    await page.close();
    const state = () =>
      fresh.evaluate(async (old) => {
        document.dispatchEvent(new Event('visibilitychange'));
        const registration = await navigator.serviceWorker.getRegistration();
        const cached = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
        }
        return { waiting: !!registration?.waiting, oldFilesKept: cached.includes(old!) };
      }, oldEntry);
    await expect.poll(state, { timeout: 30_000 }).toEqual({ waiting: false, oldFilesKept: false });
    expect(await fresh.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } finally {
    await served.close();
  }
});
