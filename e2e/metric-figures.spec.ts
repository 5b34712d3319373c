/**
 * A metric page's headline figures are their definitions (docs/figures.md) applied to the API's own windows: each
 * `[data-kpi]`'s `data-value` equals what this test computes from the raw series, fetched here page by page; with a
 * comparison period, each change (`data-delta`) is the figure over the range less the figure over the compared dates.
 */
import type { Page } from '@playwright/test';

import { formatInTimeZone } from 'date-fns-tz';

import { hoverChart } from './chart-tooltip';
import { FIXED_NOW } from './servers';
import { compareField, expect, moreButton, test, walk } from './fixtures';

interface Window {
  window_start: string;
  window_end: string;
}
type Point = Window & Record<string, number | null>;

/** A field's values, the nulls left out. */
const present = (points: readonly Point[], field: string) =>
  points.flatMap((point) => (typeof point[field] === 'number' ? [point[field]] : []));

const LOCATION = 21;
const FROM = '2026-11-02';
const TO = '2026-11-15';
/** `compare=previous` of 14 days: the 14 days before, so weekdays line up (docs/pages.md). */
const PREVIOUS = { from: '2026-10-19', to: '2026-11-01' };

const lengthOf = (point: Window) => Date.parse(point.window_end) - Date.parse(point.window_start);

/** Σ(value × window length) ÷ Σ(window length), over the windows with a value. */
function byLength(points: readonly Point[], value: (point: Point) => number | null): number {
  let sum = 0;
  let weights = 0;
  for (const point of points) {
    const v = value(point);
    if (v === null) continue;
    sum += v * lengthOf(point);
    weights += lengthOf(point);
  }
  return sum / weights;
}

const CASES = [
  {
    metric: 'occupancy',
    slug: 'occupancy',
    interval: '60min',
    expected: (points: Point[], capacity: number) => ({
      'average-occupancy': byLength(points, (p) => p.avg_occupancy!),
      'peak-occupancy': Math.max(...points.map((p) => p.peak_occupancy!)),
      'time-over-capacity': byLength(points, (p) => (p.peak_occupancy! > capacity ? 1 : 0)),
    }),
  },
  {
    metric: 'traffic',
    slug: 'traffic',
    interval: '60min',
    // A figure per day is over the daily windows, whatever the chart's interval.
    expected: (points: Point[], _capacity: number, days: Point[]) => ({
      'total-entries': points.reduce((sum, p) => sum + p.traffic!, 0),
      'busiest-day': Math.max(...days.map((day) => day.traffic!)),
      'entries-per-day': days.reduce((sum, day) => sum + day.traffic!, 0) / days.length,
    }),
  },
  {
    metric: 'dwell_time',
    slug: 'dwell-time',
    interval: 'daily',
    expected: (points: Point[]) => ({
      'visit-length-by-window': byLength(points, (p) => p.avg_dwell_time ?? null),
      'longest-visit': Math.max(...present(points, 'peak_dwell_time')),
    }),
  },
  {
    metric: 'availability',
    slug: 'availability',
    interval: '60min',
    expected: (points: Point[]) => ({
      'average-free': byLength(points, (p) => p.availability_percentage ?? null),
      'least-free': Math.min(...present(points, 'availability_percentage')),
    }),
  },
] as const;

test('each metric page’s figures equal their definitions over the API’s windows', async ({
  page,
  request,
  baseURL,
}) => {
  for (const { metric, slug, interval, expected } of CASES) {
    const series = (every: string) =>
      walk<Point>(
        request,
        baseURL,
        `/locations/${LOCATION}/${metric}?start_date=${FROM}&end_date=${TO}&interval=${every}`,
      );
    const [{ first, data }, { data: days }] = await Promise.all([series(interval), series('daily')]);
    const want = expected(data, first.capacity, days);
    await page.goto(`/locations/${LOCATION}/${slug}?from=${FROM}&to=${TO}&interval=${interval}`);
    const figures = page.getByRole('region', { name: 'Headline figures' });
    for (const [kpi, value] of Object.entries(want)) {
      const figure = figures.locator(`[data-kpi="${kpi}"]`);
      await expect(figure, `${slug}: ${kpi}`).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
      // Dwell times in the simulator are minutes (config.json's dwellTimeUnit), shown as minutes.
      expect(Number(await figure.getAttribute('data-value')), `${slug}: ${kpi}`).toBeCloseTo(value, 9);
    }
  }
});

test('with compare=previous, each figure’s change is its definition over the range less over the previous period', async ({
  page,
  request,
  baseURL,
}) => {
  for (const { metric, slug, interval, expected } of CASES) {
    const series = (from: string, to: string, every: string = interval) =>
      walk<Point>(
        request,
        baseURL,
        `/locations/${LOCATION}/${metric}?start_date=${from}&end_date=${to}&interval=${every}`,
      );
    const [now, before, nowDays, beforeDays] = await Promise.all([
      series(FROM, TO),
      series(PREVIOUS.from, PREVIOUS.to),
      series(FROM, TO, 'daily'),
      series(PREVIOUS.from, PREVIOUS.to, 'daily'),
    ]);
    const want = expected(now.data, now.first.capacity, nowDays.data) as Record<string, number>;
    const was = expected(before.data, now.first.capacity, beforeDays.data) as Record<string, number>;
    await page.goto(`/locations/${LOCATION}/${slug}?from=${FROM}&to=${TO}&interval=${interval}&compare=previous`);
    const shown = await readDeltas(page, Object.keys(want), 'vs previous period');
    for (const kpi of Object.keys(want)) {
      const change = want[kpi]! - was[kpi]!;
      const scale = Math.max(1, Math.abs(want[kpi]!), Math.abs(was[kpi]!));
      expect(
        Math.abs(shown[kpi]! - change),
        `${slug}: ${kpi} shown ${shown[kpi]}, computed ${change}`,
      ).toBeLessThanOrEqual(1e-9 * scale);
    }
  }
});

