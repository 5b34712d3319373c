/**
 * The kiosk through trouble: an outage (the last good charts stay on screen, marked stale, until a refresh succeeds)
 * and a refused token (a message fills the screen; a good token in config.json brings it back without a reload).
 */
import type { Page } from '@playwright/test';

import { expect, test, TEST_GET_RETRIES } from './fixtures';

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });
/** The kiosk's "Updated hh:mm" line (with " · stale: …" while the API fails). */
const updated = (page: Page) => page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });

test.describe('through an outage', () => {
  test.use({ server: 'kiosk' });

  test('keeps the last good charts on screen marked stale, and clears the marker once a refresh succeeds', async ({
    page,
    request,
    baseURL,
  }) => {
    const setFailures = (mode: 'all' | 'off') => request.post(`${baseURL}/__control/failures`, { data: { mode } });
    const status = updated(page);
    const charts = [
      page.getByRole('region', { name: 'Occupancy today against capacity' }).getByRole('figure'),
      page.getByRole('region', { name: 'Entries today' }).getByRole('figure'),
    ];
    /**
     * Moves the clock on 2 s at a time (each step fires the refresh timer and the retries' 1-second
     * Retry-After waits that are due) until the status line reads `expected`.
     */
    const runUntil = async (expected: RegExp) =>
      expect
        .poll(
          async () => {
            await page.clock.runFor(2_000);
            return status.textContent();
          },
          { timeout: 30_000, intervals: [250] },
        )
        .toMatch(expected);

    try {
      await setFailures('off');
      await page.goto('/kiosk?locations=20&panels=now,traffic&refresh=15&rotate=0');
      for (const chart of charts) await expect(chart).toBeVisible();
      await expect(status).toHaveText(/^Updated \d\d:\d\d$/);
      await expect(status).not.toHaveClass(/stale/);

      await setFailures('all');
      const outageAt = await page.evaluate(() => Date.now());
      await runUntil(/stale/);
      // Marked by the failed refresh (one refresh, 15 s, then three 1-second retries), not merely by the data's
      // age, which would take 2.5 refreshes (37.5 s).
      expect((await page.evaluate(() => Date.now())) - outageAt).toBeLessThan(37_500);
      await expect(status).toHaveClass(/stale/);
      await expect(status).toHaveText(/^Updated \d\d:\d\d · stale/);
      // The last good data stays on screen.
      for (const chart of charts) await expect(chart).toBeVisible();

      await setFailures('off');
      await runUntil(/^Updated \d\d:\d\d$/);
      await expect(status).not.toHaveClass(/stale/);
      for (const chart of charts) await expect(chart).toBeVisible();
    } finally {
      await setFailures('off');
    }
  });
});

// ---------------------------------------------------------------------------------------------------

/** config.json as served, with `token` swapped for whatever the test says at the moment it is read. */
async function routeConfig(page: Page, config: Record<string, unknown>, token: () => string) {
  const reads = { count: 0 };
  await page.route('**/config.json', async (route) => {
    reads.count++;
    await route.fulfill({ json: { ...config, token: token() } });
  });
  return reads;
}

const refusedHeading = (page: Page) =>
  page.getByRole('alert').getByRole('heading', { name: 'This screen’s access to the API was refused' });

test.describe('a refused token', () => {
  test('fills the screen with a message, and a good token in config.json brings it back without a reload', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = (await (
      await request.get(`${baseURL}/config.json`, { maxRetries: TEST_GET_RETRIES })
    ).json()) as Record<string, unknown>;
    let token = 'not-a-jwt';
    const reads = await routeConfig(page, config, () => token);

    await page.goto('/kiosk?locations=20&panels=figures&rotate=0');
    await expect(refusedHeading(page)).toBeVisible();
    expect(reads.count).toBe(1);
    // A mark on this document: a reload would take it away.
    await page.evaluate(() => Object.assign(window, { kioskTestMark: true }));

    token = config.token as string;
    await recoverWithinMinutes(page, reads);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
    expect(await page.evaluate(() => 'kioskTestMark' in window), 'no reload').toBe(true);
  });

  test('recovers too when the message comes from the panels (the zone named in config.json)', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = (await (
      await request.get(`${baseURL}/config.json`, { maxRetries: TEST_GET_RETRIES })
    ).json()) as Record<string, unknown>;
    let token = 'not-a-jwt';
    const reads = await routeConfig(
      page,
      { ...config, locations: [{ id: 20, timeZone: 'Europe/Berlin' }] },
      () => token,
    );

    await page.goto('/kiosk?locations=20&panels=figures&rotate=0');
    await expect(refusedHeading(page)).toBeVisible();

    token = config.token as string;
    await recoverWithinMinutes(page, reads);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
  });
});

/**
 * Runs the clock a minute at a time (at most three) until config.json has been read again, the refusal is gone and
 * the figures are back: a refresh of the screen's own may still be on its way with the old token when the first
 * re-read lands (the refusal then shows again for a moment), and the kiosk then tries again the next minute.
 */
async function recoverWithinMinutes(page: Page, reads: { count: number }) {
  for (let minute = 0; minute < 3; minute++) {
    await page.clock.runFor(61_000);
    await expect.poll(() => reads.count, { message: 'config.json read again', timeout: 5_000 }).toBeGreaterThan(1);
    const recovered = await expect(headline(page).locator('[data-kpi]'))
      .toHaveCount(10, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (recovered) break;
  }
  await expect(refusedHeading(page)).toBeHidden();
}
