/**
 * A view printed as a report (issue 37): the portfolio, a location page and a comparison, in print media and as PDF
 * (A4 and Letter, portrait). No control is printed; the print header says the dates, the filters and the view's
 * address; charts fit the page's width, are not cut by a page break, and are the sharp picture "Print report" drew.
 */
import type { Page } from '@playwright/test';

import { expect, openChip, test } from './fixtures';

const DATES = 'from=2026-11-09&to=2026-11-15';
/** A4's printable height at 96 px per inch with 12 mm margins: a chart no taller than this is never cut. */
const PAGE_HEIGHT_PX = ((297 - 24) / 25.4) * 96;

const VIEWS = [
  {
    address: `/portfolio?${DATES}`,
    ready: '.portfolio-summary [data-kpi="places-to-release"][data-value]',
    chart: false,
  },
  { address: `/locations/31/utilization?${DATES}`, ready: '[data-kpi="average-utilization"][data-value]', chart: true },
  {
    address: `/compare?locations=11,31&${DATES}`,
    ready: 'tr[data-location-id="31"] [data-kpi="average-utilization"]',
    chart: true,
  },
];

/** Controls a reader would see on paper: buttons, menus, chips, checkboxes, inputs. */
function visibleControls(page: Page): Promise<string[]> {
  return page
    .locator('button, select, input, textarea, summary, [role="combobox"]')
    .evaluateAll((all) =>
      all.filter((element) => element.checkVisibility()).map((element) => element.outerHTML.slice(0, 80)),
    );
}

test('prints the portfolio, a location page and a comparison as reports', async ({ page, baseURL }) => {
  for (const view of VIEWS) {
    await page.goto(view.address);
    await expect(page.locator(view.ready).first()).toHaveAttribute('data-value', /\d/);
    if (view.chart) await expect(page.locator('figure.chart canvas').first()).toBeVisible();
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'true');
    });
    await openChip(page, 'More');
    await page.getByRole('button', { name: 'Print report' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'true');
    // Every chart drawn first, those below the screen too (its figure no longer in the skeleton's colour).
    await expect(page.locator('figure.chart-not-drawn')).toHaveCount(0);

    await page.emulateMedia({ media: 'print' });
    expect(await visibleControls(page)).toEqual([]);
    const header = page.locator('.print-header');
    await expect(header).toBeVisible();
    await expect(header).toContainText('Dates: 9 Nov – 15 Nov 2026');
    await expect(header).toContainText('Filters:');
    await expect(header).toContainText('Printed');
    await expect(header).toContainText(`Address: ${baseURL}${view.address}`);
    if (view.chart) {
      const figure = page.locator('figure.chart').first();
      await expect(figure.locator('img.print-picture')).toBeVisible();
      await expect(figure.locator('canvas')).toBeHidden();
      expect(await figure.evaluate((element) => getComputedStyle(element).breakInside)).toBe('avoid');
      const box = (await figure.boundingBox())!;
      expect(box.height).toBeLessThan(PAGE_HEIGHT_PX);
    } else {
      await expect(page.locator('.portfolio-print tbody tr').first()).toBeVisible();
    }
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
    await page.emulateMedia({ media: 'screen' });
  }
});
