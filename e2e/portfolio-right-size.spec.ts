/**
 * The portfolio's right-sizing as actions: each row's places to release is its capacity less its right-size P95,
 * computed from the raw API.
 */
import { expect, test, walk } from './fixtures';
import { allLocations } from './portfolio-locations';

test.describe('right-sizing as actions', () => {
  test.use({ server: 'main' });

  test('each row’s places to release is its capacity less its right-size P95, from the raw API', async ({
    page,
    request,
    baseURL,
  }) => {
    const [from, to] = ['2026-11-02', '2026-11-15'];
    const records = await allLocations(request, baseURL);
    const parents = new Set(records.map((r) => r.parent_id));
    const spaces = records.filter((r) => !parents.has(r.location_id)).slice(0, 3);
    expect(spaces).toHaveLength(3);
    await page.goto(`/portfolio?from=${from}&to=${to}`);
    for (const space of spaces) {
      const { first, data } = await walk<{ peak_occupancy: number }>(
        request,
        baseURL,
        `/locations/${space.location_id}/occupancy?start_date=${from}&end_date=${to}&interval=60min`,
      );
      // Nearest rank: the ⌈0.95 × n⌉-th smallest peak.
      const peaks = data.map((p) => p.peak_occupancy).sort((a, b) => a - b);
      const p95 = peaks[Math.ceil(0.95 * peaks.length) - 1]!;
      const surplus = first.capacity - p95;
      const cell = page.locator(`tr[data-location-id="${space.location_id}"] [data-kpi="capacity-surplus"]`);
      await expect(cell).toHaveAttribute('data-value', String(surplus), { timeout: 30_000 });
      await expect(cell).toHaveText(surplus < 0 ? new RegExp(`${-surplus}\\s+short`) : new RegExp(`^${surplus}$`));
    }
    // The column sorts.
    await page.getByRole('button', { name: 'Places to release', exact: true }).click();
    await expect(page).toHaveURL(/sort=-capacity-surplus/);
  });
});
