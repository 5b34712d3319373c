/**
 * A metric page against servers unlike the default: a slow one (a year at 15 minutes, every page, with progress) and
 * one of the strict filter reading (hourly windows filtered in the browser, and said so).
 */
import { apiGet, apiToken, expect, test } from './fixtures';
import { type Envelope, tableRows, type Window } from './metric-table';

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
