/**
 * The app with no network (issue 26): once its service worker is active, every address opens offline (the built
 * app from its precache, config.json as last served), and each page shows what this browser kept, said to be old:
 * the kiosk its last figures, a location page its last view, the portfolio its last rows. When the network comes
 * back, each goes live by itself. No API response is ever in a cache, and a token typed by a person is in no cache,
 * IndexedDB database or localStorage (the tab keeps it in sessionStorage, by design: docs/configuration.md);
 * config.json's token leaves the worker's copy of config.json as soon as the API refuses it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext, Page } from '@playwright/test';
import { sign } from 'hono/jwt';

import { DEFAULT_JWT_SECRET } from '../simulator/auth';
import { expectAppKeptForOffline, storedInBrowser } from './browser-storage';
import { expect, test } from './fixtures';
import { serveCopy } from './served-copy';
import { FIXED_NOW, ownServerPort } from './servers';

const KIOSK = '/kiosk?locations=20&panels=now,figures,heatmap,traffic&rotate=0&refresh=15';
const KIOSK_CHARTS = ['Occupancy today against capacity', 'Busiest times', 'Entries today'];
const VIEW = '/locations/21/traffic?interval=daily';

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });
const totalEntries = (page: Page) => headline(page).locator('[data-kpi="total-entries"]');
/** The kiosk's "Updated …" line (with " · stale: …" while the data is not live). */
const updated = (page: Page) => page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });
const trafficChart = (page: Page) => page.getByRole('figure', { name: /Traffic of/ });
const networkDown = (page: Page) => page.getByRole('status', { name: 'The network is down' });

/** The keys this browser keeps in IndexedDB database `db`. */
async function keptKeys(page: Page, db: string): Promise<string[]> {
  return (await storedInBrowser(page)).indexedDb.filter((entry) => entry.db === db).map((entry) => entry.key);
}

/** A fresh page of the same browser context (a restarted browser), its clock `minutes` after the simulator's. */
async function restart(context: BrowserContext, minutes: number): Promise<Page> {
  const page = await context.newPage();
  await page.clock.install({ time: new Date(Date.parse(FIXED_NOW) + minutes * 60_000) });
  return page;
}

// Each test loads the app twice, once with no network, on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

test('a kiosk restarted with no network shows its last figures marked stale, and goes live when the network is back', async ({
  page,
  context,
}) => {
  await page.goto(KIOSK);
  for (const label of KIOSK_CHARTS) {
    await expect(page.getByRole('region', { name: label }).getByRole('figure')).toBeVisible({ timeout: 30_000 });
  }
  await expect(totalEntries(page)).toHaveAttribute('data-value', /^\d/, { timeout: 30_000 });
  await expect(updated(page)).toHaveText('Updated 16:30');
  await expect
    .poll(async () => (await keptKeys(page, 'dashboard-kiosk')).filter((key) => key.startsWith('kiosk-snapshot:')))
    .toHaveLength(4);
  await expectAppKeptForOffline(page);
  const entries = await totalEntries(page).getAttribute('data-value');
  await page.close();

  await context.setOffline(true);
  const restarted = await restart(context, 5);
  await restarted.goto(KIOSK);
  await expect(restarted.getByRole('heading', { level: 1 })).toHaveText('Berlin Office Friedrichstraße');
  for (const label of KIOSK_CHARTS) {
    await expect(restarted.getByRole('region', { name: label }).getByRole('figure')).toBeVisible();
  }
  await expect(totalEntries(restarted)).toHaveAttribute('data-value', entries!);
  await expect(updated(restarted)).toHaveClass(/stale/);
  await expect(updated(restarted)).toHaveText('Updated 16:30 · stale: no network; showing the last data received');
  await expect(restarted.getByRole('alert')).toHaveCount(0);

  await context.setOffline(false);
  // The screen's clock runs on (its refresh, the retries' waits) until it is live again.
  await expect
    .poll(
      async () => {
        await restarted.clock.runFor(2_000);
        return updated(restarted).textContent();
      },
      { timeout: 45_000, intervals: [250] },
    )
    .toMatch(/^Updated 16:3\d$/);
  await expect(updated(restarted)).not.toHaveClass(/stale/);
  for (const label of KIOSK_CHARTS) {
    await expect(restarted.getByRole('region', { name: label }).getByRole('figure')).toBeVisible();
  }
});

test('a location page opened with no network says so and shows the view this browser kept, then loads by itself', async ({
  page,
  context,
}) => {
  await page.goto(VIEW);
  await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => keptKeys(page, 'dashboard-views')).toContain(`kept-view:${VIEW}`);
  await expectAppKeptForOffline(page);
  const summary = await trafficChart(page).getAttribute('aria-label');
  await page.close();

  await context.setOffline(true);
  const offline = await restart(context, 90);
  await offline.goto(VIEW);
  await expect(networkDown(offline)).toContainText(
    'Showing what this browser kept of this view, received 1 h ago. This page loads again by itself when the network is back.',
  );
  await expect(offline.getByRole('heading', { level: 1 })).toContainText('Open Workspace, Floor 1');
  await expect(trafficChart(offline)).toBeVisible();
  expect(await trafficChart(offline).getAttribute('aria-label')).toBe(summary);
  await expect(offline.getByText(/config\.json/)).toHaveCount(0);

  // An address this browser never showed opens too: its frame, and what it has (nothing).
  await offline.goto('/locations/21/dwell-time');
  await expect(networkDown(offline)).toContainText('This browser has kept nothing of this view.');
  await expect(offline.getByRole('link', { name: 'All locations' })).toBeVisible();

  await offline.goto(VIEW);
  await expect(networkDown(offline)).toBeVisible();
  await context.setOffline(false);
  await expect(networkDown(offline)).toHaveCount(0);
  await expect(trafficChart(offline)).toBeVisible();
});

