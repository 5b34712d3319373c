/**
 * Closed is not empty, with vendor records: a place outside its hours says so, and when it opens, on the portfolio,
 * its page and the kiosk, as the raw API's `/now` and its echoed hours and days say.
 */
import { apiGet, expect, test } from './fixtures';
import type { ListedRecord } from './vendor-fixtures';

test.use({ server: 'vendor' });

interface NowBody {
  occupancy: number | null;
  timestamp: string;
  is_open: boolean;
}

/**
 * What "now" is for a location, from the raw API alone: `/now`'s `is_open` and count, and, when closed, the next
 * opening from the hours and days a request without filters echoes, counted on the wall clock of `/now`'s timestamp.
 */
async function expectedNow(request: Parameters<typeof apiGet>[0], baseURL: string, id: number) {
  const now = await apiGet<NowBody>(request, baseURL, `/locations/${id}/now`);
  if (now.is_open) return { open: true as const, people: now.occupancy };
  const date = now.timestamp.slice(0, 10);
  const echo = await apiGet<{ hour_range: { start: number; end: number }; days_of_week: number[] }>(
    request,
    baseURL,
    `/locations/${id}/occupancy?start_date=${date}&end_date=${date}&interval=daily`,
  );
  const { start, end } = echo.hour_range;
  const inHours = (hour: number) => (start <= end ? hour >= start && hour <= end : hour >= start || hour <= end);
  const scheduled = (at: Date) => echo.days_of_week.includes(at.getUTCDay() + 1) && inHours(at.getUTCHours());
  const wallMs = Date.parse(`${now.timestamp.slice(0, 19)}Z`);
  const hour = 3_600_000;
  // Closed in scheduled hours (a holiday): it opens on a later day.
  const from = scheduled(new Date(wallMs))
    ? (Math.floor(wallMs / (24 * hour)) + 1) * 24 * hour
    : (Math.floor(wallMs / hour) + 1) * hour;
  for (let step = 0; step < 8 * 24; step++) {
    const at = new Date(from + step * hour);
    if (scheduled(at)) {
      const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()]!;
      return { open: false as const, opens: `${weekday} ${String(at.getUTCHours()).padStart(2, '0')}:00` };
    }
  }
  throw new Error(`location ${id} never opens`);
}

test.describe('closed is not empty', () => {
  test('a place outside its hours says closed and when it opens, on the portfolio, its page and the kiosk', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const list = await apiGet<{ data: ListedRecord[] }>(request, baseURL, '/locations');
    const expected = new Map<number, Awaited<ReturnType<typeof expectedNow>>>();
    for (const record of list.data)
      expected.set(record.location_id, await expectedNow(request, baseURL, record.location_id));
    const closed = [...expected].filter(([, now]) => !now.open);
    const open = [...expected].filter(([, now]) => now.open && now.people !== null);
    expect(closed.length, 'a location closed at the fixed clock').toBeGreaterThan(0);
    expect(open.length, 'a location open at the fixed clock').toBeGreaterThan(0);

    await page.goto('/portfolio');
    const cell = (id: number) => page.locator(`tr[data-location-id="${id}"] [data-kpi="occupancy-now"]`);
    for (const [id, now] of expected) {
      if (now.open) {
        if (now.people !== null) await expect(cell(id)).toHaveAttribute('data-value', String(now.people));
      } else {
        await expect(cell(id)).toHaveAttribute('data-value', '');
        await expect(cell(id)).toHaveText(new RegExp(`closed\\W+opens ${now.opens}`, 'i'));
      }
    }
    // Ranked by Now, the closed places come after every open one, whichever the direction.
    for (const press of [1, 2]) {
      await page.getByRole('button', { name: 'Now', exact: true }).click();
      await expect(page).toHaveURL(press === 1 ? /sort=-occupancy-now/ : /sort=occupancy-now/);
      const order = await page
        .locator('tr[data-location-id]')
        .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-location-id'))));
      const lastOpen = Math.max(...open.map(([id]) => order.indexOf(id)));
      const firstClosed = Math.min(...closed.map(([id]) => order.indexOf(id)));
      expect(lastOpen).toBeLessThan(firstClosed);
    }

    const [id, now] = closed[0]!;
    const words = new RegExp(`closed\\W+opens ${now.open ? '' : now.opens}`, 'i');
    await page.goto(`/locations/${id}/utilization?range=today`);
    const panel = page.getByRole('region', { name: 'Now' });
    await expect(panel.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', '');
    await expect(panel).toContainText(words);
    await page.goto(`/kiosk?locations=${id}&panels=now&rotate=0`);
    await expect(page.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', '');
    await expect(page.locator('[data-kpi="occupancy-now"]')).toContainText(words);
  });
});
