/**
 * Layout in Chromium, for the landing (utilization) page and a metric page (chart, then table), in both themes, at
 * a phone (390×844), a laptop (1366×900) and a wall (1920×1080): no sideways scrolling of the page, the chart or
 * the headline figures on the first screen, a header of one line, the filters and the location picker folded away on
 * a phone, no heading, button or tab cut off or pushed off screen, and on the table a first (time) column that stays
 * in view while the table scrolls sideways. One page load per case.
 */
import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'wall', width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** The page scrolls only downwards. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page’s width').toBeLessThanOrEqual(innerWidth);
}

/**
 * No text cut off: every visible heading, button, tab, summary and label has room for its text (its content is no
 * wider than its box, which is what an `overflow: hidden` or `text-overflow` would cut), and lies within the
 * screen's width unless it is inside a region that scrolls sideways (tables, a phone's row of tabs).
 */
async function expectNoClippedText(page: Page) {
  const clipped = await page.evaluate(() => {
    const selector = 'h1, h2, h3, button, summary, label, nav a, .brand';
    const scrollsSideways = (element: HTMLElement) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.getClientRects().length > 0 && element.offsetParent !== null)
      .filter((element) => !scrollsSideways(element))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const cut = element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
        return cut || box.left < -1 || box.right > window.innerWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()} “${element.textContent?.trim().slice(0, 40) ?? ''}”`);
  });
  expect(clipped, 'elements whose text is cut or off screen').toEqual([]);
}

/** The top of `locator` is above the bottom of the first screen. */
async function expectOnFirstScreen(page: Page, what: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top, in a ${height} px high screen`).toBeLessThan(height);
}

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`${viewport.name} ${viewport.width}×${viewport.height}, ${theme} theme`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('a location’s utilization page: figures and chart', async ({ page }) => {
        await page.goto(`/locations/10/utilization?theme=${theme}`);
        await expect(page).toHaveURL(/\/locations\/\d+\/utilization/);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const figures = page.getByRole('region', { name: 'Headline figures' });
        await expect(figures.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /^\d/);
        const chart = page.getByRole('figure', { name: /^Utilization of .+ against its capacity/ });
        await expect(chart.locator('canvas').first()).toBeVisible();

        await expectOnFirstScreen(page, 'the headline figures', figures);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);

        const filters = page.getByRole('region', { name: 'Filters' });
        const picker = page.getByRole('combobox', { name: 'Location', exact: true });
        const header = await page.getByRole('banner').boundingBox();
        if (viewport.width <= 640) {
          // The header is one line on a phone too: the name, the theme and the token button side by side.
          expect(header!.height, 'the header’s height').toBeLessThan(56);
          // The filters and the location picker are folded away, each one tap from view.
          await expect(filters).toBeHidden();
          await page.getByText('Filters', { exact: true }).click();
          await expect(filters).toBeVisible();
          await expect(picker).toBeHidden();
          await page.getByText('Change location', { exact: true }).click();
          await expect(picker).toBeVisible();
          await expectNoSidewaysScroll(page);
          await expectNoClippedText(page);
          // Its list fits the phone's width too.
          await picker.click();
          await expect(page.getByRole('listbox', { name: 'Locations' })).toBeVisible();
          await expectNoSidewaysScroll(page);
          await picker.press('Escape');
          await expect(page.getByRole('listbox', { name: 'Locations' })).toBeHidden();
        } else {
          expect(header!.height, 'the header’s height').toBeLessThan(64);
          await expect(filters).toBeVisible();
          await expect(picker).toBeVisible();
          await expect(page.getByText('Filters', { exact: true })).toBeHidden();
          await expect(page.getByText('Change location', { exact: true })).toBeHidden();
        }
        if (viewport.width >= 1920) {
          // A wide screen is used: the content is not a 1280 px column with empty sides.
          const main = await page.getByRole('main').boundingBox();
          expect(main!.width).toBeGreaterThanOrEqual(1700);
        }
      });

      test('the portfolio: the summary on the first screen, nothing scrolls the page sideways', async ({ page }) => {
        await page.goto(`/portfolio?theme=${theme}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const summary = page.getByRole('region', { name: 'Portfolio summary' });
        await expect(summary).toContainText('Busiest', { timeout: 30_000 });
        await expectOnFirstScreen(page, 'the summary', summary);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);
      });

      test('a metric page: the chart, then the table', async ({ page }) => {
        await page.goto(`/locations/21/occupancy?range=30d&interval=daily&theme=${theme}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const chart = page.getByRole('region', { name: 'Occupancy chart' }).getByRole('figure');
        await expect(chart.locator('canvas').first()).toBeVisible();
        await expectOnFirstScreen(page, 'the chart', chart);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);

        await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
        const table = page.getByRole('region', { name: 'Occupancy table' }).getByRole('table');
        await expect(table.getByRole('row')).not.toHaveCount(0);
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        await expectOnFirstScreen(page, 'the table', table);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);

        // Scrolled sideways as far as it goes, the time column is still at the left edge of the table's box.
        const columns = await table.evaluate((element) => {
          const scroller = element.parentElement!;
          scroller.scrollLeft = scroller.scrollWidth;
          const firstCell = element.querySelector('tbody tr th, tbody tr td')!;
          return {
            scrolls: scroller.scrollWidth > scroller.clientWidth,
            scrollerLeft: scroller.getBoundingClientRect().left,
            firstCellLeft: firstCell.getBoundingClientRect().left,
            background: getComputedStyle(firstCell).backgroundColor,
          };
        });
        if (viewport.width <= 640) expect(columns.scrolls, 'the table scrolls sideways on a phone').toBe(true);
        expect(Math.abs(columns.firstCellLeft - columns.scrollerLeft)).toBeLessThanOrEqual(1);
        expect(columns.background, 'the sticky column hides what scrolls under it').not.toBe('rgba(0, 0, 0, 0)');
      });
    });
  }
}

test('the theme switch writes the theme into the address, keeping the filters, and the page follows', async ({
  page,
}) => {
  await page.goto('/locations/21/occupancy?range=30d&interval=daily&theme=light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const themeSwitch = page.getByRole('combobox', { name: 'Theme' });
  await expect(themeSwitch).toHaveValue('light');
  await themeSwitch.selectOption({ label: 'Dark' });
  await expect(page).toHaveURL(/\/locations\/21\/occupancy\?range=30d&interval=daily&theme=dark$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('region', { name: 'Occupancy chart' }).getByRole('figure')).toBeVisible();
  await page.goBack();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(themeSwitch).toHaveValue('light');
});
