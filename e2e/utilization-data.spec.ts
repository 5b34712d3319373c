/**
 * The utilization page's judgements of its data against the raw API (its coverage over a range with a silent day, on
 * the page and on its portfolio row; what is unusual against the 8 weeks before), and its series asked for as the
 * app starts.
 */
import { expect, test, walk } from './fixtures';

test('data coverage over a range with a silent day, on the location page and its portfolio row, from the raw API', async ({
  page,
  request,
  baseURL,
}) => {
  // Focus Zone: the simulator's sensors were out for about 42 hours from 20 Oct 2026 (its fixed outages, seed 42).
  const id = 25;
  const [from, to] = ['2026-10-19', '2026-10-23'];
  const { first, data } = await walk<{ window_start: string }>(
    request,
    baseURL,
    `/locations/${id}/occupancy?start_date=${from}&end_date=${to}&interval=60min`,
  );
  const echo = first as unknown as { hour_range: { start: number; end: number }; days_of_week: number[] };
  const returned = new Set(data.map((p) => p.window_start.slice(0, 13)));
  // Expected: every wall hour of the echoed hours on the echoed days of each date (all in the past, no DST change).
  const expected: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    if (!echo.days_of_week.includes(new Date(day).getUTCDay() + 1)) continue;
    for (let hour = echo.hour_range.start; hour <= echo.hour_range.end && hour < 24; hour++) {
      expected.push(new Date(day + hour * 3_600_000).toISOString().slice(0, 13));
    }
  }
  const missing = expected.filter((hour) => !returned.has(hour));
  expect(missing.length, 'the silent day is missing from the API').toBeGreaterThanOrEqual(10);
  const share = (expected.length - missing.length) / expected.length;

  await page.goto(`/locations/${id}/utilization?from=${from}&to=${to}`);
  const panel = page.getByRole('region', { name: 'Data' });
  const coverage = panel.locator('[data-kpi="data-coverage"]');
  await expect(coverage).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  expect(Number(await coverage.getAttribute('data-value'))).toBeCloseTo(share, 12);
  // The gap in words: from the first missing window's start to the last one's end, as wall clock.
  const words = (hour: string, plus = 0) => {
    const at = new Date(Date.parse(`${hour}:00:00Z`) + plus);
    const day = at.toUTCString().slice(0, 3);
    const month = at.toUTCString().slice(8, 11);
    return `${day} ${at.getUTCDate()} ${month} ${String(at.getUTCHours()).padStart(2, '0')}:00`;
  };
  const gapText = `no data ${words(missing[0]!)} – ${words(missing.at(-1)!, 3_600_000)}`;
  await expect(panel.getByRole('list', { name: 'Gaps in the data' })).toContainText(gapText);

  await page.goto(`/portfolio?from=${from}&to=${to}`);
  const cell = page.locator(`tr[data-location-id="${id}"] [data-kpi="data-coverage"]`);
  await expect(cell).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  expect(Number(await cell.getAttribute('data-value'))).toBeCloseTo(share, 12);
  const summary = page.getByRole('region', { name: 'Portfolio summary' }).locator('[data-kpi="spaces-with-gaps"]');
  await expect(summary).toHaveAttribute('data-value', /^[1-9]\d*$/);
});

test('unusual, not just high: the period against the same dates in each of the 8 weeks before, from the raw API', async ({
  page,
  request,
  baseURL,
}) => {
  const id = 21;
  const [from, to] = ['2026-11-09', '2026-11-15'];
  const day = 86_400_000;
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10);
  interface Hour {
    window_start: string;
    window_end: string;
    avg_utilization_percentage: number;
  }
  const average = (points: readonly Hour[]) => {
    let sum = 0;
    let weights = 0;
    for (const p of points) {
      const length = Date.parse(p.window_end) - Date.parse(p.window_start);
      sum += p.avg_utilization_percentage * length;
      weights += length;
    }
    return weights === 0 ? null : sum / weights;
  };
  const hourly = async (start: string, end: string) =>
    (
      await walk<Hour>(
        request,
        baseURL,
        `/locations/${id}/occupancy?start_date=${start}&end_date=${end}&interval=60min`,
      )
    ).data;
  const current = average(await hourly(from, to))!;
  const weeks: number[] = [];
  for (let week = 1; week <= 8; week++) {
    const value = average(await hourly(shift(from, -7 * week), shift(to, -7 * week)));
    if (value !== null) weeks.push(value);
  }
  weeks.sort((a, b) => a - b);
  // R-7 (PERCENTILE.INC).
  const quantile = (p: number) => {
    const position = p * (weeks.length - 1);
    const below = Math.floor(position);
    const next = weeks[Math.min(weeks.length - 1, below + 1)]!;
    return weeks[below]! + (next - weeks[below]!) * (position - below);
  };
  const verdict = current > quantile(0.75) ? 'above' : current < quantile(0.25) ? 'below' : 'usual';

  await page.goto(`/locations/${id}/utilization?from=${from}&to=${to}`);
  const usual = page
    .getByRole('region', { name: 'Usual for these dates' })
    .locator('[data-kpi="usual-average-utilization"]');
  await expect(usual).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
  expect(Number(await usual.getAttribute('data-value'))).toBeCloseTo(quantile(0.5), 12);
  await expect(usual).toHaveAttribute('data-verdict', verdict);
  await expect(usual).toContainText(verdict === 'usual' ? /as usual/i : /unusually (high|low)/i);
});

test('a utilization page asks for its series as the app starts, before its own code is in, and asks once', async ({
  page,
}) => {
  const series: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The range's four series; not what is usual for now (one weekday: days_filter).
    if (/^\/v2\/locations\/11\/(occupancy|traffic|availability|dwell_time)$/.test(url.pathname)) {
      if (!url.searchParams.has('days_filter')) series.push(url.pathname + url.search);
    }
  });
  let release!: () => void;
  const pageCodeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/utilization-page-[^/]*\.js$/, async (route) => {
    await pageCodeHeld;
    await route.continue();
  });
  await page.goto('/locations/11/utilization');
  const metricsAsked = () => new Set(series.map((url) => url.split('?')[0])).size;
  await expect.poll(metricsAsked, { message: 'series asked for while the page’s code is held' }).toBe(4);
  release();
  await expect(page.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /\d/);
  expect(series.length, `no request twice:\n${series.join('\n')}`).toBe(new Set(series).size);
});
