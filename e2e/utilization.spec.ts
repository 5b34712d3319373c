/**
 * The capacity utilization page against the simulator, in Chromium. Every figure the page shows is checked
 * against the test's own computation from the API's raw series (e2e/utilization-series.ts, by the definitions the
 * page publishes, independently of the app's code). The busiest weekday × hour is checked against the data and
 * against the activity profile the simulator draws from (simulator/activity-profiles.ts). Then: a comparison that
 * survives a shared link, the spaces of a building, and a malformed comparison in a link (the page's data checks
 * and its start: e2e/utilization-data.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';

import { compareField, expect, test, walk } from './fixtures';
import { FIXED_NOW } from './servers';
import {
  busiestCell,
  expectedFigures,
  expectSameNumber,
  fetchSeries,
  FIGURE_NAMES,
  type FigureName,
  local,
  type LocationRecord,
  type Series,
} from './utilization-series';

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });
const figure = (page: Page, name: FigureName): Locator => headline(page).locator(`[data-kpi="${name}"]`);

/** Each figure's `data-value`, as a number (null for '' = no data), once the figures are there. */
async function shownFigures(page: Page): Promise<Record<FigureName, number | null>> {
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(FIGURE_NAMES.length);
  const shown = {} as Record<FigureName, number | null>;
  for (const name of FIGURE_NAMES) {
    const raw = await figure(page, name).getAttribute('data-value');
    expect(raw, `data-value of ${name}`).not.toBeNull();
    shown[name] = raw === '' ? null : Number(raw);
  }
  return shown;
}

const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Tue 3 Nov 2026, 10:00`: a window start's own wall clock. */
function wallText(windowStart: string): string {
  const { wallMs, hour, minute } = local(windowStart);
  const wall = new Date(wallMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAY_SHORT[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTH_SHORT[wall.getUTCMonth()]} ${wall.getUTCFullYear()}, ${two(hour)}:${two(minute)}`;
}

/** Every figure's data-value equals the test's own computation, and the peak names its first hour. */
async function expectFiguresMatch(page: Page, series: Series) {
  const expected = expectedFigures(series);
  // Sanity: the range has data, so every figure is a number.
  for (const name of FIGURE_NAMES) expect(expected.values[name], `computed ${name}`).not.toBeNull();
  const shown = await shownFigures(page);
  for (const name of FIGURE_NAMES) expectSameNumber(shown[name], expected.values[name], name);
  await expect(figure(page, 'peak-occupancy').locator('.figure-value')).toHaveText(
    `${expected.values['peak-occupancy']!.toLocaleString('en-US')} people on ${wallText(expected.peakAt!)}`,
  );
}

async function heatmapBusiest(page: Page): Promise<{ day: number; hour: number }> {
  const box = page.getByRole('region', { name: 'Busiest times' }).locator('.heatmap-box');
  await expect(box).toBeVisible();
  return {
    day: Number(await box.getAttribute('data-busiest-day')),
    hour: Number(await box.getAttribute('data-busiest-hour')),
  };
}

/** Today's date in a time zone at FIXED_NOW, and n − 1 days before it: what "last n days" means there. */
function lastDays(timeZone: string, count: number): { start: string; end: string } {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(FIXED_NOW));
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - (count - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start, end: today };
}

// ---------------------------------------------------------------------------------------------------

