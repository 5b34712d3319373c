/**
 * The portfolio against the simulator with `--portfolio 1500` (1,666 locations: 1,500 generated spaces in 125
 * buildings and 28 campuses, and the 13 built-in ones), in Chromium: every location listed, loaded within the
 * limiter's bound and without a long task over 200 ms, the rows on screen asked for first; sorting, searching and
 * a branch that a shared link restores; the summary's counts against the rows'; one space's figures against its
 * utilization page; a second visit painted from the kept rows; and the vendor's records (no zones) at scale. The
 * rows' right-sizing: e2e/portfolio-right-size.spec.ts.
 */
import type { Page } from '@playwright/test';

import { expect, openChip, test } from './fixtures';
import { allLocations, type LocationRecord } from './portfolio-locations';

test.use({ server: 'portfolio' });

/** The first generated building: a parent whose children have none, with about a dozen spaces. */
function firstBuilding(records: readonly LocationRecord[]): LocationRecord {
  const parents = new Set(records.map((r) => r.parent_id));
  return records.find(
    (r) => r.location_id >= 1000 && parents.has(r.location_id) && r.parent_id !== null && !isCampus(r, records),
  )!;
  function isCampus(record: LocationRecord, all: readonly LocationRecord[]) {
    return all.some((child) => child.parent_id === record.location_id && parents.has(child.location_id));
  }
}

const status = (page: Page) => page.getByRole('region', { name: 'Locations' }).getByRole('status');
const count = (page: Page) => page.locator('[data-portfolio-count]');
const rows = (page: Page) => page.locator('tr[data-location-id]');

/** Every listed row has its figures (the status line stops counting them). */
async function allFilled(page: Page) {
  await expect(status(page)).not.toContainText(/so far|loading/, { timeout: 120_000 });
}

interface RowValues {
  id: number;
  space: boolean;
  average: string;
  peak: string;
  rightSize: string;
  change: string;
}

async function rowValues(page: Page): Promise<RowValues[]> {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => {
      const kpi = (name: string) => tr.querySelector(`[data-kpi="${name}"]`)?.getAttribute('data-value') ?? '';
      return {
        id: Number(tr.getAttribute('data-location-id')),
        space: tr.getAttribute('data-children') !== 'true',
        average: kpi('average-utilization'),
        peak: kpi('peak-utilization'),
        rightSize: kpi('right-size-p95'),
        change: kpi('average-utilization-change'),
      };
    }),
  );
}

test('lists every location at scale, rows on screen first, within 8 requests in flight and no long task over 200 ms', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const records = await allLocations(request, baseURL);
  expect(records.length).toBeGreaterThan(1_600);

  await page.addInitScript(() => {
    const win = window as unknown as { longTasks: { start: number; duration: number }[] };
    win.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) win.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  let inFlight = 0;
  let peak = 0;
  const occupancyIds: number[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/v2/')) return;
    inFlight++;
    peak = Math.max(peak, inFlight);
    const match = /^\/v2\/locations\/(\d+)\/occupancy$/.exec(url.pathname);
    if (match && url.searchParams.get('interval') === '60min') occupancyIds.push(Number(match[1]));
  });
  const done = (req: { url(): string }) => {
    if (new URL(req.url()).pathname.startsWith('/v2/')) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  await page.goto('/');
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(count(page)).toHaveAttribute('data-value', String(records.length));
  const firstShown = (await rowValues(page)).map((row) => row.id);
  await allFilled(page);

  // A virtualized table: a screenful, never the 1,666 rows.
  expect(await rows(page).count()).toBeLessThan(100);
  // What was on screen first was asked for first.
  const firstAsked = [...new Set(occupancyIds)].slice(0, 12);
  expect(firstShown.slice(0, 12).every((id) => firstAsked.includes(id))).toBe(true);
  expect(peak).toBeLessThanOrEqual(8);
  // While the rows load: from the first row's request on (the app's start before it, the same on every page, is
  // not the rows' doing; the bench's rows 7i and 7j give the longest task of the whole load).
  const longestTask = await page.evaluate(() => {
    const rowRequests = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/v2\/locations\/\d+\/occupancy\?/.test(entry.name));
    const loadingFrom = Math.min(...rowRequests.map((entry) => entry.startTime));
    const { longTasks } = window as unknown as { longTasks: { start: number; duration: number }[] };
    return Math.max(0, ...longTasks.filter((task) => task.start + task.duration > loadingFrom).map((t) => t.duration));
  });
  expect(longestTask).toBeLessThanOrEqual(200);
});

