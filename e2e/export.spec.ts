/**
 * Exports in Chromium, against the simulator: the files a user downloads are read back and checked against the
 * API itself. CSV: the metadata block, the header, one row per API window (every page, not the table's one),
 * values recomputed from the API, numbers machine-readable in a German browser too, and the vendor's location
 * records (no zone name) still give timestamps with offsets. PNG: a real PNG, at twice the chart's pixels, on the
 * theme's panel colour (not transparent).
 */
import { inflateSync } from 'node:zlib';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { splitExport } from '../src/test/test-parse-csv';
import { download } from './download';
import { apiGet, expect, moreButton, test } from './fixtures';

interface Window {
  window_start: string;
  window_end: string;
}
interface OccupancyPoint extends Window {
  avg_occupancy: number;
  avg_utilization_percentage: number;
  peak_occupancy: number;
  peak_utilization_percentage: number;
}
interface TrafficPoint extends Window {
  traffic: number;
}
interface Envelope<P> {
  name: string;
  capacity: number;
  hour_range: { start: number; end: number };
  days_of_week: number[];
  data: P[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/** Every window of a request, following the cursors; and its first page. */
async function apiWindows<P>(
  page: Page,
  baseURL: string,
  path: string,
): Promise<{ first: Envelope<P>; data: P[]; pages: number }> {
  let first: Envelope<P> | undefined;
  const data: P[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: Envelope<P> = await apiGet(
      page.request,
      baseURL,
      cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`,
    );
    first ??= body;
    data.push(...body.data);
    pages++;
    cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
  } while (cursor !== null && pages < 100);
  return { first: first!, data, pages };
}

/** A downloaded CSV: RFC 4180 records ending in CRLF, read into its metadata block and table. */
function readCsv(bytes: Buffer) {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return splitExport(text);
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

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

  test('the CSV’s numbers still have a decimal point and no grouping', async ({ page, baseURL }) => {
    const range = 'start_date=2026-11-11&end_date=2026-11-17&interval=daily';
    const api = await apiWindows<OccupancyPoint>(page, baseURL, `/locations/10/occupancy?${range}`);
    await page.goto('/locations/10/occupancy?from=2026-11-11&to=2026-11-17&view=table');
    expect(await page.evaluate(() => (1540.25).toLocaleString())).toBe('1.540,25'); // the browser is German
    const { bytes } = await download(await moreButton(page, 'Download CSV'));
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

test.describe('utilization page', () => {
  test('figures, busiest times and spaces as CSV, recomputed from the API; a chart as PNG', async ({
    page,
    baseURL,
  }) => {
    const range = 'start_date=2026-11-11&end_date=2026-11-17';
    const occupancy = (id: number) =>
      apiWindows<OccupancyPoint>(page, baseURL, `/locations/${id}/occupancy?${range}&interval=60min`);
    const traffic = (id: number) =>
      apiWindows<TrafficPoint>(page, baseURL, `/locations/${id}/traffic?${range}&interval=60min`);
    const [building, entries, cafe, cafeEntries] = await Promise.all([
      occupancy(10),
      traffic(10),
      occupancy(12),
      traffic(12),
    ]);

    await page.goto('/locations/10/utilization?from=2026-11-11&to=2026-11-17');

    // Figures
    const figures = readCsv((await download(page.getByRole('button', { name: 'Download figures as CSV' }))).bytes);
    expect(figures.meta.get('view')).toBe('utilization');
    expect(figures.meta.get('location_name')).toBe('Midtown Transit Center');
    const [current] = figures.rows;
    const column = (name: string) => current![figures.header.indexOf(name)]!;
    expect(figures.rows).toHaveLength(1);
    const meanUtil =
      building.data.reduce((sum, point) => sum + point.avg_utilization_percentage, 0) / building.data.length;
    expect(Number(column('average_utilization (fraction)'))).toBeCloseTo(meanUtil, 12);
    expect(column('total_entries (entries)')).toBe(String(entries.data.reduce((sum, point) => sum + point.traffic, 0)));
    const peak = Math.max(...building.data.map((point) => point.peak_occupancy));
    expect(column('peak_occupancy (people)')).toBe(String(peak));
    expect(column('peak_occupancy_at')).toBe(
      building.data.find((point) => point.peak_occupancy === peak)!.window_start,
    );

    // Busiest times: 7 × 24 cells; a 7-day range puts one window in each (weekday, hour) it has data for.
    const heatmap = readCsv(
      (await download(page.getByRole('button', { name: 'Download busiest times as CSV' }))).bytes,
    );
    expect(heatmap.rows).toHaveLength(168);
    expect(heatmap.header[3]).toBe('avg_utilization (fraction, mean of windows)');
    expect(heatmap.rows.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(building.data.length);
    const noon = building.data.find((point) => point.window_start.startsWith('2026-11-11T12:00'))!; // a Wednesday
    expect(heatmap.rows.find((row) => row[0] === '4' && row[2] === '12')).toEqual([
      '4',
      'Wednesday',
      '12',
      String(noon.avg_utilization_percentage),
      '1',
    ]);

    // Spaces, in the order the table shows them; a name with quotes, < and & survives.
    const spaceRows = page.getByRole('region', { name: 'Spaces table' }).locator('tbody tr');
    await expect(spaceRows).toHaveCount(2);
    const shownOrder = await spaceRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-location-id')));
    const spaces = readCsv((await download(page.getByRole('button', { name: 'Download spaces as CSV' }))).bytes);
    expect(spaces.rows.map((row) => row[0])).toEqual(shownOrder);
    const cafeRow = spaces.rows.find((row) => row[0] === '12')!;
    expect(cafeRow[1]).toBe(cafe.first.name);
    expect(cafeRow[1]).toBe('Café "Le <Petit> & Co"');
    expect(cafeRow[spaces.header.indexOf('total_entries (entries)')]).toBe(
      String(cafeEntries.data.reduce((sum, point) => sum + point.traffic, 0)),
    );
    expect(cafeRow[spaces.header.indexOf('peak_occupancy (people)')]).toBe(
      String(Math.max(...cafe.data.map((point) => point.peak_occupancy))),
    );

    // A chart as PNG.
    const overTime = page.getByRole('region', { name: 'Utilization over time' });
    await expect(overTime.locator('canvas').first()).toBeVisible();
    const { name, bytes } = await download(
      page.getByRole('button', { name: 'Download utilization over time chart as PNG' }),
    );
    expect(name).toBe('midtown-transit-center-utilization-over-time-2026-11-11-to-2026-11-17.png');
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(readPng(bytes).topLeft[3]).toBe(0xff);

    // Every panel's button has its own name, and the page has no serious accessibility violations with them.
    await expect(page.getByRole('button', { name: 'Download spaces chart as PNG' })).toBeEnabled();
    const names = await page
      .getByRole('button', { name: /^Download / })
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(names).toEqual([
      'Download figures as CSV',
      'Download utilization over time chart as PNG',
      'Download busiest times as CSV',
      'Download busiest times chart as PNG',
      'Download distribution chart as PNG',
      'Download spaces as CSV',
      'Download spaces chart as PNG',
    ]);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------

/**
 * A PNG's size and its top-left pixel. Checks the signature and reads IHDR; the first pixel of the first row is
 * stored as it is under every PNG filter type (its left, upper and upper-left neighbours count as zero).
 */
function readPng(bytes: Buffer): { width: number; height: number; topLeft: number[] } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colourType = bytes[25];
  expect(bitDepth).toBe(8);
  expect([2, 6]).toContain(colourType); // RGB or RGBA
  const idat: Buffer[] = [];
  for (let offset = 8; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(idat));
  const channels = colourType === 6 ? 4 : 3;
  const topLeft = [...pixels.subarray(1, 1 + channels)];
  return { width, height, topLeft: channels === 3 ? [...topLeft, 0xff] : topLeft };
}
