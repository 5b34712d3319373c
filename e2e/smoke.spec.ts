import { apiGet, expect, test } from './fixtures';

interface LocationList {
  data: { location_id: number; name: string; parent_id: number | null }[];
}

test('the landing page shows a chart with data for the first location', async ({ page, request, baseURL }) => {
  const locations = await apiGet<LocationList>(request, baseURL, '/locations');
  expect(locations.data.length).toBeGreaterThanOrEqual(8);

  await page.goto('/');

  await expect(page).toHaveURL(/\/locations\/\d+\/occupancy/);
  const chart = page.getByRole('figure', { name: /Occupancy of .+, \d+ windows/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  const summary = await chart.getAttribute('aria-label');
  expect(Number(/(\d+) windows/.exec(summary ?? '')?.[1])).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/^Location \d+$/);
});
