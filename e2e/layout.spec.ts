/**
 * Layout in Chromium, for the landing (utilization) page and a metric page (chart, then table), in both themes, at
 * a phone (390×844), a laptop (1366×900) and a wall (1920×1080): the answer first (the chart and at least three
 * whole figures on a laptop's or a wall's first screen, at least four on a phone's), no sideways scrolling of the
 * page, a header of one line, the time zone named once in the visible text, no text under 12 px, the toolbar's chips
 * opening within the screen, no heading, button or tab cut off or pushed off screen, and on the table a first (time)
 * column that stays in view while the table scrolls sideways. The portfolio likewise: its one toolbar, at least four
 * whole summary figures on every first screen and eight whole rows on a laptop's, no table text cut, and its
 * Location column in view while a phone scrolls the table sideways. One page load per case.
 */
import type { Page } from '@playwright/test';

import { chip, drawnChart, expect, openChip, test, textSmallerThan, type ChipName } from './fixtures';
import { expectNoClippedText, expectNoSidewaysScroll } from './layout-checks';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'wall', width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Figures (`[data-kpi]` in the headline figures, or another region's) whose whole card is on the first screen. */
async function wholeFiguresOnFirstScreen(page: Page, region = 'Headline figures'): Promise<number> {
  return page
    .getByRole('region', { name: region })
    .locator('[data-kpi]')
    .evaluateAll(
      (cards) =>
        cards.filter((card) => {
          const box = card.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
}

/** Rows of the portfolio table wholly on the first screen: under the table's header, above the screen's bottom. */
async function rowsOnFirstScreen(scroller: ReturnType<Page['locator']>): Promise<number> {
  return scroller.evaluate((element) => {
    const header = element.querySelector('thead')!.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, element.getBoundingClientRect().bottom);
    return [...element.querySelectorAll('tbody tr[data-location-id]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= header.bottom - 1 && box.bottom <= bottom + 1;
    }).length;
  });
}

/**
 * Text of the portfolio table that is cut: a header or cell whose content is wider than its box, a location's
 * name cut at its end or after its lines, or a header on more than one line (taller than its row's cells).
 */
async function cutTableText(scroller: ReturnType<Page['locator']>): Promise<string[]> {
  return scroller.evaluate((element) => {
    const cut: string[] = [];
    const name = (node: Element) => `“${node.textContent?.trim().slice(0, 40) ?? ''}”`;
    for (const cell of element.querySelectorAll<HTMLElement>('thead th, tbody tr[data-location-id] > *')) {
      if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`cell ${name(cell)}`);
    }
    for (const link of element.querySelectorAll<HTMLElement>('tbody th a')) {
      if (link.scrollWidth > link.clientWidth + 1 || link.scrollHeight > link.clientHeight + 1) {
        cut.push(`name ${name(link)}`);
      }
    }
    for (const label of element.querySelectorAll<HTMLElement>('thead .column-label')) {
      if (label.getClientRects().length > 1 || label.getBoundingClientRect().height > 24) {
        cut.push(`header on more than one line ${name(label)}`);
      }
    }
    return cut;
  });
}

/** The chart's drawing shows at least `px` of its height on the first screen. */
async function expectChartOnFirstScreen(page: Page, chart: ReturnType<Page['locator']>, px: number) {
  const box = await chart.locator('canvas').first().boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'the chart').not.toBeNull();
  expect(height - box!.y, `the chart's height on a ${height} px high first screen`).toBeGreaterThanOrEqual(px);
}

/**
 * How often the visible text names `zone` (text a screen reader alone is given, visually hidden, and what is inside
 * a closed disclosure do not count; the charts' canvases are not text).
 */
async function zoneMentions(page: Page, zone: string): Promise<number> {
  return page.evaluate((zone) => {
    let count = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.includes(zone)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      count += node.textContent.split(zone).length - 1;
    }
    return count;
  }, zone);
}

/** Every visible piece of text is drawn at 12 px or more. */
async function expectNoSmallText(page: Page) {
  expect(await textSmallerThan(page, 12), 'text under 12 px').toEqual([]);
}

/**
 * A table's scroller scrolled sideways as far as it goes: whether it scrolls, where its left edge is, and where the
 * first cell (`firstCell`, a selector) is then and what it is painted with (a sticky column hides what scrolls under).
 */
function scrolledSideways(scroller: ReturnType<Page['locator']>, firstCell: string) {
  return scroller.evaluate((box, selector) => {
    box.scrollLeft = box.scrollWidth;
    const cell = box.querySelector(selector)!;
    return {
      scrolls: box.scrollWidth > box.clientWidth,
      scrollerLeft: box.getBoundingClientRect().left,
      firstCellLeft: cell.getBoundingClientRect().left,
      background: getComputedStyle(cell).backgroundColor,
    };
  }, firstCell);
}

type Region = ReturnType<Page['locator']>;

/**
 * Each of the toolbar's chips opens its panel within the screen's width (showing what `shows` names for it), with no
 * sideways scroll, cut text or text under 12 px, and Escape closes it.
 */
async function expectChipsOpenWithin(
  page: Page,
  toolbar: Region,
  shows: Partial<Record<ChipName, (panel: Region) => Region>>,
) {
  const width = page.viewportSize()!.width;
  for (const name of ['Date range', 'More filters', 'More'] as const) {
    await openChip(page, name);
    const group = toolbar.getByRole('group', { name, exact: true });
    const inside = shows[name];
    if (inside) await expect(inside(group)).toBeVisible();
    const panel = await group.boundingBox();
    expect(panel!.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width, `${name}: right edge`).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
    await expectNoClippedText(page);
    await expectNoSmallText(page);
    await page.keyboard.press('Escape');
    await expect(group).toBeHidden();
  }
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
