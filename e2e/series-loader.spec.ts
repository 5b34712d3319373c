/**
 * The series loader against a server that fails: one request in ten (deterministic, by seed), and an outage
 * switched on and off at run time. A year at 15 minutes must load, and Retry must go on from where it stopped.
 */
import { apiGet, expect, test } from './fixtures';
import { SERVERS } from './servers';

const YEAR = '/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min';
const YEAR_QUERY = 'start_date=2025-11-18&end_date=2026-11-17&interval=15min';

/** How many windows the API holds for the year, counted on the server that never fails. */
async function yearWindows(request: Parameters<typeof apiGet>[0]): Promise<number> {
  let windows = 0;
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    type Page = { data: unknown[]; pagination: { has_more: boolean; next_cursor: string | null } };
    const body: Page = await apiGet(
      request,
      SERVERS.main.url,
      `/locations/11/occupancy?${YEAR_QUERY}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    windows += body.data.length;
    cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
  }
  return windows;
}

test.describe('when one request in ten fails', () => {
  test.use({ server: 'flaky' });

  test('a year at 15 minutes loads whole: each failed page is retried by itself', async ({ page, request }) => {
    test.setTimeout(90_000);
    const windows = await yearWindows(request);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/v2/locations/11/occupancy') && response.status() === 500)
        failed.push(response.url());
    });

    await page.goto(YEAR);
    await expect(
      page.getByRole('figure', {
        name: new RegExp(`Occupancy of .+, ${windows.toLocaleString('en-US')} quarter-hours`),
      }),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByRole('alert', { name: 'Error' })).toHaveCount(0);
    // The seed makes failures certain: the year was loaded through them, not around them.
    expect(failed.length).toBeGreaterThan(0);
  });
});

test.describe('through an outage', () => {
  test.use({ server: 'control' });

  test('keeps the pages in, shows the outage, and Retry goes on from the page that failed', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const windows = await yearWindows(request);
    const setFailures = (body: object) => request.post(`${baseURL}/__control/failures`, { data: body });
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/locations/11/occupancy')) requested.push(r.url());
    });

    try {
      await page.goto(YEAR);
      await expect(page.getByText(/Loading… ([4-9]|\d\d) of about \d+ parts/)).toBeVisible({ timeout: 30_000 });
      await setFailures({ mode: 'all' });
      const panel = page.getByRole('alert', { name: 'Error' });
      await expect(panel).toBeVisible({ timeout: 30_000 });
      // What came in before the outage is still drawn.
      await expect(page.getByRole('figure', { name: /Occupancy of .+, [\d,]+ quarter-hours/ })).toBeVisible();

      await setFailures({ mode: 'off' });
      const beforeRetry = requested.length;
      await panel.getByRole('button', { name: 'Retry' }).click();
      await expect(
        page.getByRole('figure', {
          name: new RegExp(`Occupancy of .+, ${windows.toLocaleString('en-US')} quarter-hours`),
        }),
      ).toBeVisible({
        timeout: 60_000,
      });
      // Resumed, not started over: no sub-range's first page (a request without a cursor) is asked for again.
      const firstPagesAfterRetry = requested.slice(beforeRetry).filter((url) => !url.includes('cursor='));
      expect(firstPagesAfterRetry).toEqual([]);
    } finally {
      await setFailures({ mode: 'off' });
    }
  });
});
