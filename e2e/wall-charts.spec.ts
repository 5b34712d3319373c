/**
 * The kiosk's charts are drawn in a worker (src/panels/wall-chart.tsx, src/charts/wall-chart-worker.ts): the page
 * itself runs no ECharts until someone points at a chart, which is then drawn on the page, with its tooltip.
 */
import { readFile } from 'node:fs/promises';

import type { Locator } from '@playwright/test';

import { HEATMAP_PALETTE_LIGHT } from '../src/charts/heatmap-palette';
import { hoverChart } from './chart-tooltip';
import { decodePng } from './export-files';
import { expect, moreButton, test } from './fixtures';

test('the kiosk draws its charts in a worker, and on the page once one is pointed at', async ({ page }) => {
  // ECharts' own chunk: the page's. (The worker's heatmap parts, echarts-utilization, it loads for itself.)
  const echartsOnPage: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/echarts-(?!utilization)[^/]*\.js$/.test(request.url())) echartsOnPage.push(request.url());
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
  // Its cells in the colours of its scale, by value, as on the page (the worker once drew them all in one colour):
  // the night's hours in the scale's palest colours, and no colour on most of them.
  const cells = await cellColours(heatmap);
  expect(cells.pale, 'share of cells in the palest colours of the scale').toBeGreaterThan(0.15);
  expect(cells.commonest, 'share of the commonest colour').toBeLessThan(0.6);

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

test('a metric page draws its chart in the worker, on the page once pointed at, and downloads it as PNG either way', async ({
  page,
}) => {
  const echartsOnPage: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/echarts-(?!utilization)[^/]*\.js$/.test(request.url())) echartsOnPage.push(request.url());
  });
  await page.goto('/locations/11/occupancy?from=2026-11-09&to=2026-11-15&interval=daily');
  const chart = page.getByRole('figure', { name: /^Occupancy of Main Concourse/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).not.toHaveClass(/chart-not-drawn/);
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/wall-chart-worker-[^/]*\.js$/),
  );
  expect(echartsOnPage, 'ECharts asked for by the page').toEqual([]);

  // Its picture, drawn by the worker: a PNG twice the chart's size.
  const size = async () => {
    const button = await moreButton(page, 'Download chart as PNG');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const bytes = await readFile((await download.path())!);
    return {
      png: bytes.subarray(1, 4).toString('latin1'),
      width: bytes.readUInt32BE(16),
      height: bytes.readUInt32BE(20),
    };
  };
  const box = (await chart.locator('canvas').boundingBox())!;
  const fromWorker = await size();
  expect(fromWorker.png).toBe('PNG');
  expect(fromWorker.width).toBe(Math.round(box.width * 2));

  // Pointed at, it is drawn on the page with its tooltip; its picture is then ECharts' own, of the same size.
  expect(await hoverChart(page, chart)).toMatch(/people/);
  expect(echartsOnPage.length).toBeGreaterThan(0);
  expect(await size()).toEqual(fromWorker);
});

test('the utilization page draws its charts in the worker too: no ECharts on the page until one is pointed at', async ({
  page,
}) => {
  const echartsOnPage: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/echarts-(?!utilization)[^/]*\.js$/.test(request.url())) echartsOnPage.push(request.url());
  });
  await page.goto('/locations/20/utilization?from=2026-11-09&to=2026-11-15');
  for (const name of [
    /^Utilization of /,
    /^Busiest times/,
    /^Share of \d+ open hours/,
    /^Average utilization over time of \d+ spaces/,
  ]) {
    const chart = page.getByRole('figure', { name });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).not.toHaveClass(/chart-not-drawn/);
  }
  expect(echartsOnPage, 'ECharts asked for by the page').toEqual([]);
  expect(await hoverChart(page, page.getByRole('figure', { name: /^Utilization of / }))).toMatch(/%/);
  expect(echartsOnPage.length).toBeGreaterThan(0);
});

/**
 * Of the heatmap's cells (the middle of its plot: past the weekday names, before the scale), the share of pixels in
 * or near the light scale's three palest colours, and the share of the commonest colour.
 */
async function cellColours(heatmap: Locator): Promise<{ pale: number; commonest: number }> {
  const canvas = heatmap.locator('canvas');
  const box = (await canvas.boundingBox())!;
  const { rgba } = decodePng(
    await canvas.page().screenshot({
      clip: {
        x: box.x + box.width * 0.12,
        y: box.y + box.height * 0.15,
        width: box.width * 0.68,
        height: box.height * 0.6,
      },
    }),
  );
  const pale = HEATMAP_PALETTE_LIGHT.slice(0, 3).map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  const counts = new Map<number, number>();
  let paleCount = 0;
  const pixels = rgba.length / 4;
  for (let i = 0; i < rgba.length; i += 4) {
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    if (pale.some(([pr, pg, pb]) => Math.abs(r - pr!) + Math.abs(g - pg!) + Math.abs(b - pb!) <= 30)) paleCount += 1;
    const key = (r << 16) | (g << 8) | b;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { pale: paleCount / pixels, commonest: Math.max(...counts.values()) / pixels };
}
