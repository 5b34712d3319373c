/**
 * The kiosk's charts are drawn in a worker (src/panels/wall-chart.tsx, src/charts/wall-chart-worker.ts): the page
 * itself runs no ECharts until someone points at a chart, which is then drawn on the page, with its tooltip.
 */
import { hoverChart } from './chart-tooltip';
import { expect, test } from './fixtures';

test('the kiosk draws its charts in a worker, and on the page once one is pointed at', async ({ page }) => {
  const echartsOnPage: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/echarts-[^/]*\.js$/.test(request.url())) echartsOnPage.push(request.url());
  });
  await page.goto('/kiosk?locations=11&panels=now,heatmap&rotate=0');
  const today = page.getByRole('region', { name: 'Today' }).getByRole('figure');
  const heatmap = page.getByRole('region', { name: 'Busiest times' }).getByRole('figure');
  for (const chart of [today, heatmap]) {
    // Drawn: its canvas on screen, the skeleton's colour gone.
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).not.toHaveClass(/chart-not-drawn/);
  }
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/wall-chart-worker-[^/]*\.js$/),
  );
  expect(echartsOnPage, 'ECharts asked for by the page').toEqual([]);

  // Pointed at, today's chart is drawn on the page and says what a window holds; the heatmap stays in the worker.
  expect(await hoverChart(page, today)).toMatch(/people/);
  expect(echartsOnPage.length).toBeGreaterThan(0);
  await expect(heatmap.locator('.echarts-for-react')).toHaveCount(0);
});

test('where the worker cannot start, the kiosk draws its charts on the page', async ({ page }) => {
  await page.route(/\/assets\/wall-chart-worker-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/kiosk?locations=11&panels=now,heatmap&rotate=0');
  for (const panel of ['Today', 'Busiest times']) {
    await expect(page.getByRole('region', { name: panel }).locator('.echarts-for-react canvas').first()).toBeVisible();
  }
});
