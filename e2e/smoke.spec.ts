import { apiGet, expect, test } from './fixtures';

interface LocationList {
  data: { location_id: number; name: string; parent_id: number | null }[];
}

test('the landing page lists every location; a row opens its utilization, with figures and a chart', async ({
  page,
  request,
  baseURL,
}) => {
  const locations = await apiGet<LocationList>(request, baseURL, '/locations');
  expect(locations.data.length).toBeGreaterThanOrEqual(8);

  await page.goto('/');

  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  await expect(page.locator('[data-portfolio-count]')).toHaveAttribute('data-value', String(locations.data.length));
  await page.getByRole('link', { name: locations.data[0]!.name, exact: true }).first().click();

  await expect(page).toHaveURL(/\/locations\/\d+\/utilization/);
  const figures = page.getByRole('region', { name: 'Headline figures' });
  await expect(figures.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /^\d/);
  const chart = page.getByRole('figure', { name: /^Utilization of .+ against its capacity/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText(/^Location \d+$/);
  // The tab names the view and the location.
  await expect(page).toHaveTitle(`Utilization · ${await heading.textContent()} — Location analytics`);
});