test('the portfolio opened with no network shows the rows this browser kept, with their age', async ({
  page,
  context,
}) => {
  await page.goto('/portfolio');
  const figure = (p: Page) => p.locator('[data-location-id] [data-kpi="average-utilization"][data-value]').first();
  await expect(figure(page)).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  await expect
    .poll(async () => {
      const keys = await keptKeys(page, 'portfolio');
      return keys.some((key) => key.startsWith('portfolio-rows:'));
    })
    .toBe(true);
  await expect.poll(() => keptKeys(page, 'dashboard-views')).toContain('kept-view:/portfolio');
  await expectAppKeptForOffline(page);
  await page.close();

  await context.setOffline(true);
  const offline = await restart(context, 90);
  await offline.goto('/portfolio');
  await expect(networkDown(offline)).toContainText('Showing what this browser kept of the figures, received 1 h ago.');
  await expect(offline.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  await expect(figure(offline)).toHaveAttribute('data-value', /\d/);
});

/** A valid token no other test holds. */
function uniqueToken(): Promise<string> {
  return sign({ sub: 'e2e-user', jti: randomUUID(), iat: Math.floor(Date.now() / 1000) }, DEFAULT_JWT_SECRET, 'HS256');
}

test('no API response is in any cache, and a typed token is in no cache, IndexedDB database or localStorage', async ({
  page,
}) => {
  await page.goto(VIEW);
  await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
  await expectAppKeptForOffline(page);
  // Opened again under the worker: the page and config.json come through it.
  await page.reload();
  await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });

  const token = await uniqueToken();
  await page.getByRole('button', { name: 'API token' }).click();
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Use token' }).click();
  await expect(page.getByRole('button', { name: 'Use token' })).toHaveCount(0);
  await expect(trafficChart(page)).toBeVisible();
  // Another view, answered with the typed token, and kept.
  await page.getByRole('link', { name: 'Occupancy' }).click();
  await expect(page.getByRole('figure', { name: /Occupancy of/ })).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await keptKeys(page, 'dashboard-views')).some((key) => key.includes('/locations/21/occupancy')))
    .toBe(true);

  const stored = await storedInBrowser(page);
  const paths = stored.caches.map((entry) => new URL(entry.url).pathname);
  expect(paths, 'the built app is precached').toContain('/index.html');
  expect(paths, 'config.json as last served').toContain('/config.json');
  expect(paths.filter((path) => /^\/(v2|__control)(\/|$)/.test(path))).toEqual([]);
  const everything = JSON.stringify(stored);
  expect(everything).toContain('kept-view:');
  expect(everything, 'the typed token').not.toContain(token);
  expect(everything, 'nor its signature').not.toContain(token.split('.').at(-1)!);
  // The tab keeps it for itself, by design, until the tab closes.
  expect(await page.evaluate(() => sessionStorage.getItem('location-metrics.token'))).toBe(token);
});

test('the service worker is registered once the page’s data is in, not while it loads', async ({ page }) => {
  const order: string[] = [];
  let release!: () => void;
  const seriesHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v2\/locations\/21\/traffic\?/, async (route) => {
    await seriesHeld;
    order.push('series answered');
    await route.continue();
  });
  // The worker's code is asked for as the app registers it.
  page.on('request', (request) => {
    if (/\/assets\/service-worker-[^/]*\.js$/.test(request.url())) order.push('worker asked for');
  });
  await page.goto(VIEW);
  // The app mounted (its heading is React's), loaded, and idle twice over, each idle callback asked for after the one
  // the app asked for at its mount: the moment its worker's code was asked for before registration waited for data.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Open Workspace, Floor 1');
  await page.waitForLoadState('load');
  for (let idle = 0; idle < 2; idle++) {
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })));
  }
  release();
  await expect(totalEntries(page)).toHaveAttribute('data-value', /\d/);
  await expectAppKeptForOffline(page);
  expect(order, 'the worker asked for only once the series was in').toEqual(['series answered', 'worker asked for']);
});

test('config.json’s token is dropped from the worker’s copy as soon as the API refuses it, and the copy still starts the app', async ({
  page,
  context,
}) => {
  const served = await serveCopy(ownServerPort(6), '--control');
  try {
    const token = await uniqueToken();
    const configFile = join(served.folder, 'config.json');
    writeFileSync(configFile, JSON.stringify({ ...JSON.parse(readFileSync(configFile, 'utf8')), token }));
    await page.goto(`${served.url}${VIEW}`);
    await expect(trafficChart(page)).toBeVisible({ timeout: 30_000 });
    await expectAppKeptForOffline(page);
    const copy = async () =>
      (await storedInBrowser(page)).caches
        .filter((entry) => new URL(entry.url).pathname === '/config.json')
        .map((entry) => entry.body)
        .join('\n');
    await expect.poll(copy, { message: 'kept with the copy while the API takes it' }).toContain(token);

    const revoked = await page.request.post(`${served.url}/__control/tokens`, { data: { revoke: token } });
    expect(revoked.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign-in needed' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(copy).not.toContain(token);
    expect(await copy()).toContain('"apiBaseUrl"');

    // The copy still starts the app with no network.
    await page.close();
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto(`${served.url}${VIEW}`);
    await expect(networkDown(offline)).toBeVisible({ timeout: 30_000 });
    await expect(offline.getByText(/config\.json/)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await served.close();
  }
});
