/**
 * The utilization page's exports in Chromium, read back and checked against the API itself: its figures, busiest
 * times and spaces as CSV, recomputed from the API, and a chart as PNG.
 */
import AxeBuilder from '@axe-core/playwright';

import { download } from './download';
import { expect, test } from './fixtures';
import { apiWindows, type OccupancyPoint, readCsv, readPng, type TrafficPoint } from './export-files';

// Room for the longest of these (a 1,000-row table, then the download) on a loaded 2-core CI machine.
test.describe.configure({ timeout: 120_000 });

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
