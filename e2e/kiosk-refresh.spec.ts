/**
 * The kiosk's refresh asks only for what can have changed, and the kiosk rolls over at the location's midnight
 * without a reload. Time moves with `page.clock` only; the simulator's clock is fixed (`--now`), and for the
 * midnight moved by the test (`POST /__control/clock`, servers `midnight` and `midnightVendor`).
 */
import type { Page, Request } from '@playwright/test';

import { expect, test } from './fixtures';
import { BEFORE_NEW_YORK_MIDNIGHT } from './servers';

const METRIC_PATH = /\/v2\/locations\/\d+\/(occupancy|traffic|dwell_time|availability)\?/;

/** Every metric request the page sends, with its dates, and how many have not finished. */
function recordMetricRequests(page: Page) {
  const sent: { url: URL; done: boolean; windows?: number }[] = [];
  const entry = (request: Request) => sent.find((item) => item.url.href === request.url() && !item.done);
  page.on('request', (request) => {
    if (METRIC_PATH.test(request.url())) sent.push({ url: new URL(request.url()), done: false });
  });
  const finish = (request: Request) => {
    const item = entry(request);
    if (item) item.done = true;
  };
  page.on('response', async (response) => {
    const item = sent.find((candidate) => candidate.url.href === response.url() && candidate.windows === undefined);
    if (!item || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { data?: unknown[] } | null;
    item.windows = body?.data?.length ?? 0;
  });
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    sent,
    inFlight: () => sent.filter((item) => !item.done).length,
    windows: (from: number) => sent.slice(from).reduce((sum, item) => sum + (item.windows ?? 0), 0),
    dates: (from: number) =>
      sent.slice(from).map(({ url }) => `${url.searchParams.get('start_date')}..${url.searchParams.get('end_date')}`),
  };
}

/** The kiosk's "Updated hh:mm" line. */
const updated = (page: Page) => page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });

// A loaded 2-core machine: page loads and the chart take their time.
test.describe.configure({ timeout: 120_000 });

test.describe('a refresh asks only for what can have changed', () => {
  // Location 20 (Berlin): 16:30 there at the simulator's --now (15:30 UTC, 18 November 2026).
  const TODAY = '2026-11-18';

  // The 7- and 90-day figures ask for the same per refresh: the count does not grow with the range.
  for (const { name, query, perRefresh } of [
    { name: 'the "now" panel', query: 'panels=now', perRefresh: 1 },
    { name: 'the figures of the last 7 days', query: 'panels=figures&range=7d', perRefresh: 4 },
    { name: 'the figures of the last 90 days', query: 'panels=figures&range=90d', perRefresh: 4 },
  ]) {
    for (const server of ['main', 'vendor'] as const) {
      test.describe(`${server} records`, () => {
        test.use({ server });

        test(`${name}: ${perRefresh} request(s) per refresh, each for today only`, async ({ page }) => {
          const metrics = recordMetricRequests(page);
          await page.goto(`/kiosk?locations=20&${query}&refresh=60&rotate=0`);
          const status = updated(page);
          await expect(status).toHaveText('Updated 16:30');
          await expect.poll(() => metrics.inFlight(), { timeout: 30_000 }).toBe(0);
          const firstLoad = metrics.sent.length;

          const counts: number[] = [];
          const windows: number[] = [];
          for (const minute of ['16:31', '16:32', '16:33']) {
            const before = metrics.sent.length;
            await page.clock.runFor(60_000);
            await expect(status).toHaveText(`Updated ${minute}`);
            await expect.poll(() => metrics.inFlight(), { timeout: 30_000 }).toBe(0);
            counts.push(metrics.sent.length - before);
            windows.push(metrics.windows(before));
            expect(metrics.dates(before).every((dates) => dates === `${TODAY}..${TODAY}`)).toBe(true);
          }
          console.log(
            `[requests] ${server} ${query}: first load ${firstLoad} requests, ${metrics.windows(0) - windows.reduce((a, b) => a + b, 0)} windows;` +
              ` per refresh ${counts.join(', ')} requests, ${windows.join(', ')} windows`,
          );
          expect(counts).toEqual([perRefresh, perRefresh, perRefresh]);
        });
      });
    }
  }
});

test.describe('at the location’s midnight, without a reload', () => {
  for (const server of ['midnight', 'midnightVendor'] as const) {
    test.describe(`${server === 'midnight' ? 'simulator' : 'vendor'} records`, () => {
      test.use({ server, clockAt: BEFORE_NEW_YORK_MIDNIGHT });

      test('a kiosk open at 23:58 shows the new day: header date, today’s chart, the last 7 days moved on', async ({
        page,
        request,
        baseURL,
      }) => {
        const setClock = (now: string) => request.post(`${baseURL}/__control/clock`, { data: { now } });
        await setClock(BEFORE_NEW_YORK_MIDNIGHT);
        const metrics = recordMetricRequests(page);
        // Location 11, Main Concourse (New York, open around the clock).
        await page.goto('/kiosk?locations=11&panels=now,figures&range=7d&refresh=60&rotate=0');
        await page.evaluate(() => Object.assign(window, { kioskTestMark: true }));
        const clock = page.locator('.kiosk-clock');
        const today = page.getByRole('region', { name: 'Occupancy today against capacity' });
        await expect(clock).toContainText('Wed 18 Nov, 23:58');
        // 96 quarter-hours: 23:45 holds the data so far.
        await expect(today.getByRole('figure')).toHaveAccessibleName(/, 96 quarter-hours so far,/);
        await expect(page.locator('[data-kpi="total-entries"]')).toHaveAttribute('data-value', /^\d/);
        const entriesBefore = await page.locator('[data-kpi="total-entries"]').getAttribute('data-value');
        // The last 7 days: the six finished days, and today in a sub-range of its own.
        expect(metrics.dates(0)).toEqual(expect.arrayContaining(['2026-11-12..2026-11-17', '2026-11-18..2026-11-18']));

        // Both clocks move on to 00:20 the next day (20 minutes: two quarter-hours in, the third begun).
        await setClock('2026-11-19T05:20:00Z');
        const before = metrics.sent.length;
        // Jumps: every timer due by then fires once (the minute tick, the refresh), as after a busy spell.
        await page.clock.fastForward(22 * 60_000);
        await expect(clock).toContainText('Thu 19 Nov, 00:20');
        await expect(today.getByRole('figure')).toHaveAccessibleName(/, 2 quarter-hours so far,/);
        await expect(page.locator('[data-kpi="total-entries"]')).not.toHaveAttribute('data-value', entriesBefore!);
        // Today's chart asked for the new date, and the range for the last 7 days ending on it.
        await expect
          .poll(() => metrics.dates(before), { timeout: 30_000 })
          .toEqual(expect.arrayContaining(['2026-11-19..2026-11-19', '2026-11-13..2026-11-18']));
        expect(await page.evaluate(() => 'kioskTestMark' in window), 'no reload').toBe(true);
      });
    });
  }
});
