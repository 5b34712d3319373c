/**
 * The browser's language chooses the interface's when the address names none: a German browser opens in German, with
 * German numbers, dates and weekday names; a French one in English, as English formats them. The week's first day
 * follows the browser's region in both. One page load per browser language checks them all.
 */
import type { Page } from '@playwright/test';

import { say } from './catalog';
import { apiGet, expect, openChip, test } from './fixtures';

interface TrafficDay {
  window_start: string;
  traffic: number;
}

const FIRST_DAY = Date.UTC(2026, 10, 16); // Mon 16 Nov 2026

/** The simulator's daily entries at the transit concourse (location 11): tens of thousands, so grouped. */
function concourseWeek(request: Parameters<typeof apiGet>[0], baseURL: string) {
  return apiGet<{ capacity: number; data: TrafficDay[] }>(
    request,
    baseURL,
    '/locations/11/traffic?start_date=2026-11-16&end_date=2026-11-17&interval=daily',
  );
}
const CONCOURSE_TABLE = '/locations/11/traffic?from=2026-11-16&to=2026-11-17&interval=daily&view=table';

/** The week's days as the browser's Intl names them in a date in `locale`, from the weekday `first` (0 Sunday, 1 Monday). */
function week(page: Page, locale: string, first: number): Promise<string[]> {
  return page.evaluate(
    ({ locale, first, monday }) => {
      // As a date names its weekday (German: "Di." in a date, "Di" alone), which is how the page shows them.
      const date = new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const name = (ms: number) => date.formatToParts(ms).find((part) => part.type === 'weekday')!.value;
      return Array.from({ length: 7 }, (_, i) => name(monday + ((first - 1 + i + 7) % 7) * 86_400_000));
    },
    { locale, first, monday: FIRST_DAY },
  );
}

/** The concourse's table of daily entries, opened, in the language the page should speak; and the API's week. */
async function openConcourseTable(
  page: Page,
  request: Parameters<typeof apiGet>[0],
  baseURL: string,
  expected: { language: string; tableName: RegExp },
) {
  const api = await concourseWeek(request, baseURL);
  await page.goto(CONCOURSE_TABLE);
  await expect(page.locator('html')).toHaveAttribute('lang', expected.language);
  const table = page.getByRole('table', { name: expected.tableName });
  await expect(table.getByRole('row')).toHaveCount(1 + api.data.length);
  return { api, table };
}

async function weekdayButtons(page: Page, moreFilters: string, daysOfWeek: string): Promise<string[]> {
  await openChip(page, moreFilters);
  return page.getByRole('group', { name: daysOfWeek }).getByRole('button').allTextContents();
}

test.describe('in a browser set to de-DE, with no lang in the address', () => {
  test.use({ locale: 'de-DE' });

  test('the page is German: weekdays, capacity, table numbers and dates as German readers write them', async ({
    page,
    request,
    baseURL,
  }) => {
    const { api, table } = await openConcourseTable(page, request, baseURL, {
      language: 'de',
      tableName: new RegExp(`^${say('de', 'Traffic')}, `),
    });

    expect(await weekdayButtons(page, say('de', 'More filters'), say('de', 'Days of week'))).toEqual(
      await week(page, 'de-DE', 1),
    );
    const capacity = say('de', 'Capacity {places}', { places: api.capacity.toLocaleString('de-DE') });
    await expect(page.getByText(capacity, { exact: true })).toBeVisible();
    expect(api.capacity).toBeGreaterThanOrEqual(1000); // so the grouping shows

    const cells = await table.locator('tbody td').allTextContents();
    expect(cells).toEqual(api.data.map((day) => day.traffic.toLocaleString('de-DE')));
    for (const cell of cells) expect(cell).toMatch(/^\d{1,3}(\.\d{3})+$/);
    await expect(table.getByRole('rowheader').first()).toContainText((await week(page, 'de-DE', 1))[0]!);
    await expect(table.getByRole('rowheader').first()).toContainText('2026');
  });
});

for (const [locale, first] of [
  ['fr-FR', 1],
  ['en-US', 0],
] as const) {
  test.describe(`in a browser set to ${locale}`, () => {
    test.use({ locale });

    test('the page is English, formatted as English; the week starts as the region does', async ({
      page,
      request,
      baseURL,
    }) => {
      const { api, table } = await openConcourseTable(page, request, baseURL, {
        language: 'en',
        tableName: /^Traffic, page 1/,
      });
      expect(await page.evaluate(() => navigator.language)).toBe(locale);

      expect(await weekdayButtons(page, 'More filters', 'Days of week')).toEqual(await week(page, 'en-US', first));
      await expect(page.getByText(`Capacity ${api.capacity.toLocaleString('en-US')}`, { exact: true })).toBeVisible();
      const cells = await table.locator('tbody td').allTextContents();
      expect(cells).toEqual(api.data.map((day) => day.traffic.toLocaleString('en-US')));
      await expect(table.getByRole('rowheader').first()).toHaveText('Mon 16 Nov 2026');
    });
  });
}

test.describe('closed hours on an hourly chart', () => {
  test.use({ locale: 'en-GB' });

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