test.describe('the headline figures are the definitions applied to the API’s series', () => {
  test('Berlin office (20), two working weeks: figures, and the busiest cell where offices are busiest', async ({
    page,
    request,
    baseURL,
  }) => {
    const [series] = await Promise.all([
      fetchSeries(request, baseURL, 20, '2026-11-02', '2026-11-13'),
      page.goto('/locations/20/utilization?from=2026-11-02&to=2026-11-13'),
    ]);
    // Europe/Berlin is UTC+1 all of November: 12 days, Mon 2 – Fri 13, hourly windows.
    expect(series.occupancy.length).toBeGreaterThan(50);
    await expectFiguresMatch(page, series);

    const busiest = busiestCell(series.occupancy);
    expect(await heatmapBusiest(page)).toEqual(busiest);
    // The office profile (officeShape): Tue/Wed at full level, Mon 0.9 and Thu 0.95, Fri 0.7, weekends 0.1;
    // everyone in from 09:30 to 16:00 except a lunch dip centred on 12:45. Meeting rooms peak 10:30 and 14:30.
    expect([2, 3, 4, 5], 'a Monday to Thursday').toContain(busiest.day);
    expect([9, 10, 11, 14, 15], 'office hours, outside the lunch dip').toContain(busiest.hour);
    // The busiest weekday and hour figures follow the same profile.
    const shown = await shownFigures(page);
    expect([2, 3, 4, 5]).toContain(shown['busiest-weekday']);
    expect([9, 10, 11, 14, 15]).toContain(shown['busiest-hour']);
  });

  test('Main Concourse (11, open 24/7), the last 7 days: figures, and the busiest cell in a weekday rush hour', async ({
    page,
    request,
    baseURL,
  }) => {
    const { start, end } = lastDays('America/New_York', 7);
    const [series] = await Promise.all([
      fetchSeries(request, baseURL, 11, start, end),
      page.goto('/locations/11/utilization'),
    ]);
    // Round the clock: every hour of the day has windows.
    expect(new Set(series.occupancy.map((p) => local(p.window_start).hour)).size).toBe(24);
    await expectFiguresMatch(page, series);

    const busiest = busiestCell(series.occupancy);
    expect(await heatmapBusiest(page)).toEqual(busiest);
    // The transit profile (transitShape): on weekdays a morning rush (08:18 ± 0:54) and a higher evening rush
    // (17:36 ± 1:06); weekends only a low midday hump.
    expect([2, 3, 4, 5, 6], 'a weekday').toContain(busiest.day);
    expect([7, 8, 16, 17, 18], 'a rush hour').toContain(busiest.hour);
  });

  test('a meeting room sometimes overbooked, and the concourse across the autumn DST change', async ({
    page,
    request,
    baseURL,
  }) => {
    // Meeting rooms (meetingRoomCurve) book one person over capacity in 4 % of meetings: hours over capacity.
    const [room] = await Promise.all([
      fetchSeries(request, baseURL, 24, '2026-11-02', '2026-11-13'),
      page.goto('/locations/24/utilization?from=2026-11-02&to=2026-11-13'),
    ]);
    expect(expectedFigures(room).values['hours-over-capacity']).toBeGreaterThan(0);
    await expectFiguresMatch(page, room);

    // New York leaves DST on Sunday 1 November 2026: 01:00 happens twice (−04:00, then −05:00), a 25-hour day.
    const [concourse] = await Promise.all([
      fetchSeries(request, baseURL, 11, '2026-10-29', '2026-11-04'),
      page.goto('/locations/11/utilization?from=2026-10-29&to=2026-11-04'),
    ]);
    const repeated = concourse.occupancy.filter((p) => p.window_start.startsWith('2026-11-01T01:00'));
    expect(repeated.map((p) => p.window_start.slice(19))).toEqual(['-04:00', '-05:00']);
    expect(concourse.occupancy.filter((p) => p.window_start.startsWith('2026-11-01'))).toHaveLength(25);
    await expectFiguresMatch(page, concourse);
    expect(await heatmapBusiest(page)).toEqual(busiestCell(concourse.occupancy));
  });
});

