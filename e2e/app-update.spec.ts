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
 * - what the tabs open at a deploy do (issue 34): e2e/app-update-tabs.spec.ts; the deploys themselves:
 *   e2e/app-update-deploys.ts.
 */
import { expectAppKeptForOffline } from './browser-storage';
import { expect, test } from './fixtures';
import { serveCopy } from './served-copy';
import { ownServerPort } from './servers';
import {
  deployBrokenWorker,
  deployNewBuild,
  entryScript,
  headline,
  KIOSK,
  mark,
  marked,
  REFRESH_MS,
  refreshUntil,
} from './app-update-deploys';

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
