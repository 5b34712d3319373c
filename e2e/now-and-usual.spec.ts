/**
 * Now, and what is usual: the live number and the usual for this weekday and hour, on the kiosk and on the
 * utilization page of a range that reaches today, against values this test computes itself from the raw API
 * responses: `/now`'s count, and the median of the hourly avg_occupancy of the 8 same weekdays before today at the
 * current wall hour (every page, no filters), by the R-7 rule. Then: a hidden tab asks for no `/now` for 3 minutes.
 * The simulator's and the browser's clocks are at FIXED_NOW: Wednesday 18 Nov 2026, 10:30 in New York.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { hoverChart } from './chart-tooltip';
import { apiGet, expect, test } from './fixtures';

const MAIN_CONCOURSE = 11;
const TODAY = '2026-11-18';
const HOUR = 10;

interface Envelope {
  data: { window_start: string; avg_occupancy: number }[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** R-7 (PERCENTILE.INC) of ascending values. */
function quantile(sorted: number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = Math.floor(position);
  const next = sorted[Math.min(sorted.length - 1, below + 1)]!;
  return sorted[below]! + (next - sorted[below]!) * (position - below);
}

async function expectedUsual(request: APIRequestContext, baseURL: string) {
  const points: Envelope['data'] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({
      start_date: addDays(TODAY, -56),
      end_date: addDays(TODAY, -1),
      interval: '60min',
    });
    if (cursor) query.set('cursor', cursor);
    const page: Envelope = await apiGet<Envelope>(request, baseURL, `/locations/${MAIN_CONCOURSE}/occupancy?${query}`);
    points.push(...page.data);
    cursor = page.pagination.has_more ? page.pagination.next_cursor : null;
  } while (cursor);
  const samples: number[] = [];
  for (let week = 1; week <= 8; week++) {
    const date = addDays(TODAY, -7 * week);
    // The window's own wall clock: its date and hour as written, whatever its offset.
    const at = points.filter(
      (p) => p.window_start.slice(0, 10) === date && Number(p.window_start.slice(11, 13)) === HOUR,
    );
    if (at.length > 0) samples.push(at.reduce((sum, p) => sum + p.avg_occupancy, 0) / at.length);
  }
  samples.sort((a, b) => a - b);
  return { median: quantile(samples, 0.5), low: quantile(samples, 0.25), high: quantile(samples, 0.75), samples };
}

async function nowCount(request: APIRequestContext, baseURL: string): Promise<number> {
  return (await apiGet<{ occupancy: number }>(request, baseURL, `/locations/${MAIN_CONCOURSE}/now`)).occupancy;
}

function verdictOf(people: number, usual: { low: number; high: number }): RegExp {
  if (people > usual.high) return /^Busier than usual/;
  if (people < usual.low) return /^Quieter than usual/;
  return /^About as usual/;
}

async function expectNowAndUsual(page: Page, request: APIRequestContext, baseURL: string) {
  const people = await nowCount(request, baseURL);
  const usual = await expectedUsual(request, baseURL);
  expect(usual.samples.length).toBe(8);
  await expect(page.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', String(people));
  const sentence = page.locator('[data-kpi="usual-now"]');
  await expect(sentence).toHaveAttribute('data-value', String(usual.median));
  await expect(sentence).toContainText(verdictOf(people, usual));
  await expect(sentence).toContainText(
    `for a Wednesday at 10:00: ${people.toLocaleString('en-US')} people, usually ${Math.round(usual.median).toLocaleString('en-US')}`,
  );
  await expect(sentence).toContainText(
    `usually ${Math.round(usual.low).toLocaleString('en-US')}–${Math.round(usual.high).toLocaleString('en-US')}`,
  );
}

test('the kiosk shows the live number and the usual for this hour, as the API’s numbers give them', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto(`/kiosk?locations=${MAIN_CONCOURSE}&panels=now,figures,heatmap&rotate=0`);
  await expectNowAndUsual(page, request, baseURL);
  // No filter bar on a wall: the other panels say their period.
  await expect(page.getByRole('heading', { name: 'Headline figures · last 7 days' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Busiest times · last 7 days' })).toBeVisible();
  await expect(page.getByText('No data: outside the hours shown, or still to come')).toBeVisible();
});

test('the utilization page for today says how busy it is now against the usual', async ({ page, request, baseURL }) => {
  await page.goto(`/locations/${MAIN_CONCOURSE}/utilization?range=today`);
  const now = page.getByRole('region', { name: 'Now' });
  await expect(now).toBeVisible();
  await expectNowAndUsual(page, request, baseURL);
  // A range that does not reach today has no live number.
  await page.goto(`/locations/${MAIN_CONCOURSE}/utilization?range=yesterday`);
  await expect(page.getByRole('region', { name: 'Headline figures' })).toBeVisible();
  await expect(page.locator('[data-kpi="occupancy-now"]')).toHaveCount(0);
});

test('today’s chart draws the usual behind it and the rest of today as expected, never as data', async ({ page }) => {
  for (const [path, figureIn] of [
    [`/locations/${MAIN_CONCOURSE}/occupancy?range=today&interval=15min`, 'Occupancy chart'],
    [`/locations/${MAIN_CONCOURSE}/utilization?range=today`, 'Utilization over time'],
    [`/kiosk?locations=${MAIN_CONCOURSE}&panels=now&rotate=0`, 'Today'],
  ] as const) {
    await page.goto(path);
    const figure = page.getByRole('region', { name: figureIn }).getByRole('figure');
    await expect(figure).toHaveAccessibleName(/The usual band and the expected rest of today are drawn behind\./);
    // Past 10:30, what the chart shows is the usual, said not to be measured; no measured value is there.
    const tooltip = await hoverChart(page, figure, [0.85, 0.8, 0.9, 0.75]);
    expect(tooltip).toContain('Expected');
    expect(tooltip).toContain('not measured');
    expect(tooltip).not.toMatch(/Average|Peak/);
  }
  // Another range, or today in one daily point, draws no usual.
  for (const search of ['range=yesterday&interval=15min', 'range=today&interval=daily']) {
    await page.goto(`/locations/${MAIN_CONCOURSE}/occupancy?${search}`);
    const figure = page.getByRole('region', { name: 'Occupancy chart' }).getByRole('figure');
    await expect(figure).toHaveAccessibleName(/^Occupancy/);
    await expect(figure).not.toHaveAccessibleName(/usual/);
  }
});

test('a hidden tab asks for no live reading; shown again, it asks at once', async ({ page }) => {
  // Answers received, not requests sent: a request still in flight when the tab is shown would take the place of
  // the one the test waits for.
  let nowAnswers = 0;
  page.on('requestfinished', (req) => {
    if (new URL(req.url()).pathname === `/v2/locations/${MAIN_CONCOURSE}/now`) nowAnswers++;
  });
  await page.goto(`/locations/${MAIN_CONCOURSE}/utilization?range=today`);
  await expect(page.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', /^\d+$/);
  // Visible, it asks again within a minute.
  const before = nowAnswers;
  await page.clock.runFor(61_000);
  await expect.poll(() => nowAnswers).toBeGreaterThan(before);

  await setVisibility(page, 'hidden');
  const hiddenFrom = nowAnswers;
  await page.clock.runFor(3 * 60_000);
  expect(nowAnswers).toBe(hiddenFrom);

  // Shown again with a reading three minutes old, it asks with no clock running.
  await setVisibility(page, 'visible');
  await expect.poll(() => nowAnswers).toBeGreaterThan(hiddenFrom);
});

/** What a browser does when its tab is hidden or shown: the state, then the event, which bubbles to the window. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}
