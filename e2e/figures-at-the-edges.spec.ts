/**
 * Figures at the edges (docs/figures.md), against the simulator's raw answers computed here, never by the app:
 * - a figure per day is the same at every interval and equals the API's daily windows; time over capacity is the same
 *   at every interval and equals the API's hourly windows;
 * - a range that reaches now (`range=7d`, at 10:30 in New York on the simulator's clock) is compared with the other
 *   period cut at the same local time: the compared hourly window the cut falls in counts as it is (a count in
 *   proportion to its part before the cut), and a daily window is rebuilt from the metric's finest windows before it.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { expect, test, walk } from './fixtures';

interface Point {
  window_start: string;
  window_end: string;
  [field: string]: number | string | null;
}

const num = (point: Point, field: string) => point[field] as number;
const lengthOf = (point: Point) => Date.parse(point.window_end) - Date.parse(point.window_start);
/** A window's wall clock as if it were UTC (its own offset ignored), as the location reads it. */
const wallOf = (text: string) => Date.parse(`${text.slice(0, 19)}Z`);

function byLength(points: readonly Point[], value: (point: Point) => number): number {
  const weights = points.reduce((sum, point) => sum + lengthOf(point), 0);
  return points.reduce((sum, point) => sum + value(point) * lengthOf(point), 0) / weights;
}

async function series(request: APIRequestContext, baseURL: string, path: string, from: string, to: string) {
  const separator = path.includes('?') ? '&' : '?';
  return walk<Point>(request, baseURL, `${path}${separator}start_date=${from}&end_date=${to}`);
}

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });

async function valueOf(page: Page, kpi: string): Promise<number> {
  const figure = headline(page).locator(`[data-kpi="${kpi}"]`);
  await expect(figure, kpi).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  return Number(await figure.getAttribute('data-value'));
}

async function deltaOf(page: Page, kpi: string): Promise<number> {
  const delta = headline(page).locator(`[data-kpi="${kpi}"] .figure-delta`);
  await expect(delta, kpi).toHaveAttribute('data-delta', /\d/, { timeout: 30_000 });
  return Number(await delta.getAttribute('data-delta'));
}

test.describe('a figure per day, at every interval', () => {
  // Main Concourse (New York, open around the clock), four whole weeks of June 2025.
  const [FROM, TO] = ['2025-06-02', '2025-06-29'];

  test('busiest day and entries a day equal the API’s daily windows at 60 minutes, daily, weekly and monthly', async ({
    page,
    request,
    baseURL,
  }) => {
    const { data: days } = await series(request, baseURL, '/locations/11/traffic?interval=daily', FROM, TO);
    const entries = days.map((day) => num(day, 'traffic'));
    const busiest = Math.max(...entries);
    const perDay = entries.reduce((a, b) => a + b, 0) / entries.length;
    for (const interval of ['60min', 'daily', 'weekly', 'monthly']) {
      await page.goto(`/locations/11/traffic?from=${FROM}&to=${TO}&interval=${interval}`);
      expect(await valueOf(page, 'busiest-day'), interval).toBe(busiest);
      expect(await valueOf(page, 'entries-per-day'), interval).toBeCloseTo(perDay, 9);
    }
  });

  test('time over capacity equals the share of the API’s hourly windows over capacity, at every interval', async ({
    page,
    request,
    baseURL,
  }) => {
    // Meeting Room Spree (Berlin), often full.
    const { first, data: hours } = await series(request, baseURL, '/locations/23/occupancy?interval=60min', FROM, TO);
    const want = byLength(hours, (hour) => (num(hour, 'peak_occupancy') > first.capacity ? 1 : 0));
    expect(want, 'the room is over capacity at times').toBeGreaterThan(0);
    for (const interval of ['15min', '30min', '60min', 'daily', 'weekly', 'monthly']) {
      await page.goto(`/locations/23/occupancy?from=${FROM}&to=${TO}&interval=${interval}`);
      expect(await valueOf(page, 'time-over-capacity'), interval).toBeCloseTo(want, 9);
    }
  });
});

