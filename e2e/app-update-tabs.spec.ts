/**
 * A new build and the tabs open when it comes (issue 34): a page that registers while the new worker is installing
 * offers it too; a tab of the old build keeps its files when another tab takes the new build, and opens its lazily
 * loaded pages offline; a tab opened after the deploy lets the new worker take over quietly only once no tab of the
 * old build is open.
 */
import type { Page } from '@playwright/test';

import { expectAppKeptForOffline } from './browser-storage';
import { expect, test } from './fixtures';
import { serveCopy } from './served-copy';
import { ownServerPort } from './servers';
import { deployNewBuild, deployRenamedBuild, entryScript, mark, marked } from './app-update-deploys';

test.describe.configure({ timeout: 120_000 });

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
