/**
 * Exports in Chromium, against the simulator: the files a user downloads are read back and checked against the
 * API itself. CSV: the metadata block, the header, one row per API window (every page, not the table's one),
 * values recomputed from the API, numbers machine-readable in a German browser too, and the vendor's location
 * records (no zone name) still give timestamps with offsets. PNG: a real PNG, at twice the chart's pixels, on the
 * theme's panel colour (not transparent). The metric page's files here; the utilization page's in
 * e2e/export-utilization.spec.ts.
 */
import { say } from './catalog';
import { download } from './download';
import { expect, moreButton, openChip, test } from './fixtures';
import { apiWindows, type OccupancyPoint, PLAIN_NUMBER, readCsv, readPng, type TrafficPoint } from './export-files';

// Room for the longest of these (a 1,000-row table, then the download) on a loaded 2-core CI machine.
test.describe.configure({ timeout: 120_000 });

// ---------------------------------------------------------------------------------------------------

test.describe('metric page', () => {
  test('CSV from the table view has every window of the range, as the API gave them', async ({ page, baseURL }) => {
    // 14 days at 15 minutes: 1,344 windows on two API pages; the table shows the first page only.
    const range = 'start_date=2026-11-04&end_date=2026-11-17&interval=15min';
    const api = await apiWindows<OccupancyPoint>(page, baseURL, `/locations/11/occupancy?${range}`);
    expect(api.pages).toBe(2);

    await page.goto('/locations/11/occupancy?from=2026-11-04&to=2026-11-17&interval=15min&view=table');
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1000);
    const { name, bytes } = await download(await moreButton(page, 'Download CSV'));
    expect(name).toBe('main-concourse-occupancy-2026-11-04-to-2026-11-17.csv');

    const { meta, header, rows } = readCsv(bytes);
    expect(Object.fromEntries(meta)).toMatchObject({
      location_id: '11',
      location_name: 'Main Concourse',
      'capacity (people)': '1500',
      view: 'occupancy',
      metric: 'occupancy',
      range_start: '2026-11-04',
      'range_end (inclusive)': '2026-11-17',
      interval: '15min',
      'hour_start (local)': String(api.first.hour_range.start),
      'hour_end (local, inclusive)': String(api.first.hour_range.end),
      'days (1=Sunday..7=Saturday)': [...api.first.days_of_week].sort().join(''),
      time_zone: 'America/New_York',
    });
    expect(header).toEqual([
      'window_start',
      'window_end',
      'avg_occupancy (people)',
      'avg_utilization (fraction)',
      'peak_occupancy (people)',
      'peak_utilization (fraction)',
    ]);
    expect(rows).toHaveLength(api.data.length);
    expect(rows.length).toBeGreaterThan(1000);
    rows.forEach((row, i) => {
      const point = api.data[i]!;
      expect(row).toEqual([
        point.window_start,
        point.window_end,
        String(point.avg_occupancy),
        String(point.avg_utilization_percentage),
        String(point.peak_occupancy),
        String(point.peak_utilization_percentage),
      ]);
    });
    // A figure recomputed from the file equals the one from the API.
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(rows.map((row) => Number(row[2])))).toBe(sum(api.data.map((point) => point.avg_occupancy)));
  });

  test('PNG of the chart: a real PNG, twice the chart’s pixels, on the panel colour', async ({ page }) => {
    await page.goto('/locations/11/traffic?from=2026-11-11&to=2026-11-17&interval=60min');
    const chart = page.getByRole('region', { name: 'Traffic chart' }).getByRole('figure');
    await expect(chart.locator('canvas')).toBeVisible();
    const { name, bytes } = await download(await moreButton(page, 'Download chart as PNG'));
    expect(name).toBe('main-concourse-traffic-2026-11-11-to-2026-11-17.png');
    const png = readPng(bytes);
    const box = (await chart.locator('canvas').first().boundingBox())!;
    expect(Math.abs(png.width - 2 * box.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(png.height - 2 * box.height)).toBeLessThanOrEqual(2);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(png.topLeft).toEqual([0xff, 0xff, 0xff, 0xff]); // light theme's panel, #ffffff, opaque
  });

  test('the buttons are disabled with a reason while the data loads, and reachable by keyboard', async ({ page }) => {
    // Hold every API response until the test lets it go.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v2/locations/11/occupancy?**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/locations/11/occupancy?from=2026-11-11&to=2026-11-17');
    const csv = await moreButton(page, 'Download CSV');
    const png = await moreButton(page, 'Download chart as PNG');
    await expect(csv).toBeDisabled();
    await expect(csv).toHaveAccessibleDescription('The data is still loading.');
    await expect(png).toHaveAccessibleDescription('The chart is still loading.');
    await csv.focus();
    await expect(csv).toBeFocused();
    release();
    await expect(csv).toBeEnabled();
    await expect(png).toBeEnabled();
  });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the page is German, and the CSV is the same as in English: its columns, a decimal point, no grouping', async ({
    page,
    baseURL,
  }) => {
    const range = 'start_date=2026-11-11&end_date=2026-11-17&interval=daily';
    const api = await apiWindows<OccupancyPoint>(page, baseURL, `/locations/10/occupancy?${range}`);
    await page.goto('/locations/10/occupancy?from=2026-11-11&to=2026-11-17&view=table');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const more = say('de', 'More');
    await openChip(page, more);
    const csvButton = page
      .getByRole('group', { name: more, exact: true })
      .getByRole('button', { name: say('de', 'Download CSV'), exact: true });
    const { bytes } = await download(csvButton);
    const { meta, rows } = readCsv(bytes);
    expect(meta.get('capacity (people)')).toBe('1540');
    expect(rows).toHaveLength(api.data.length);
    for (const [i, row] of rows.entries()) {
      for (const cell of row.slice(2)) expect(cell).toMatch(PLAIN_NUMBER);
      expect(Number(row[3])).toBe(api.data[i]!.avg_utilization_percentage);
    }
    expect(rows.some((row) => row[3]!.includes('.'))).toBe(true);
  });
});

test.describe('vendor location records (no zone name)', () => {
  test.use({ server: 'vendor' });

  test('the CSV keeps the API’s offsets and the filters the server applied', async ({ page, baseURL }) => {
    const range = 'start_date=2026-11-16&end_date=2026-11-17&interval=60min';
    const api = await apiWindows<TrafficPoint>(page, baseURL, `/locations/21/traffic?${range}`);
    await page.goto('/locations/21/traffic?from=2026-11-16&to=2026-11-17&interval=60min');
    const { name, bytes } = await download(await moreButton(page, 'Download CSV'));
    expect(name).toBe('open-workspace-floor-1-traffic-2026-11-16-to-2026-11-17.csv');
    const { meta, header, rows } = readCsv(bytes);
    expect(meta.get('time_zone')).toBe('');
    expect(meta.get('hour_start (local)')).toBe(String(api.first.hour_range.start));
    expect(meta.get('hour_end (local, inclusive)')).toBe(String(api.first.hour_range.end));
    expect(header).toEqual(['window_start', 'window_end', 'traffic (entries)']);
    expect(rows).toEqual(api.data.map((point) => [point.window_start, point.window_end, String(point.traffic)]));
    expect(rows[0]![0]).toMatch(/\+01:00$/);
  });
});

// ---------------------------------------------------------------------------------------------------