test('a comparison with the same period last year survives a shared link', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // 'year' is 52 weeks (364 days) earlier, so weekdays line up: Mon 3 – Fri 14 November 2025.
  const [current, previous] = await Promise.all([
    fetchSeries(request, baseURL, 20, '2026-11-02', '2026-11-13').then(expectedFigures),
    fetchSeries(request, baseURL, 20, '2025-11-03', '2025-11-14').then(expectedFigures),
    page.goto('/locations/20/utilization?from=2026-11-02&to=2026-11-13'),
  ]);
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(FIGURE_NAMES.length);
  const compare = await compareField(page);
  await expect(compare).toHaveValue('');
  await compare.selectOption({ label: 'Same period last year' });
  await expect(page).toHaveURL(/[?&]compare=year(&|$)/);

  const deltas = headline(page).locator('[data-delta]');
  await expect(deltas).toHaveCount(FIGURE_NAMES.length);
  const read = async (on: Page) => {
    const values: Record<string, string> = {};
    for (const name of FIGURE_NAMES) {
      const delta = headline(on).locator(`[data-kpi="${name}"] [data-delta]`);
      await expect(delta).toContainText('vs same period last year');
      await expect(delta).not.toContainText('comparing…');
      values[name] = (await delta.getAttribute('data-delta'))!;
    }
    return values;
  };
  const here = await read(page);
  // Each change is this period's figure less last year's, both computed here from the API's series.
  for (const name of FIGURE_NAMES) {
    const now = current.values[name]!;
    const before = previous.values[name]!;
    expect(here[name], `delta of ${name}`).not.toBe('');
    const shown = Number(here[name]);
    const scale = Math.max(Math.abs(now), Math.abs(before));
    expect(
      Math.abs(shown - (now - before)),
      `delta of ${name}: shown ${shown}, computed ${now - before}`,
    ).toBeLessThanOrEqual(1e-9 * scale);
  }

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.clock.install({ time: new Date(FIXED_NOW) });
  await other.goto(page.url());
  await expect(await compareField(other)).toHaveValue('year');
  await expect(headline(other).locator('[data-delta]')).toHaveCount(FIGURE_NAMES.length);
  expect(await read(other)).toEqual(here);
  await fresh.close();
});

test('the spaces table of the building with the most spaces lists each of them, linked, and fills in', async ({
  page,
  request,
  baseURL,
}) => {
  const { data: records } = await walk<LocationRecord>(request, baseURL, '/locations');
  const childrenOf = (id: number) => records.filter((record) => record.parent_id === id);
  const parent = records
    .map((record) => record.location_id)
    .reduce((best, id) => (childrenOf(id).length > childrenOf(best).length ? id : best));
  const children = childrenOf(parent);
  expect(children.length).toBeGreaterThan(1);

  await page.goto(`/locations/${parent}/utilization?from=2026-11-02&to=2026-11-13`);
  const spaces = page.getByRole('region', { name: 'Spaces in this location' });
  await expect(spaces.getByRole('status')).toHaveText(`${children.length} spaces`);
  const table = spaces.getByRole('region', { name: 'Spaces table' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(children.length);
  for (const child of children) {
    const row = table.locator(`tbody tr[data-location-id="${child.location_id}"]`);
    const link = row.getByRole('rowheader').getByRole('link', { name: child.name, exact: true });
    await expect(link).toHaveAttribute('href', new RegExp(`^/locations/${child.location_id}/utilization\\?`));
    // Filled in: no cell still loading or failed, and every figure a number.
    for (const cell of await row.getByRole('cell').all()) {
      await expect(cell).not.toHaveText(/loading…|failed to load/);
      expect(await cell.getAttribute('data-value')).toMatch(/^-?\d/);
    }
  }
});

test('a malformed comparison in a link is named and ignored, and the page still works', async ({ page }) => {
  await page.goto('/locations/20/utilization?from=2026-11-02&to=2026-11-13&compare=banana');
  const notice = page.getByRole('status', { name: 'Some of this link was ignored' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('banana');
  await expect(await compareField(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(FIGURE_NAMES.length);
  await expect(headline(page).locator('[data-delta]')).toHaveCount(0);
  await expect(figure(page, 'average-utilization')).toHaveAttribute('data-value', /^0?\.\d|^\d/);
  await page.getByRole('button', { name: 'Dismiss: Some of this link was ignored' }).click();
  await expect(notice).toBeHidden();
  // Choosing a comparison still works after the ignored one.
  await (await compareField(page)).selectOption({ label: 'Previous period' });
  await expect(page).toHaveURL(/[?&]compare=previous(&|$)/);
  await expect(headline(page).locator('[data-delta]')).toHaveCount(FIGURE_NAMES.length);
});