test.describe('a range that reaches now, against the other period to the same time', () => {
  /** 10:30 on Wednesday 18 November 2026 in New York: the simulator's clock. */
  const TODAY = '2026-11-18';
  const CASES = [
    { compare: 'previous', label: 'previous period', from: '2026-11-05', to: '2026-11-11' },
    { compare: 'year', label: 'same period last year', from: '2025-11-13', to: '2025-11-19' },
  ] as const;

  /** The cut the page names ("to the same time (Wed 10:30)"), on the compared day's wall clock. */
  async function cutOf(page: Page, label: string, matchingDay: string): Promise<number> {
    const status = page.getByText(
      new RegExp(`^Compared with ${label}: .*, to the same time \\(\\w{3} (\\d\\d:\\d\\d)\\)$`),
    );
    await expect(status).toBeVisible({ timeout: 30_000 });
    const time = /(\d\d:\d\d)\)$/.exec((await status.textContent()) ?? '')![1]!;
    return Date.parse(`${matchingDay}T${time}:00Z`);
  }

  /** The compared windows cut at `cut` (wall clock): hourly windows as they are, counts in proportion. */
  function cutHourly(points: readonly Point[], cut: number, count?: string): Point[] {
    return points.flatMap((point) => {
      const [start, end] = [wallOf(point.window_start), wallOf(point.window_end)];
      if (end <= cut) return [point];
      if (start >= cut) return [];
      return count ? [{ ...point, [count]: num(point, count) * ((cut - start) / (end - start)) }] : [point];
    });
  }

  for (const { compare, label, from, to } of CASES) {
    test(`traffic, daily, compare=${compare}: each change is against the other period cut at the same time`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.goto(`/locations/11/traffic?range=7d&interval=daily&compare=${compare}`);
      const cut = await cutOf(page, label, to);
      const path = '/locations/11/traffic?interval=daily';
      const [{ data: now }, { data: before }, { data: hours }] = await Promise.all([
        series(request, baseURL, path, '2026-11-12', TODAY),
        series(request, baseURL, path, from, to),
        series(request, baseURL, '/locations/11/traffic?interval=60min', to, to),
      ]);
      // The matching day rebuilt from its hours before the cut.
      const matching = cutHourly(hours, cut, 'traffic').reduce((sum, hour) => sum + num(hour, 'traffic'), 0);
      const compared = before.map((day) => (day.window_start.startsWith(to) ? matching : num(day, 'traffic')));
      const current = now.map((day) => num(day, 'traffic'));
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      // A day is complete when it is over: today and the matching day are not.
      const perDay = (values: number[]) => sum(values.slice(0, -1)) / (values.length - 1);
      const want = {
        'total-entries': sum(current) - sum(compared),
        'busiest-day': Math.max(...current) - Math.max(...compared),
        'entries-per-day': perDay(current) - perDay(compared),
      };
      for (const [kpi, change] of Object.entries(want)) {
        expect(await deltaOf(page, kpi), `${kpi} vs ${label}`).toBeCloseTo(change, 6);
      }
      await expect(headline(page).locator('.figure-delta').first()).toContainText(`vs ${label}, to the same time`);
    });

    test(`occupancy, hourly, compare=${compare}: each change is against the other period cut at the same time`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.goto(`/locations/11/occupancy?range=7d&interval=60min&compare=${compare}`);
      const cut = await cutOf(page, label, to);
      const path = '/locations/11/occupancy?interval=60min';
      const [{ first, data: now }, { data: before }] = await Promise.all([
        series(request, baseURL, path, '2026-11-12', TODAY),
        series(request, baseURL, path, from, to),
      ]);
      const compared = cutHourly(before, cut);
      const figures = (points: Point[]) => ({
        'average-occupancy': byLength(points, (p) => num(p, 'avg_occupancy')),
        'peak-occupancy': Math.max(...points.map((p) => num(p, 'peak_occupancy'))),
        'time-over-capacity': byLength(points, (p) => (num(p, 'peak_occupancy') > first.capacity ? 1 : 0)),
      });
      const [a, b] = [figures(now), figures(compared)];
      for (const kpi of Object.keys(a) as (keyof typeof a)[]) {
        expect(await deltaOf(page, kpi), `${kpi} vs ${label}`).toBeCloseTo(a[kpi] - b[kpi], 9);
      }
    });
  }

  test('the portfolio’s Change is against the previous period cut at the same time', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/portfolio?range=7d');
    const change = page.locator('tr[data-location-id="11"] [data-kpi="average-utilization-change"]');
    await expect(change).toHaveAttribute('data-value', /\d/, { timeout: 60_000 });
    const path = '/locations/11/occupancy?interval=60min';
    const [{ data: now }, { data: before }] = await Promise.all([
      series(request, baseURL, path, '2026-11-12', TODAY),
      series(request, baseURL, path, '2026-11-05', '2026-11-11'),
    ]);
    // The portfolio's rows are read at the clock's minute: 10:30.
    const compared = cutHourly(before, Date.parse('2026-11-11T10:30:00Z'));
    const utilization = (points: Point[]) => byLength(points, (p) => num(p, 'avg_utilization_percentage'));
    expect(Number(await change.getAttribute('data-value'))).toBeCloseTo(utilization(now) - utilization(compared), 9);
  });
});
