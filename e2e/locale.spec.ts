/**
 * The interface speaks English, so it formats as English whatever the browser's language: the same weekday
 * names, grouped numbers and shares in a German browser as in an American one (lib/format.ts). Only the order
 * of the week follows the viewer's region. One page load per browser language checks them all.
 */
import type { Page } from '@playwright/test';

import { apiGet, expect, openChip, test } from './fixtures';

interface TrafficDay {
  window_start: string;
  traffic: number;
}

/** The simulator's daily entries at the transit concourse (location 11): tens of thousands, so grouped. */
async function concourseWeek(page: Page, request: Parameters<typeof apiGet>[0], baseURL: string) {
  const api = await apiGet<{ capacity: number; data: TrafficDay[] }>(
    request,
    baseURL,
    '/locations/11/traffic?start_date=2026-11-16&end_date=2026-11-17&interval=daily',
  );
  await page.goto('/locations/11/traffic?from=2026-11-16&to=2026-11-17&interval=daily&view=table');
  const table = page.getByRole('table', { name: /^Traffic, page 1/ });
  await expect(table.getByRole('row')).toHaveCount(1 + api.data.length);
  return { api, table };
}

async function weekdayButtons(page: Page): Promise<string[]> {
  await openChip(page, 'More filters');
  return page.getByRole('group', { name: 'Days of week' }).getByRole('button').allTextContents();
}

for (const [locale, week] of [
  ['de-DE', ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']],
  ['en-US', ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']],
] as const) {
  test.describe(`in a browser set to ${locale}`, () => {
    test.use({ locale });

    test('weekdays, capacity and table numbers read as English', async ({ page, request, baseURL }) => {
      const { api, table } = await concourseWeek(page, request, baseURL);
      // The browser really is set to the language (a German one would write 1.540).
      expect(await page.evaluate(() => navigator.language)).toBe(locale);

      expect(await weekdayButtons(page)).toEqual(week);
      await expect(page.getByText(`Capacity ${api.capacity.toLocaleString('en-US')}`, { exact: true })).toBeVisible();
      expect(api.capacity).toBeGreaterThanOrEqual(1000); // so the grouping shows

      const cells = await table.locator('tbody td').allTextContents();
      expect(cells).toEqual(api.data.map((day) => day.traffic.toLocaleString('en-US')));
      for (const cell of cells) expect(cell).toMatch(/^\d{1,3}(,\d{3})+$/);
      await expect(table.getByRole('rowheader').first()).toHaveText('Mon 16 Nov 2026');
    });
  });
}

test.describe('closed hours on an hourly chart', () => {
  test.use({ locale: 'de-DE' });

  test('are hidden by default for a location with operating hours, and the choice goes into the address', async ({
    page,
  }) => {
    await page.goto('/locations/21/occupancy?from=2026-11-13&to=2026-11-17&interval=60min');
    await expect(page.getByRole('figure', { name: /^Occupancy of Open Workspace, Floor 1, / })).toBeVisible();
    await openChip(page, 'More filters');
    const hide = page.getByRole('checkbox', { name: 'Hide closed hours' });
    await expect(hide).toBeChecked();
    // A click, not uncheck(): the box follows the address, which the click changes a moment later.
    await hide.click();
    await expect(page).toHaveURL(/[?&]closed=show(&|$)/);
    await expect(hide).not.toBeChecked();
    // The utilization shares in the tooltip-free table follow the one rule too: one decimal.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('table').locator('tbody td').nth(1)).toHaveText(/^\d{1,3}\.\d %$/);
  });

  test('are not offered where every hour of every day is shown, until an hour filter leaves some out', async ({
    page,
  }) => {
    // Midtown Transit Center is open all day, every day.
    await page.goto('/locations/10/occupancy?from=2026-11-13&to=2026-11-17&interval=60min');
    await expect(page.getByRole('figure', { name: /^Occupancy of Midtown Transit Center, / })).toBeVisible();
    await openChip(page, 'More filters');
    await expect(page.getByRole('group', { name: 'Days of week' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Hide closed hours' })).toHaveCount(0);

    await page.goto('/locations/10/occupancy?from=2026-11-13&to=2026-11-17&interval=60min&hours=7-19');
    await expect(page.getByRole('figure', { name: /^Occupancy of Midtown Transit Center, / })).toBeVisible();
    await openChip(page, 'More filters');
    await expect(page.getByRole('checkbox', { name: 'Hide closed hours' })).toBeVisible();
  });
});
