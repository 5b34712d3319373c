/**
 * The kiosk across a browser restart with the API down: the last data it received is kept in the browser
 * (IndexedDB), and a fresh page of the same browser context (IndexedDB survives; memory does not) shows it, marked
 * stale with the time it was received, on the same day and past the location's midnight, with the simulator's
 * records and with the vendor's (no time zone anywhere). When the API answers again, live data replaces it and
 * the marker goes. Nothing kept holds the API token.
 */
import type { BrowserContext, Page } from '@playwright/test';

import { apiGet, apiToken, expect, test } from './fixtures';
import { FIXED_NOW } from './servers';

const ADDRESS = '/kiosk?locations=20&panels=now,figures,heatmap,traffic&rotate=0&refresh=15';
const PANELS_WITH_CHARTS = ['Occupancy today against capacity', 'Busiest times', 'Entries today'];

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });
/** The kiosk's "Updated …" line (with " · stale: …" while the data is not live). */
const updated = (page: Page) => page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });
const totalEntries = (page: Page) => headline(page).locator('[data-kpi="total-entries"]');

/** What the kiosk keeps in IndexedDB, as [key, JSON of the value] (none before the app made its database). */
function keptInBrowser(page: Page): Promise<[string, string][]> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty, and the app's store with it would be lost.
    if (!(await indexedDB.databases()).some((db) => db.name === 'dashboard-kiosk')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('dashboard-kiosk');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('snapshots')) return [];
      const store = db.transaction('snapshots', 'readonly').objectStore('snapshots');
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
        });
      const [keys, values] = await Promise.all([read(store.getAllKeys()), read(store.getAll())]);
      return keys.map((key, index): [string, string] => [String(key), JSON.stringify(values[index])]);
    } finally {
      db.close();
    }
  });
}

/** The panels kept for location 20 of this kiosk, sorted. */
async function keptPanels(page: Page): Promise<string[]> {
  const kept = await keptInBrowser(page);
  return kept
    .filter(([key]) => key.startsWith('kiosk-snapshot:'))
    .map(([key]) => JSON.parse(key.slice('kiosk-snapshot:'.length)) as [number, string, number, string])
    .filter(([, , locationId]) => locationId === 20)
    .map(([, , , panel]) => panel)
    .sort();
}

/**
 * Loads the kiosk with the API up, until every panel is drawn and kept; then closes the page, as a browser
 * restart would. Gives what it showed.
 */
async function loadAndKeep(page: Page, token: string) {
  await page.goto(ADDRESS);
  for (const label of PANELS_WITH_CHARTS) {
    await expect(page.getByRole('region', { name: label }).getByRole('figure')).toBeVisible({ timeout: 30_000 });
  }
  await expect(totalEntries(page)).toHaveAttribute('data-value', /^\d/, { timeout: 30_000 });
  await expect(updated(page)).toHaveText(/^Updated \d\d:\d\d$/);
  await expect(updated(page)).not.toHaveClass(/stale/);
  await expect.poll(() => keptPanels(page), { timeout: 30_000 }).toEqual(['figures', 'heatmap', 'now', 'traffic']);

  const entries = await keptInBrowser(page);
  test.info().annotations.push({
    type: 'kept sizes (characters of JSON)',
    description: entries.map(([key, value]) => `${key.split(',').at(-1)} ${value.length}`).join('; '),
  });
  const kept = JSON.stringify(entries);
  expect(kept).toContain('occupancy');
  expect(kept, 'nothing kept holds the API token').not.toContain(token);
  expect(kept, 'nor its signature').not.toContain(token.split('.').at(-1)!);

  const shown = {
    heading: (await page.getByRole('heading', { level: 1 }).textContent())!,
    updated: (await updated(page).textContent())!,
    totalEntries: (await totalEntries(page).getAttribute('data-value'))!,
  };
  await page.close();
  return shown;
}

/** A fresh page of the same browser context (the restarted browser), its clock at `at`. */
async function restart(context: BrowserContext, at: string) {
  const page = await context.newPage();
  await page.clock.install({ time: new Date(at) });
  return page;
}