test('sorts, searches and narrows to a branch, a shared link restores it, and the summary counts the rows', async ({
  page,
  request,
  baseURL,
  context,
}) => {
  test.setTimeout(120_000);
  const records = await allLocations(request, baseURL);
  const building = firstBuilding(records);
  const spaces = records.filter((r) => r.parent_id === building.location_id);
  const campus = records.find((r) => r.location_id === building.parent_id)!;

  await page.goto('/portfolio');
  await page.getByRole('searchbox', { name: 'Search locations' }).fill(campus.name);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('button', { name: `Show only ${building.name} and what is in it` }).click();
  await expect(page).toHaveURL(new RegExp(`under=${building.location_id}`));
  await page.getByRole('searchbox', { name: 'Search locations' }).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(count(page)).toHaveAttribute('data-value', String(spaces.length + 1));

  await page.getByRole('button', { name: 'Average utilization' }).click();
  await expect(page).toHaveURL(/sort=-average-utilization/);
  await page.getByRole('button', { name: 'Average utilization' }).click();
  await expect(page).toHaveURL(/sort=average-utilization/);
  await allFilled(page);

  const values = await rowValues(page);
  expect(values).toHaveLength(spaces.length + 1);
  const averages = values.filter((row) => row.average !== '').map((row) => Number(row.average));
  expect(averages).toEqual([...averages].sort((a, b) => a - b));

  // The summary over the spaces listed, counted from the rows themselves.
  const listedSpaces = values.filter((row) => row.space);
  const under = listedSpaces.filter((row) => row.average !== '' && Number(row.average) < 0.3).length;
  const nearFull = listedSpaces.filter((row) => row.peak !== '' && Number(row.peak) >= 0.85).length;
  const rightSize = listedSpaces.reduce((sum, row) => sum + (row.rightSize === '' ? 0 : Number(row.rightSize)), 0);
  const summary = page.getByRole('region', { name: 'Portfolio summary' });
  await expect(summary.locator('[data-kpi="under-used-spaces"]')).toHaveAttribute('data-value', String(under));
  await expect(summary.locator('[data-kpi="near-full-spaces"]')).toHaveAttribute('data-value', String(nearFull));
  await expect(summary.locator('[data-kpi="places-needed"]')).toHaveAttribute('data-value', String(rightSize));

  // A shared link opens the same table.
  const shared = await context.newPage();
  await shared.clock.install({ time: new Date('2026-11-18T15:30:00Z') });
  await shared.goto(page.url());
  await expect(count(shared)).toHaveAttribute('data-value', String(spaces.length + 1));
  await allFilled(shared);
  expect(await rowValues(shared)).toEqual(values);
});

test('a space shows the same figures as its utilization page, the change as its comparison with the previous period', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const records = await allLocations(request, baseURL);
  const building = firstBuilding(records);
  await page.goto(`/portfolio?under=${building.location_id}&range=30d&hours=8-18`);
  await allFilled(page);
  const space = (await rowValues(page)).find((row) => row.space && row.average !== '' && row.change !== '')!;
  expect(space).toBeDefined();

  await page.locator(`tr[data-location-id="${space.id}"] th a`).click();
  await expect(page).toHaveURL(new RegExp(`/locations/${space.id}/utilization\\?.*range=30d`));
  const figure = (name: string) => page.locator(`[data-kpi="${name}"]`).first();
  await expect(figure('average-utilization')).toHaveAttribute('data-value', space.average);
  await expect(figure('peak-utilization')).toHaveAttribute('data-value', space.peak);
  await expect(figure('right-size-p95')).toHaveAttribute('data-value', space.rightSize);

  await openChip(page, 'More');
  await page.getByRole('combobox', { name: 'Compare with' }).selectOption('previous');
  const delta = figure('average-utilization').locator('[data-delta]');
  await expect(delta).not.toHaveAttribute('data-delta', '');
  expect(Number(await delta.getAttribute('data-delta'))).toBeCloseTo(Number(space.change), 12);
});

test('a second visit paints the kept rows at once, then loads them again', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const building = firstBuilding(await allLocations(request, baseURL));
  const path = `/portfolio?under=${building.location_id}&range=30d`;
  await page.goto(path);
  await allFilled(page);
  const first = await rowValues(page);
  // Kept in IndexedDB (features/portfolio/portfolio-store.ts) a moment after the rows arrive, keyed by the filters.
  await expect.poll(() => keptRows(page, 'range=30d')).toBe(first.length);
  await page.goto('about:blank');

  // The series are held back until the kept rows have shown: what shows first can only come from the browser's
  // store, however slowly the page starts (a fixed delay was outrun by a loaded CI machine).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/v2\/locations\/\d+\/occupancy\?/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path);
  const row = page.locator(`tr[data-location-id="${first[1]!.id}"]`);
  await expect(row).toHaveClass(/kept/, { timeout: 30_000 });
  await expect(row.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', first[1]!.average);
  release();
  await expect(row).not.toHaveClass(/kept/, { timeout: 30_000 });
});

/** How many rows the browser keeps for a set of filters (under `portfolio-rows:` and the filters, portfolio-store.ts). */
function keptRows(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (key) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portfolio');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('rows').objectStore('rows').get(`portfolio-rows:${key}`);
          get.onsuccess = () => resolve((get.result as { rows?: unknown[] } | undefined)?.rows?.length ?? 0);
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

test.describe('vendor records: no zone, hours or days for any location', () => {
  test.use({ server: 'portfolioVendor' });

  test('shows rows before it has every clock, and loads them', async ({ page }) => {
    test.setTimeout(120_000);
    let probes = 0;
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.searchParams.get('limit') === '1' && url.searchParams.get('interval') === 'daily') probes++;
    });
    await page.goto('/portfolio');
    await expect(count(page)).toHaveAttribute('data-value', /^\d{4}$/);
    const firstRow = rows(page).first();
    await expect(firstRow.locator('[data-kpi="average-utilization"]')).not.toHaveText('loading…');
    expect(probes).toBeLessThan(100);
    await expect(rows(page).filter({ hasText: 'failed to load' })).toHaveCount(0);
  });
});
