/**
 * Against a server that allows 20 requests a second per token and answers 429 with `Retry-After` past it
 * (`--rate-limit 20`): the dashboard slows down to the server's pace (api/pace.ts) instead of each request waiting on
 * its own. The portfolio of some 230 locations completes and ranks right, a year at 15 minutes with the year before
 * it loads whole, at most one request in ten is refused, nothing fails, and the status lines say the API asked to
 * slow down.
 */
import type { Page } from '@playwright/test';

import { apiGet, expect, test } from './fixtures';
import { SERVERS } from './servers';

/** At most this share of the API's answers may be a 429. */
const MOST_REFUSED = 0.1;

/** Every answer of the API to the page, and how many were 429s. */
function countAnswers(page: Page) {
  const answers = { total: 0, refused: 0 };
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/v2/')) return;
    answers.total++;
    if (response.status() === 429) answers.refused++;
  });
  return answers;
}

/** Every text a status line (role=status) showed while the page was open, recorded in the page as it changed. */
async function recordStatusTexts(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { statusTexts: Set<string> }).statusTexts = seen;
    const record = () => {
      for (const element of document.querySelectorAll('[role="status"]')) seen.add(element.textContent ?? '');
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { statusTexts: Set<string> }).statusTexts]);
}

function report(what: string, answers: { total: number; refused: number }, startedMs: number) {
  const figures = `${answers.refused} of ${answers.total} answers refused (${((100 * answers.refused) / answers.total).toFixed(1)} %), ${((Date.now() - startedMs) / 1000).toFixed(1)} s`;
  test.info().annotations.push({ type: what, description: figures });
  console.log(`${what}: ${figures}`);
}

test.describe('the portfolio', () => {
  test.use({ server: 'portfolioRateLimited' });

  test('completes and ranks right under the limit, with at most one request in ten refused', async ({ page }) => {
    test.setTimeout(180_000);
    const statusTexts = await recordStatusTexts(page);
    const answers = countAnswers(page);
    const startedMs = Date.now();
    await page.goto('/portfolio?sort=-average-utilization');
    const locations = page.getByRole('region', { name: 'Locations' });
    const status = locations.getByRole('status');
    await expect(page.locator('[data-portfolio-count]')).toHaveAttribute('data-value', /^2\d\d$/);
    // Every row has its figures: the status line stops counting them.
    await expect(status).not.toContainText(/so far|loading/, { timeout: 150_000 });
    report('portfolio', answers, startedMs);

    await expect(status).not.toContainText(/failed/);
    await expect(page.getByRole('alert', { name: 'Error' })).toHaveCount(0);
    const averages = await locations
      .locator('tr[data-location-id] [data-kpi="average-utilization"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-value') ?? ''));
    expect(averages.length).toBeGreaterThan(10);
    const values = averages.filter((value) => value !== '').map(Number);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(answers.refused).toBeGreaterThan(0);
    expect(answers.refused / answers.total).toBeLessThanOrEqual(MOST_REFUSED);
    expect(await statusTexts()).toContainEqual(expect.stringMatching(/locations; .*slow down/i));
  });
});

test.describe('a year at 15 minutes', () => {
  test.use({ server: 'rateLimited' });

  // The year alone (36 pages in about a second) only just reaches 20 a second; with the year before it (72 pages and
  // more), it is well past the limit, and the load is large enough that the first refusals, sent before the
  // server's first 429 came back, are a small share of it.
  test('with the year before it, loads whole under the limit, says the API asked to slow down, at most one request in ten refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Counted on the server without a limit: this test's own requests would take from the page's bucket.
    const windows = await yearWindows(request);
    const statusTexts = await recordStatusTexts(page);
    const answers = countAnswers(page);
    const startedMs = Date.now();
    await page.goto('/locations/11/occupancy?from=2025-11-18&to=2026-11-17&interval=15min&compare=previous');
    await page.getByRole('button', { name: /^Load all \d+ pages anyway$/ }).click();
    await expect(
      page.getByRole('figure', {
        name: new RegExp(`Occupancy of .+, ${windows.toLocaleString('en-US')} quarter-hours`),
      }),
    ).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('status').filter({ hasText: /^Loaded 365 days of data/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Compared with previous period/ })).toBeVisible({
      timeout: 60_000,
    });
    report('year at 15 minutes and the year before', answers, startedMs);

    await expect(page.getByRole('alert', { name: 'Error' })).toHaveCount(0);
    expect(answers.refused).toBeGreaterThan(0);
    expect(answers.refused / answers.total).toBeLessThanOrEqual(MOST_REFUSED);
    expect(await statusTexts()).toContainEqual(expect.stringMatching(/loading… .*slow down/i));
  });
});

/** How many windows the API holds for the year. */
async function yearWindows(request: Parameters<typeof apiGet>[0]): Promise<number> {
  type Page = { data: unknown[]; pagination: { has_more: boolean; next_cursor: string | null } };
  const query = 'start_date=2025-11-18&end_date=2026-11-17&interval=15min';
  let windows = 0;
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const body: Page = await apiGet(
      request,
      SERVERS.main.url,
      `/locations/11/occupancy?${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    windows += body.data.length;
    cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
  }
  return windows;
}