test('a copied link with a comparison reopens the same comparison; Back takes the comparison away', async ({
  page,
  browser,
  baseURL,
}) => {
  const kpis = ['total-entries', 'busiest-day', 'entries-per-day'];
  await page.goto(`/locations/${LOCATION}/traffic?from=${FROM}&to=${TO}&interval=daily`);
  await expect(headline(page).locator('[data-kpi="total-entries"]')).toHaveAttribute('data-value', /\d/);
  const compare = await compareField(page);
  await expect(compare).toHaveValue('');
  await compare.selectOption({ label: 'Same period last year' });
  await expect(page).toHaveURL(/[?&]compare=year(&|$)/);
  // 52 weeks earlier: Mon 3 – Sun 16 November 2025.
  await expect(page.getByText('3 Nov – 16 Nov 2025', { exact: true })).toBeVisible();
  const here = await readDeltas(page, kpis, 'vs same period last year');
  // Drawn behind the chart, said in its summary and its tooltip with the compared day's own date.
  const chart = page.getByRole('figure', {
    name: /Behind it, dashed: the same period last year, 3 Nov – 16 Nov 2025\.$/,
  });
  expect(await hoverChart(page, chart)).toMatch(/Same period last year \(\w{3} \d{1,2} Nov 2025\): \d+ entries/);

  await (await moreButton(page, 'Copy link')).click();
  const link = await page.getByRole('textbox', { name: 'Link copied' }).inputValue();
  expect(new URL(link).searchParams.get('compare')).toBe('year');
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.clock.install({ time: new Date(FIXED_NOW) });
  await other.goto(link);
  await expect(await compareField(other)).toHaveValue('year');
  expect(await readDeltas(other, kpis, 'vs same period last year')).toEqual(here);
  await fresh.close();

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]compare=/);
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(kpis.length);
  await expect(headline(page).locator('[data-delta]')).toHaveCount(0);
  await expect(await compareField(page)).toHaveValue('');
});

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });

/** Each figure's change, once shown (not "comparing…"), as its raw number. */
async function readDeltas(page: Page, kpis: readonly string[], against: string): Promise<Record<string, number>> {
  const deltas: Record<string, number> = {};
  for (const kpi of kpis) {
    const delta = headline(page).locator(`[data-kpi="${kpi}"] .figure-delta`);
    await expect(delta, kpi).toHaveAttribute('data-delta', /\d/, { timeout: 30_000 });
    await expect(delta, kpi).toContainText(against);
    deltas[kpi] = Number(await delta.getAttribute('data-delta'));
  }
  return deltas;
}

test('entries a day counts the days that are over: today is in the chart, not in the figure', async ({
  page,
  request,
  baseURL,
}) => {
  // Today on the location's own calendar at the fixed clock (Berlin), computed here, not by the app.
  const today = formatInTimeZone(FIXED_NOW, 'Europe/Berlin', 'yyyy-MM-dd');
  const from = formatInTimeZone(Date.parse(FIXED_NOW) - 6 * 86_400_000, 'Europe/Berlin', 'yyyy-MM-dd');
  const { data: days } = await walk<Point>(
    request,
    baseURL,
    `/locations/${LOCATION}/traffic?start_date=${from}&end_date=${today}&interval=daily`,
  );
  expect(days.at(-1)?.window_start.slice(0, 10), 'today has traffic so far').toBe(today);
  // A day is complete once its window has ended: today's has not.
  const complete = days.filter((day) => Date.parse(day.window_end) <= Date.parse(FIXED_NOW));
  expect(complete).toHaveLength(days.length - 1);
  const want = complete.reduce((sum, day) => sum + day.traffic!, 0) / complete.length;

  await page.goto(`/locations/${LOCATION}/traffic?from=${from}&to=${today}&interval=60min`);
  const figure = page.getByRole('region', { name: 'Headline figures' }).locator('[data-kpi="entries-per-day"]');
  await expect(figure).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  expect(Number(await figure.getAttribute('data-value'))).toBeCloseTo(want, 9);

  // Only today: no day is complete yet, and the figure says so rather than showing a number.
  await page.goto(`/locations/${LOCATION}/traffic?range=today&interval=60min`);
  const todayOnly = page.getByRole('region', { name: 'Headline figures' }).locator('[data-kpi="entries-per-day"]');
  await expect(todayOnly).toContainText(/no day .*complete.*today is not over/i, { timeout: 30_000 });
  await expect(todayOnly).toHaveAttribute('data-value', '');
});
