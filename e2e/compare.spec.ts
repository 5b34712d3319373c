/**
 * `/compare` (issue 37): New York and Sydney side by side, the table's figures equal to each location's own
 * utilization page and to the raw API; every metric; the ways in (the portfolio's checkboxes, "Compare with…"); the
 * bad links; and the release cost with and without a cost per place. Few tests, several checks each: every page
 * load costs seconds on two cores.
 */
import type { Page } from '@playwright/test';

import { apiGet, expect, openChip, test, walk } from './fixtures';

const NEW_YORK = 11; // Main Concourse, America/New_York
const SYDNEY = 31; // Library, Australia/Sydney
const DATES = 'from=2026-11-09&to=2026-11-15';

interface OccupancyPoint {
  window_start: string;
  window_end: string;
  avg_utilization_percentage: number;
  peak_utilization_percentage: number;
}

/** Average and peak utilization as docs/figures.md defines them, from the raw API. */
async function apiUtilization(page: Page, baseURL: string, id: number) {
  const { data } = await walk<OccupancyPoint>(
    page.request,
    baseURL,
    `/locations/${id}/occupancy?start_date=2026-11-09&end_date=2026-11-15&interval=60min`,
  );
  let sum = 0;
  let weights = 0;
  for (const point of data) {
    const length = Date.parse(point.window_end) - Date.parse(point.window_start);
    sum += point.avg_utilization_percentage * length;
    weights += length;
  }
  return { average: sum / weights, peak: Math.max(...data.map((point) => point.peak_utilization_percentage)) };
}

const cell = (page: Page, id: number, kpi: string) => page.locator(`tr[data-location-id="${id}"] [data-kpi="${kpi}"]`);

async function valueOf(page: Page, id: number, kpi: string): Promise<number> {
  await expect(cell(page, id, kpi)).toHaveAttribute('data-value', /\d/);
  return Number(await cell(page, id, kpi).getAttribute('data-value'));
}

/** A utilization page's figure, as its own page shows it. */
async function pageFigure(page: Page, id: number, kpi: string): Promise<string | null> {
  await page.goto(`/locations/${id}/utilization?${DATES}`);
  const figure = page.getByRole('region', { name: 'Headline figures' }).locator(`[data-kpi="${kpi}"]`);
  await expect(figure).toHaveAttribute('data-value', /\d/);
  return figure.getAttribute('data-value');
}

test('compares New York and Sydney on one chart, their figures those of their own pages and of the API', async ({
  page,
  baseURL,
}) => {
  await page.goto(`/compare?locations=${NEW_YORK},${SYDNEY}&${DATES}`);
  await expect(page.getByRole('heading', { name: 'Compare locations', level: 1 })).toBeVisible();
  const rows = page.locator('tr[data-location-id]');
  await expect(rows).toHaveCount(2);
  expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-location-id')))).toEqual(['11', '31']);
  // One chart, its text alternative naming both locations and its axis.
  const chart = page.locator('.compare-chart figure');
  await expect(chart).toHaveAttribute('aria-label', /Main Concourse, Library, on the local time of each location/);
  await expect(chart.locator('canvas')).toBeVisible();

  const shown: Record<number, { average: number; peak: number }> = {
    [NEW_YORK]: {
      average: await valueOf(page, NEW_YORK, 'average-utilization'),
      peak: await valueOf(page, NEW_YORK, 'peak-utilization'),
    },
    [SYDNEY]: {
      average: await valueOf(page, SYDNEY, 'average-utilization'),
      peak: await valueOf(page, SYDNEY, 'peak-utilization'),
    },
  };
  // Sorting by a figure puts the highest first; the order given comes back with the address.
  await page.getByRole('button', { name: 'Average utilization' }).click();
  await expect(page).toHaveURL(/sort=-average-utilization/);
  const sorted = await rows.evaluateAll((all) => all.map((row) => Number(row.getAttribute('data-location-id'))));
  expect(sorted[0]).toBe(shown[NEW_YORK]!.average >= shown[SYDNEY]!.average ? NEW_YORK : SYDNEY);

  for (const id of [NEW_YORK, SYDNEY]) {
    const api = await apiUtilization(page, baseURL!, id);
    expect(shown[id]!.average).toBeCloseTo(api.average, 10);
    expect(shown[id]!.peak).toBe(api.peak);
    expect(Number(await pageFigure(page, id, 'average-utilization'))).toBe(shown[id]!.average);
    expect(Number(await pageFigure(page, id, 'peak-utilization'))).toBe(shown[id]!.peak);
  }
});

test('compares every metric, each location with its metric page’s first figure; traffic’s total entries those of the API', async ({
  page,
  baseURL,
}) => {
  await page.goto(`/compare?locations=${NEW_YORK},${SYDNEY}&${DATES}&metric=occupancy`);
  const metric = page.getByLabel('Metric');
  const expected = {
    occupancy: 'average-occupancy',
    traffic: 'total-entries',
    'dwell-time': 'visit-length-by-window',
    availability: 'average-free',
  };
  for (const [slug, kpi] of Object.entries(expected)) {
    if (slug !== 'occupancy') await metric.selectOption(slug);
    await expect(page).toHaveURL(new RegExp(`metric=${slug}`));
    await expect(page.locator('.compare-chart figure canvas')).toBeVisible();
    for (const id of [NEW_YORK, SYDNEY]) await expect(cell(page, id, kpi)).toHaveAttribute('data-value', /\d/);
  }
  // Traffic's total entries are the sum of the API's daily windows.
  await metric.selectOption('traffic');
  const { data } = await walk<{ traffic: number }>(
    page.request,
    baseURL!,
    `/locations/${SYDNEY}/traffic?start_date=2026-11-09&end_date=2026-11-15&interval=daily`,
  );
  expect(await valueOf(page, SYDNEY, 'total-entries')).toBe(data.reduce((sum, point) => sum + point.traffic, 0));
});

