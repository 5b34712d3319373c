/**
 * The metric pages against the simulator, in Chromium: values match the API's, links reproduce views,
 * history works, large ranges load every page, and local time holds whatever the browser's zone.
 */
import type { Page } from '@playwright/test';

import { apiGet, apiToken, chip, expect, FILTER_INPUTS, filterInput, moreButton, openChip, test } from './fixtures';

interface Envelope<P> {
  name: string;
  capacity: number;
  hour_range: { start: number; end: number };
  days_of_week: number[];
  data: P[];
}
interface Window {
  window_start: string;
  window_end: string;
}

/** The body rows of the data table: [row header, …cells]. */
async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
}

/** The interface's one rule for shares: one decimal, `25.0 %`. */
const percent = (fraction: number) => `${(Math.round(fraction * 1000) / 10).toFixed(1)} %`;
/** Counts grouped the English way whatever the browser's language: `1,540`. */
const count = (value: number) => value.toLocaleString('en-US');
/** `07:00` from `2026-11-16T07:00:00+01:00`: the window's own wall clock. */
const wallHour = (w: Window) => w.window_start.slice(11, 16);

test.describe('each metric page shows the API’s numbers for a known window', () => {
  test('occupancy, hourly, Berlin open workspace on a Monday', async ({ page, request, baseURL }) => {
    const query = 'start_date=2026-11-16&end_date=2026-11-16&interval=60min';
    const api = await apiGet<
      Envelope<
        Window & {
          avg_occupancy: number;
          avg_utilization_percentage: number;
          peak_occupancy: number;
          peak_utilization_percentage: number;
        }
      >
    >(request, baseURL, `/locations/21/occupancy?${query}`);
    expect(api.data.length).toBe(13); // 07:00–19:00, the operating hours

    await page.goto('/locations/21/occupancy?from=2026-11-16&to=2026-11-16&interval=60min&view=table');
    const rows = await tableRows(page);
    expect(rows).toHaveLength(api.data.length);
    rows.forEach((row, i) => {
      const point = api.data[i]!;
      expect(row[0]).toContain(`${wallHour(point)}–`);
      expect(row.slice(1)).toEqual([
        count(point.avg_occupancy),
        percent(point.avg_utilization_percentage),
        count(point.peak_occupancy),
        percent(point.peak_utilization_percentage),
      ]);
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(api.name);
    await expect(page.getByText(`Capacity ${count(api.capacity)}`)).toBeVisible();
  });

  test('traffic, daily, the transit concourse over a week', async ({ page, request, baseURL }) => {
    const api = await apiGet<Envelope<Window & { traffic: number }>>(
      request,
      baseURL,
      '/locations/11/traffic?start_date=2026-11-09&end_date=2026-11-15&interval=daily',
    );
    expect(api.data).toHaveLength(7);
    await page.goto('/locations/11/traffic?from=2026-11-09&to=2026-11-15&view=table');
    const rows = await tableRows(page);
    expect(rows.map((row) => row[1])).toEqual(api.data.map((p) => count(p.traffic)));
  });

  test('dwell time, daily, names its unit', async ({ page, request, baseURL }) => {
    const api = await apiGet<Envelope<Window & { avg_dwell_time: number | null; peak_dwell_time: number | null }>>(
      request,
      baseURL,
      '/locations/31/dwell_time?start_date=2026-11-09&end_date=2026-11-15&interval=daily',
    );
    await page.goto('/locations/31/dwell-time?from=2026-11-09&to=2026-11-15&view=table');
    await expect(page.getByRole('columnheader', { name: 'Average dwell (minutes)' })).toBeVisible();
    const rows = await tableRows(page);
    const shown = (value: number | null) => (value === null ? '—' : count(value));
    expect(rows.map((row) => row.slice(1))).toEqual(
      api.data.map((p) => [shown(p.avg_dwell_time), shown(p.peak_dwell_time)]),
    );
  });

  test('availability, hourly, a meeting room', async ({ page, request, baseURL }) => {
    const api = await apiGet<Envelope<Window & { availability_percentage: number | null }>>(
      request,
      baseURL,
      '/locations/23/availability?start_date=2026-11-17&end_date=2026-11-17&interval=60min',
    );
    await page.goto('/locations/23/availability?from=2026-11-17&to=2026-11-17&interval=60min&view=table');
    const rows = await tableRows(page);
    expect(rows.map((row) => row[1])).toEqual(
      api.data.map((p) => (p.availability_percentage === null ? '—' : percent(p.availability_percentage))),
    );
  });
});

test('the busiest hour reads in the location’s time, whatever the browser’s zone', async ({
  browser,
  request,
  baseURL,
}) => {
  const api = await apiGet<Envelope<Window & { peak_occupancy: number }>>(
    request,
    baseURL,
    '/locations/31/occupancy?start_date=2026-11-17&end_date=2026-11-17&interval=60min',
  );
  const busiest = api.data.reduce((a, b) => (b.peak_occupancy > a.peak_occupancy ? b : a));
  // Sydney is UTC+11 in November; Honolulu is UTC−10: 21 hours apart.
  const context = await browser.newContext({ timezoneId: 'Pacific/Honolulu', baseURL });
  const page = await context.newPage();
  await page.goto('/locations/31/occupancy?from=2026-11-17&to=2026-11-17&interval=60min&view=table');
  const rows = await tableRows(page);
  const shownBusiest = rows.reduce((a, b) => (Number(b[3]) > Number(a[3]) ? b : a));
  expect(shownBusiest[0]).toContain(`${wallHour(busiest)}–`);
  await expect(page.getByText('Times in Australia/Sydney (the location’s time zone)', { exact: true })).toBeVisible();
  await context.close();
});

test('a copied link opened in a fresh browser shows the same filters and data', async ({ page, browser, baseURL }) => {
  await page.goto('/locations/22/occupancy?range=30d&interval=60min&hours=8-18&days=246');
  const chart = page.getByRole('figure', { name: /Occupancy of/ });
  await expect(chart).toBeVisible();
  await (await moreButton(page, 'Copy link')).click();
  const link = await page.getByLabel('Link copied').inputValue();
  expect(link).toContain('range=30d');
  expect(link).not.toMatch(/token|Bearer/i);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.clock.install({ time: await page.evaluate(() => Date.now()) });
  await other.goto(link);
  await expect(chip(other, 'Date range')).toHaveText((await chip(page, 'Date range').textContent())!);
  await expect(chip(other, 'Date range')).toContainText('Last 30 days');
  for (const name of FILTER_INPUTS) {
    const value = await (await filterInput(page, name)).inputValue();
    await expect(await filterInput(other, name)).toHaveValue(value);
  }
  await openChip(other, 'More filters');
  const days = other.getByRole('group', { name: 'Days of week' });
  for (const day of ['Mon', 'Wed', 'Fri'])
    await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
  await expect(days.getByRole('button', { name: 'Tue' })).toHaveAttribute('aria-pressed', 'false');
  await expect(other.getByRole('figure', { name: /Occupancy of/ })).toHaveAttribute(
    'aria-label',
    (await chart.getAttribute('aria-label'))!,
  );
  await fresh.close();
});

test('back and forward restore each view', async ({ page }) => {
  await page.goto('/locations/21/traffic');
  const interval = page.getByLabel('Interval');
  await expect(interval).toHaveValue('daily');
  await interval.selectOption('weekly');
  await expect(page).toHaveURL(/interval=weekly/);
  await page.getByRole('link', { name: 'Occupancy' }).click();
  await expect(page).toHaveURL(/\/locations\/21\/occupancy\?interval=weekly/);

  await page.goBack();
  await expect(page).toHaveURL(/\/locations\/21\/traffic\?interval=weekly/);
  await expect(interval).toHaveValue('weekly');
  await page.goBack();
  await expect(interval).toHaveValue('daily');
  await page.goForward();
  await expect(interval).toHaveValue('weekly');
});

test('the date range: a preset, then a range picked on the calendar, each a step of history', async ({ page }) => {
  await page.goto('/locations/21/occupancy');
  await expect(chip(page, 'Date range')).toContainText('Last 7 days');
  await openChip(page, 'Date range');
  await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\?range=30d$/);
  // A choice ends the task: the popover closes and gives the focus back to its chip.
  await expect(page.getByRole('group', { name: 'Date range', exact: true })).toBeHidden();
  await expect(chip(page, 'Date range')).toBeFocused();
  await expect(chip(page, 'Date range')).toContainText('Last 30 days');

  // Berlin's calendar: today (the simulator's clock) is Wednesday 18 November 2026, the last day offered.
  await openChip(page, 'Date range');
  const calendar = page.getByRole('grid', { name: 'November 2026' });
  await expect(calendar.getByRole('button', { name: 'Thursday 19 November 2026' })).toBeDisabled();
  await calendar.getByRole('button', { name: 'Friday 13 November 2026' }).click();
  await calendar.getByRole('button', { name: 'Monday 9 November 2026' }).click();
  await expect(page).toHaveURL(/\?from=2026-11-09&to=2026-11-13$/);
  await expect(chip(page, 'Date range')).toContainText('9 Nov – 13 Nov 2026');
  await expect(page.getByRole('figure', { name: /^Occupancy of .*9 Nov – 13 Nov 2026/ })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?range=30d$/);
  await expect(chip(page, 'Date range')).toContainText('Last 30 days');
});

test('a malformed link shows what was ignored and falls back to defaults', async ({ page }) => {
  await page.goto('/locations/21/traffic?interval=15min&hours=99-3&days=0&from=2026-13-45&to=x');
  const notice = page.getByRole('status', { name: 'Some of this link was ignored' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('figure', { name: /Traffic of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss: Some of this link was ignored' }).click();
  await expect(notice).toBeHidden();
});

test('an unknown location reads “not found or not accessible”', async ({ page }) => {
  await page.goto('/locations/999/occupancy');
  await expect(page.getByRole('alert')).toContainText('Location not found or not accessible');
  // Another location is one choice away: here typed as its number.
  const picker = page.getByRole('combobox', { name: 'Location' });
  await expect(picker).toBeVisible();
  await picker.fill('21');
  await page.getByRole('option', { name: /^Open location 21\b/ }).click();
  await expect(page).toHaveURL(/\/locations\/21\/occupancy/);
});

test('a very large request suggests a coarser interval first', async ({ page }) => {
  await page.goto('/locations/11/occupancy?from=2024-11-18&to=2026-11-17&interval=15min');
  await expect(page.getByRole('heading', { name: 'This is a large request' })).toBeVisible();
  await page.getByRole('button', { name: /^Use 30 minutes instead/ }).click();
  await expect(page).toHaveURL(/interval=30min/);
  await expect(page.getByRole('figure', { name: /Occupancy of/ })).toBeVisible();
});

test.describe('on a slow server', () => {
  test.use({ server: 'slow' });

  test('a year at 15 minutes loads every page, with visible progress', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const query = 'start_date=2025-11-18&end_date=2026-11-17&interval=15min';
    // What the API holds: 365 days × 96 windows, less the sensor outages (left out, never sent as zeros).
    let windows = 0;
    let pages = 0;
    for (let cursor: string | null = null; pages === 0 || cursor; pages++) {
      const body: Envelope<Window> & { pagination: { has_more: boolean; next_cursor: string | null } } = await apiGet(
        request,
        baseURL,
        `/locations/11/occupancy?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      windows += body.data.length;
      cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
    }
    expect(windows).toBeGreaterThan(34_000);

    await page.goto('/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min');
    // Progress with its estimate from the start (the count itself may be past 0 already: the first answers come
    // quickly, and a loaded machine can take longer to look).
    await expect(page.getByText(/Loading… \d+ of about 36 parts/)).toBeVisible();
    await expect(page.getByText(/Loading… (1[0-9]|2[0-9]) of about 36 parts/)).toBeVisible({ timeout: 60_000 });
    // Walked as sub-ranges in parallel: a few more pages than one walk of the whole range, never fewer.
    const loadedText = page.getByText(/^Loaded 365 days of data in \d+ parts$/);
    await expect(loadedText).toBeVisible({ timeout: 90_000 });
    const loaded = Number((await loadedText.textContent())?.match(/in (\d+) parts/)?.[1]);
    expect(loaded).toBeGreaterThanOrEqual(pages);
    expect(loaded).toBeLessThanOrEqual(pages + 4);
    await expect(
      page.getByRole('figure', {
        name: new RegExp(`Occupancy of .+, ${windows.toLocaleString('en-US')} quarter-hours`),
      }),
    ).toBeVisible();
  });
});

test.describe('on a server of the strict filter reading', () => {
  test.use({ server: 'strict' });

  test('hourly windows are still filtered by hours and days, in the browser, and say so', async ({
    page,
    request,
    baseURL,
  }) => {
    const refused = await request.get(
      `${baseURL}/v2/locations/21/traffic?start_date=2026-11-09&end_date=2026-11-15&interval=60min&start_hour_filter=9&end_hour_filter=11`,
      { headers: { Authorization: `Bearer ${await apiToken(request, baseURL)}` } },
    );
    expect(refused.status()).toBe(400);

    await page.goto(
      '/locations/21/traffic?from=2026-11-09&to=2026-11-15&interval=60min&hours=9-11&days=246&view=table',
    );
    const rows = await tableRows(page);
    expect(rows).toHaveLength(9); // Mon, Wed, Fri × 09:00, 10:00, 11:00
    expect(rows.map((row) => row[0]!.slice(0, 3))).toEqual([
      'Mon',
      'Mon',
      'Mon',
      'Wed',
      'Wed',
      'Wed',
      'Fri',
      'Fri',
      'Fri',
    ]);
    await expect(page.getByText(/filtered in the\s+browser/)).toBeVisible();
    await expect(page.getByLabel('Applied by the server')).toContainText('09:00–12:00, Mon, Wed, Fri');
  });
});

test('a filter change redraws the same chart: one ECharts instance for every request of a view', async ({ page }) => {
  await page.goto('/locations/21/occupancy?from=2026-11-09&to=2026-11-15&interval=60min');
  const chart = page.getByRole('figure', { name: /Occupancy of .+, 9 Nov – 15 Nov 2026, \d+ hours/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.locator('canvas').evaluate((canvas) => canvas.setAttribute('data-first-drawn', ''));

  await page.getByLabel('Interval').selectOption('daily');
  const daily = page.getByRole('figure', { name: /Occupancy of .+, 9 Nov – 15 Nov 2026, [1-7] days?/ });
  await expect(daily.locator('canvas')).toBeVisible();
  await expect(daily.locator('canvas[data-first-drawn]')).toHaveCount(1);
  await expect(page.locator('canvas')).toHaveCount(1);
});

test('a daily chart of a Mon–Fri location leaves the closed days out by default, and the address can show them', async ({
  page,
  request,
  baseURL,
}) => {
  // The days the API says it applies for Open Workspace: its operating days.
  const echo = await apiGet<{ days_of_week: number[] }>(
    request,
    baseURL,
    '/locations/21/occupancy?start_date=2026-11-02&end_date=2026-11-15&interval=daily',
  );
  expect(echo.days_of_week.length).toBeLessThan(7);
  await page.goto('/locations/21/occupancy?from=2026-11-02&to=2026-11-15&interval=daily');
  await expect(page.getByRole('figure', { name: /^Occupancy of Open Workspace, Floor 1, / })).toBeVisible();
  await openChip(page, 'More filters');
  const hide = page.getByRole('checkbox', { name: 'Hide closed hours' });
  await expect(hide).toBeChecked();
  await hide.click();
  await expect(page).toHaveURL(/[?&]closed=show(&|$)/);
  await expect(hide).not.toBeChecked();

  // Every day of the week open: nothing to leave out, nothing offered.
  await page.goto('/locations/10/occupancy?from=2026-11-02&to=2026-11-15&interval=daily');
  await expect(page.getByRole('figure', { name: /^Occupancy of Midtown Transit Center, / })).toBeVisible();
  await openChip(page, 'More filters');
  await expect(page.getByRole('group', { name: 'Days of week' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Hide closed hours' })).toHaveCount(0);
});