/** The kept screen: every panel drawn with the data shown before the restart, and the stale marker. */
async function expectKeptScreen(page: Page, shown: Awaited<ReturnType<typeof loadAndKeep>>, updatedLine: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown.heading);
  for (const label of PANELS_WITH_CHARTS) {
    await expect(page.getByRole('region', { name: label }).getByRole('figure')).toBeVisible();
  }
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
  await expect(totalEntries(page)).toHaveAttribute('data-value', shown.totalEntries);
  await expect(updated(page)).toHaveClass(/stale/, { timeout: 30_000 });
  await expect(updated(page)).toHaveText(
    new RegExp(`^${updatedLine} · stale: the API is not answering; showing the last data received$`),
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
}

/** Moves the clock on 2 s at a time (refresh timer, retry waits) until the status line reads `expected`. */
async function runUntil(page: Page, expected: RegExp) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(2_000);
        return updated(page).textContent();
      },
      { timeout: 45_000, intervals: [250] },
    )
    .toMatch(expected);
}

const MINUTES = 60_000;

// Each test loads a kiosk twice and waits out retries against a dead API: generous on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });
/** 06:00 on Thursday 19 November in Berlin (UTC+1): past location 20's midnight after FIXED_NOW (16:30 there). */
const NEXT_MORNING = '2026-11-19T05:00:00Z';

test.describe('with the simulator’s records, restarted during an outage', () => {
  test.use({ server: 'kioskRestart' });
  // One outage switch for the server: the tests take turns.
  test.describe.configure({ mode: 'serial' });

  test('shows the last data with the stale marker and the time it was received, then live data once the API answers', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const setFailures = (mode: 'all' | 'off') => request.post(`${baseURL}/__control/failures`, { data: { mode } });
    try {
      await setFailures('off');
      const shown = await loadAndKeep(page, await apiToken(request, baseURL));
      expect(shown.updated).toBe('Updated 16:30');

      await setFailures('all');
      const restarted = await restart(context, new Date(Date.parse(FIXED_NOW) + 5 * MINUTES).toISOString());
      await restarted.goto(ADDRESS);
      await expectKeptScreen(restarted, shown, 'Updated 16:30');
      // Today's charts are today's: no other day named.
      await expect(restarted.getByRole('region', { name: 'Entries today' }).getByRole('heading')).toHaveText(
        'Entries today',
      );

      await setFailures('off');
      await runUntil(restarted, /^Updated \d\d:\d\d$/);
      await expect(updated(restarted)).not.toHaveClass(/stale/);
      await expect(updated(restarted)).not.toHaveText('Updated 16:30');
      for (const label of PANELS_WITH_CHARTS) {
        await expect(restarted.getByRole('region', { name: label }).getByRole('figure')).toBeVisible();
      }
    } finally {
      await setFailures('off');
    }
  });

  test('past the location’s midnight, shows the last data of the day before with its date', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const setFailures = (mode: 'all' | 'off') => request.post(`${baseURL}/__control/failures`, { data: { mode } });
    try {
      await setFailures('off');
      const shown = await loadAndKeep(page, await apiToken(request, baseURL));

      await setFailures('all');
      const restarted = await restart(context, NEXT_MORNING);
      await restarted.goto(ADDRESS);
      await expect(restarted.locator('.kiosk-clock')).toHaveText(/^Thu 19 Nov, 06:0\d/);
      await expectKeptScreen(restarted, shown, 'Updated Wed 18 Nov, 16:30');
      await expect(restarted.getByRole('region', { name: 'Entries today' }).getByRole('heading')).toHaveText(
        'Entries today · 18 Nov 2026',
      );
    } finally {
      await setFailures('off');
    }
  });
});

test.describe('with the vendor’s records (no time zone), restarted with the API unreachable', () => {
  test.use({ server: 'vendor' });

  test('past the location’s midnight, shows the last data with the stale marker', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const record = await apiGet<{ name: string; time_zone?: string }>(request, baseURL, '/locations/20');
    expect(record.time_zone, 'a vendor record names no zone').toBeUndefined();
    const shown = await loadAndKeep(page, await apiToken(request, baseURL));
    expect(shown.updated).toBe('Updated 16:30');

    const restarted = await restart(context, NEXT_MORNING);
    // This page cannot reach the API at all (the server stays up for other tests).
    await restarted.route('**/v2/**', (route) => route.abort('internetdisconnected'));
    await restarted.goto(ADDRESS);
    await expectKeptScreen(restarted, shown, 'Updated Wed 18 Nov, 16:30');
    await expect(restarted.locator('.kiosk-clock')).toHaveText(/^Thu 19 Nov, 06:0\d \(UTC\+01:00\)$/);
  });
});
