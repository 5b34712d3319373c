/**
 * The metric pages against the simulator, in Chromium: values match the API's, local time holds whatever the
 * browser's zone, one chart serves every request of a view, closed days are left out (links and history:
 * e2e/metric-links.spec.ts; a slow server and the strict filter reading: e2e/metric-servers.spec.ts).
 */
import { apiGet, expect, openChip, test } from './fixtures';
import { type Envelope, tableRows, type Window } from './metric-table';

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
