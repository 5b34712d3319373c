/**
 * Layout in Chromium, for the landing (utilization) page and a metric page (chart, then table), in both themes, at
 * a phone (390×844), a laptop (1366×900) and a wall (1920×1080): the answer first (the chart and at least three
 * whole figures on a laptop's or a wall's first screen, at least four on a phone's), no sideways scrolling of the
 * page, a header of one line, the time zone named once in the visible text, no text under 12 px, the toolbar's chips
 * opening within the screen, no heading, button or tab cut off or pushed off screen, and on the table a first (time)
 * column that stays in view while the table scrolls sideways. The portfolio likewise: its one toolbar, at least four
 * whole summary figures on every first screen and eight whole rows on a laptop's, no table text cut, and its
 * Location column in view while a phone scrolls the table sideways. One page load per case; the checks themselves in
 * e2e/layout-checks.ts.
 */
import { chip, drawnChart, expect, test } from './fixtures';
import {
  cutTableText,
  expectChartOnFirstScreen,
  expectChipsOpenWithin,
  expectNoClippedText,
  expectNoSidewaysScroll,
  expectNoSmallText,
  expectOnFirstScreen,
  type Region,
  rowsOnFirstScreen,
  scrolledSideways,
  wholeFiguresOnFirstScreen,
  zoneMentions,
} from './layout-checks';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'wall', width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;

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
        await drawnChart(chart);
        await page.evaluate(() => window.scrollTo(0, 0));

        await expectOnFirstScreen(page, 'the headline figures', figures);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);

        // The answer first: whole figures, and the chart under them, on the first screen.
        expect(await wholeFiguresOnFirstScreen(page), 'whole figures on the first screen').toBeGreaterThanOrEqual(
          viewport.width <= 640 ? 4 : 3,
        );
        if (viewport.width > 640) await expectChartOnFirstScreen(page, chart, 100);
        expect(await zoneMentions(page, 'America/New_York'), 'the zone named in the visible text').toBe(1);
        await expectNoSmallText(page);

        const header = await page.getByRole('banner').boundingBox();
        expect(header!.height, 'the header’s height').toBeLessThan(viewport.width <= 640 ? 56 : 64);
        // One toolbar: the picker, the filters, and the chips, which open within the screen.
        const toolbar = page.getByRole('group', { name: 'Location and filters' });
        await expect(toolbar.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible();
        await expect(chip(page, 'Date range')).toBeVisible();
        await expectChipsOpenWithin(page, toolbar, {});
        await expect(page.getByRole('group', { name: 'More filters', exact: true })).toBeHidden();
        if (viewport.width <= 640) {
          // The picker's list fits the phone's width too.
          const picker = page.getByRole('combobox', { name: 'Location', exact: true });
          await picker.click();
          await expect(page.getByRole('listbox', { name: 'Locations' })).toBeVisible();
          await expectNoSidewaysScroll(page);
          await picker.press('Escape');
          await expect(page.getByRole('listbox', { name: 'Locations' })).toBeHidden();
        }
        if (viewport.width >= 1920) {
          // A wide screen is used: the content is not a 1280 px column with empty sides.
          const main = await page.getByRole('main').boundingBox();
          expect(main!.width).toBeGreaterThanOrEqual(1700);
        }
      });

      test('the portfolio: one toolbar, the summary and the first rows on the first screen, nothing cut', async ({
        page,
      }) => {
        await page.goto(`/portfolio?theme=${theme}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const summary = page.getByRole('region', { name: 'Portfolio summary' });
        await expect(summary.locator('[data-kpi="busiest-space"]')).toHaveAttribute('data-value', /^\d/, {
          timeout: 30_000,
        });
        await expect(page.getByRole('region', { name: 'Locations' }).getByRole('status')).not.toContainText(
          /so far|loading/,
          { timeout: 30_000 },
        );
        await expectOnFirstScreen(page, 'the summary', summary);
        await expectNoSidewaysScroll(page);
        await expectNoClippedText(page);
        await expectNoSmallText(page);

        // The answer first: the summary's figures whole, and on a laptop a screenful of rows, on the first screen.
        expect(
          await wholeFiguresOnFirstScreen(page, 'Portfolio summary'),
          'whole summary figures on the first screen',
        ).toBeGreaterThanOrEqual(4);
        const table = page.getByRole('region', { name: 'Locations table' });
        if (viewport.width === 1366) {
          expect(await rowsOnFirstScreen(table), 'whole rows on the first screen').toBeGreaterThanOrEqual(8);
        }
        // The table's text is whole: no cell, header or name cut, every header on one line.
        expect(await cutTableText(table), 'table text cut').toEqual([]);

        // One toolbar: the dates, the search, and the chips, which open within the screen.
        const toolbar = page.getByRole('group', { name: 'Filters and search' });
        await expect(chip(page, 'Date range')).toBeVisible();
        await expect(toolbar.getByRole('searchbox', { name: 'Search locations' })).toBeVisible();
        const inChip = {
          'Date range': (panel: Region) => panel.getByRole('grid'),
          'More filters': (panel: Region) => panel.getByRole('combobox', { name: 'From hour' }),
          More: (panel: Region) => panel.getByRole('button', { name: 'Download the table as CSV' }),
        };
        await expectChipsOpenWithin(page, toolbar, inChip);

        // The table scrolls inside its own named, focusable scroller; scrolled sideways as far as it goes (a
        // phone's does), the Location column is still at its left edge, over what scrolls under it.
        await expect(table).toHaveAttribute('tabindex', '0');
        const columns = await scrolledSideways(table, 'tbody tr[data-location-id] th');
        if (viewport.width <= 640) expect(columns.scrolls, 'the table scrolls sideways on a phone').toBe(true);
        else expect(columns.scrolls, 'the table fits a laptop’s width').toBe(false);
        expect(Math.abs(columns.firstCellLeft - columns.scrollerLeft)).toBeLessThanOrEqual(1);
        expect(columns.background, 'the sticky column hides what scrolls under it').not.toBe('rgba(0, 0, 0, 0)');
        expect(await cutTableText(table), 'table text cut, scrolled sideways').toEqual([]);
      });

      test('a metric page: the chart, then the table', async ({ page }) => {
        await page.goto(`/locations/21/occupancy?range=30d&interval=daily&theme=${theme}`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const chart = page.getByRole('region', { name: 'Occupancy chart' }).getByRole('figure');
        await expect(chart.locator('canvas').first()).toBeVisible();
        await expect(page.locator('[data-kpi="peak-occupancy"]')).toHaveAttribute('data-value', /^\d/);
        // The answer first: the metric's three figures whole, and the chart under them, on the first screen.
        expect(await wholeFiguresOnFirstScreen(page), 'whole figures on the first screen').toBe(3);
        await expectChartOnFirstScreen(page, chart, viewport.width <= 640 ? 40 : 200);
        expect(await zoneMentions(page, 'Europe/Berlin'), 'the zone named in the visible text').toBe(1);
        await expectNoSmallText(page);
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
        const columns = await scrolledSideways(table.locator('..'), 'tbody tr th, tbody tr td');
        if (viewport.width <= 640) expect(columns.scrolls, 'the table scrolls sideways on a phone').toBe(true);
        expect(Math.abs(columns.firstCellLeft - columns.scrollerLeft)).toBeLessThanOrEqual(1);
        expect(columns.background, 'the sticky column hides what scrolls under it').not.toBe('rgba(0, 0, 0, 0)');
      });
    });
  }
}

test('the portfolio on a phone, its rows still loading: the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The rows' answers held back: every figure of every row stays a loading bar, with its words for screen readers.
  await page.route('**/v2/locations/*/occupancy?**', () => undefined);
  await page.goto('/portfolio');
  const table = page.getByRole('region', { name: 'Locations table' });
  await expect(table.locator('tbody tr[data-location-id]').first()).toBeVisible();
  await expect(table.getByText('loading…').first()).toBeAttached();
  // What is inside the table's own scroller stays inside it, words kept for screen readers included.
  await expectNoSidewaysScroll(page);
});

test('the portfolio on a phone: rows below the first screen take their figures once scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/portfolio');
  const summary = page.getByRole('region', { name: 'Portfolio summary' });
  // Every space's figures are in: the summary no longer says how many so far.
  await expect(summary.locator('[data-kpi="busiest-space"] .figure-space a')).toBeVisible();
  await expect(summary.getByRole('heading')).not.toContainText(/\d+ of \d+/);
  const rows = page.getByRole('region', { name: 'Locations table' }).locator('tbody tr[data-location-id]');
  const firstFigure = rows.first().locator('[data-kpi="average-utilization"]');
  // Under the summary, off the screen: the drawn rows have not taken their figures (nobody sees them).
  expect(await rows.first().evaluate((row) => row.getBoundingClientRect().top > innerHeight)).toBe(true);
  await expect(firstFigure).toHaveAttribute('data-value', '');
  await rows.first().scrollIntoViewIfNeeded();
  await expect(firstFigure).toHaveAttribute('data-value', /^\d/);
  await expect(rows.last().locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /^\d/);
  await expect(page.getByRole('region', { name: 'Locations table' }).getByText('loading…')).toHaveCount(0);
});

test("the portfolio on a phone: the summary's cards stay where they are as its rows come in", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The rows' answers held until the loading screen is measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v2/locations/*/occupancy?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/portfolio');
  const summary = page.getByRole('region', { name: 'Portfolio summary' });
  const cards = summary.locator('.figure');
  const tops = () => cards.evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().top)));
  const period = summary.getByRole('heading');
  // Loading: the heading says how many spaces have figures so far, and the busiest space has no name yet.
  await expect(period).toContainText(/\d+ of \d+/);
  const loading = await tops();
  release();
  await expect(summary.locator('[data-kpi="busiest-space"] .figure-space a')).toBeVisible();
  await expect(period).not.toContainText(/\d+ of \d+/);
  expect(await tops()).toEqual(loading);
});

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