test('says in words what a bad link asks, and still shows the valid locations', async ({ page }) => {
  const rule = page.getByRole('alert').getByRole('heading', { name: 'Choose 2 to 8 locations to compare' });
  const cases = [
    { search: `locations=${NEW_YORK}`, words: 'Only one location to compare', rows: 1 },
    { search: `locations=${NEW_YORK},999999`, words: 'There is no location 999999; left out', rows: 1 },
    { search: `locations=${NEW_YORK},abc,${SYDNEY}`, words: '“abc” is not a location number; left out', rows: 2 },
    { search: 'locations=10,11,12,20,21,22,23,24,25', words: 'More than 8 locations: 1 left out (25)', rows: 8 },
  ];
  for (const { search, words, rows } of cases) {
    await page.goto(`/compare?${search}&${DATES}`);
    await expect(rule).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(words);
    await expect(page.locator('tr[data-location-id]')).toHaveCount(rows);
    await expect(page.getByText('No such page')).toHaveCount(0);
  }
});

test('opens from the portfolio’s checkboxes and from a location page’s “Compare with…”', async ({ page }) => {
  await page.goto(`/portfolio?${DATES}`);
  await page.getByRole('checkbox', { name: 'Compare Main Concourse' }).check();
  await expect(page.getByRole('link', { name: 'Compare', exact: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Compare Library' }).check();
  await page.getByRole('link', { name: 'Compare', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?locations=${NEW_YORK},${SYDNEY}&from=2026-11-09&to=2026-11-15`));
  await expect(page.locator('tr[data-location-id]')).toHaveCount(2);

  await page.goto(`/locations/${SYDNEY}/utilization?${DATES}`);
  await openChip(page, 'More');
  await page.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?locations=${SYDNEY}&from=2026-11-09`));
  const add = page.getByLabel('Add a location');
  await add.fill('Main Concourse');
  await page
    .getByRole('option', { name: /Main Concourse/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`locations=${SYDNEY},${NEW_YORK}`));
  await expect(page.locator('tr[data-location-id]')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Library' }).click();
  await expect(page).toHaveURL(new RegExp(`locations=${NEW_YORK}(&|$)`));
});

test.describe('the release cost', () => {
  test('is places to release × the cost per place with both set, and no money shows without them', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto(`/portfolio?${DATES}`);
    const summary = page.getByRole('region', { name: 'Portfolio summary' });
    await expect(summary.locator('[data-kpi="places-to-release"]')).toHaveAttribute('data-value', /\d/);
    await expect(summary.locator('[data-kpi="release-cost"]')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/[€$£¥]/);

    const config = await (await page.request.get(`${baseURL}/config.json`)).json();
    await context.route('**/config.json', (route) =>
      route.fulfill({ json: { ...config, currency: 'EUR', costPerPlacePerYear: 1200 } }),
    );
    await page.goto(`/portfolio?${DATES}`);
    const places = summary.locator('[data-kpi="places-to-release"]');
    const cost = summary.locator('[data-kpi="release-cost"]');
    // Every space's row is in once the summary says so; the cost follows the places as rows arrive.
    await expect(summary.getByRole('heading')).not.toContainText('loading', { timeout: 30_000 });
    const placesValue = Number(await places.getAttribute('data-value'));
    await expect(cost).toHaveAttribute('data-value', String(placesValue * 1200));
    await expect(cost).toContainText(`€${(placesValue * 1200).toLocaleString('en-US')} a year`);

    await page.goto(`/compare?locations=${NEW_YORK},${SYDNEY}&${DATES}`);
    const surplus = await valueOf(page, SYDNEY, 'capacity-surplus');
    expect(await valueOf(page, SYDNEY, 'release-cost')).toBe(Math.max(0, surplus) * 1200);
    await page.goto(`/locations/${SYDNEY}/utilization?${DATES}`);
    await expect(page.locator('[data-kpi="release-cost"]')).toHaveAttribute(
      'data-value',
      String(Math.max(0, surplus) * 1200),
    );
    expect(await apiGet(page.request, baseURL!, '/locations')).toBeTruthy();
  });
});

test.describe('with the vendor’s records (no zone, hours or days)', () => {
  test.use({ server: 'vendor' });

  test('reads each location on its probed local day, its figures those of its own page', async ({ page }) => {
    await page.goto(`/compare?locations=${NEW_YORK},${SYDNEY}&${DATES}`);
    await expect(page.locator('.compare-chart figure canvas')).toBeVisible();
    const average = await valueOf(page, SYDNEY, 'average-utilization');
    const peak = await valueOf(page, NEW_YORK, 'peak-utilization');
    expect(Number(await pageFigure(page, SYDNEY, 'average-utilization'))).toBe(average);
    expect(Number(await pageFigure(page, NEW_YORK, 'peak-utilization'))).toBe(peak);
  });
});
