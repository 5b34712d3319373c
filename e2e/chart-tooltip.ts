/**
 * Reading a chart in a real browser: ECharts draws on a canvas, so what a person reads off it is its tooltip.
 */
import type { Locator, Page } from '@playwright/test';

import { drawnChart, expect } from './fixtures';

/**
 * Moves the mouse across a chart until ECharts shows its tooltip (a window without data shows none); returns the
 * tooltip's text.
 */
export async function hoverChart(
  page: Page,
  figure: Locator,
  xs: readonly number[] = [0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6],
): Promise<string> {
  const canvas = await drawnChart(figure, 60_000);
  const tooltip = figure.locator('.echarts-for-react > div').filter({ hasText: /\S/ });
  let step = 0;
  await expect(async () => {
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const x = box.x + box.width * xs[step++ % xs.length]!;
    await page.mouse.move(x, box.y + box.height * 0.55);
    await page.mouse.move(x + 3, box.y + box.height * 0.55);
    await expect(tooltip).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return tooltip.evaluate((element) => element.textContent ?? '');
}
