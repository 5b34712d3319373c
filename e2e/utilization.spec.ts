/**
 * The capacity utilization page against the simulator, in Chromium. Every figure the page shows is checked
 * against the test's own computation from the API's raw series (every page of each, no filters), implementing
 * the definitions the page publishes (FIGURE_DEFINITIONS) here, independently of the app's code. The busiest
 * weekday × hour is checked against the data and against the activity profile the simulator draws from
 * (simulator/activity-profiles.ts). Then: a comparison that survives a shared link, the spaces of a building,
 * and a malformed comparison in a link.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { compareField, expect, test, walk } from './fixtures';
import { FIXED_NOW } from './servers';

// ---------------------------------------------------------------------------------------------------
// The API's shapes, as far as the test needs them

interface Window {
  window_start: string;
  window_end: string;
}
interface OccupancyPoint extends Window {
  avg_occupancy: number;
  avg_utilization_percentage: number;
  peak_occupancy: number;
  peak_utilization_percentage: number;
}
interface TrafficPoint extends Window {
  traffic: number;
}
interface DwellPoint extends Window {
  avg_dwell_time: number | null;
}
interface AvailabilityPoint extends Window {
  availability_percentage: number | null;
}
interface LocationRecord {
  location_id: number;
  name: string;
  parent_id: number | null;
}

interface Series {
  capacity: number;
  occupancy: OccupancyPoint[];
  traffic: TrafficPoint[];
  availability: AvailabilityPoint[];
  dwell: DwellPoint[];
}

/** The four series the figures are defined over, for one location and date range, with no filters. */
async function fetchSeries(
  request: APIRequestContext,
  baseURL: string,
  locationId: number,
  start: string,
  end: string,
): Promise<Series> {
  const path = (metric: string, interval: string) =>
    `/locations/${locationId}/${metric}?start_date=${start}&end_date=${end}&interval=${interval}`;
  const [occupancy, traffic, availability, dwell] = await Promise.all([
    walk<OccupancyPoint>(request, baseURL, path('occupancy', '60min')),
    walk<TrafficPoint>(request, baseURL, path('traffic', '60min')),
    walk<AvailabilityPoint>(request, baseURL, path('availability', '60min')),
    walk<DwellPoint>(request, baseURL, path('dwell_time', 'daily')),
  ]);
  return {
    capacity: occupancy.first.capacity,
    occupancy: occupancy.data,
    traffic: traffic.data,
    availability: availability.data,
    dwell: dwell.data,
  };
}

// ---------------------------------------------------------------------------------------------------
// The figures, from their published definitions (FIGURE_DEFINITIONS), written independently

/** A window's place on the location's clock, read from its own string: `2026-11-16T07:00:00+01:00`. */
function local(windowStart: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(windowStart);
  if (!match) throw new Error(`not a window start: ${windowStart}`);
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const wallMs = Date.UTC(y, m - 1, d, hh, mm);
  return {
    date: windowStart.slice(0, 10),
    hour: hh,
    minute: mm,
    /** Spec weekday digit: 1 = Sunday … 7 = Saturday. */
    day: new Date(wallMs).getUTCDay() + 1,
    wallMs,
  };
}

/** Real length of a window: end − start, as instants (the strings' offsets make it DST-proof). */
const lengthMs = (w: Window) => Date.parse(w.window_end) - Date.parse(w.window_start);

function weighted(entries: { value: number; weight: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const { value, weight } of entries) {
    if (weight <= 0) continue;
    sum += value * weight;
    weights += weight;
  }
  return weights > 0 ? sum / weights : null;
}

/** argmax of the mean value per key; ties → the lowest key. */
function argmaxOfMeans(entries: { key: number; value: number }[]): number | null {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const { key, value } of entries) {
    const acc = sums.get(key) ?? { sum: 0, n: 0 };
    acc.sum += value;
    acc.n += 1;
    sums.set(key, acc);
  }
  let best: { key: number; mean: number } | null = null;
  for (const key of [...sums.keys()].sort((a, b) => a - b)) {
    const { sum, n } = sums.get(key)!;
    const mean = sum / n;
    if (best === null || mean > best.mean) best = { key, mean };
  }
  return best?.key ?? null;
}

type FigureName =
  | 'average-utilization'
  | 'peak-utilization'
  | 'peak-occupancy'
  | 'total-entries'
  | 'average-dwell'
  | 'in-use-share'
  | 'hours-over-capacity'
  | 'right-size-p95'
  | 'busiest-hour'
  | 'busiest-weekday';

const FIGURE_NAMES: readonly FigureName[] = [
  'average-utilization',
  'peak-utilization',
  'peak-occupancy',
  'total-entries',
  'average-dwell',
  'in-use-share',
  'hours-over-capacity',
  'right-size-p95',
  'busiest-hour',
  'busiest-weekday',
];

interface Expected {
  values: Record<FigureName, number | null>;
  /** window_start of the earliest window (by instant) reaching the peak occupancy. */
  peakAt: string | null;
}

function expectedFigures(series: Series): Expected {
  const { occupancy, traffic, availability, dwell, capacity } = series;

  const averageUtilization = weighted(
    occupancy.map((p) => ({ value: p.avg_utilization_percentage, weight: lengthMs(p) })),
  );
  const peakUtilization =
    occupancy.length === 0 ? null : Math.max(...occupancy.map((p) => p.peak_utilization_percentage));

  let peak: OccupancyPoint | null = null;
  for (const p of occupancy) {
    if (
      peak === null ||
      p.peak_occupancy > peak.peak_occupancy ||
      (p.peak_occupancy === peak.peak_occupancy && Date.parse(p.window_start) < Date.parse(peak.window_start))
    )
      peak = p;
  }

  const totalEntries = traffic.length === 0 ? null : traffic.reduce((sum, p) => sum + p.traffic, 0);

  const entriesOn = new Map<string, number>();
  for (const p of traffic) {
    const { date } = local(p.window_start);
    entriesOn.set(date, (entriesOn.get(date) ?? 0) + p.traffic);
  }
  // The dashboard's config says minutes (public/config.json dwellTimeUnit), so no ÷ 60.
  const averageDwell = weighted(
    dwell
      .filter((p) => p.avg_dwell_time !== null)
      .map((p) => ({ value: p.avg_dwell_time!, weight: entriesOn.get(local(p.window_start).date) ?? 0 })),
  );

  const inUseShare = weighted(
    availability
      .filter((p) => p.availability_percentage !== null)
      .map((p) => ({ value: 1 - p.availability_percentage!, weight: lengthMs(p) })),
  );

  const hoursOverCapacity =
    occupancy.length === 0 || !(capacity > 0) ? null : occupancy.filter((p) => p.peak_occupancy > capacity).length;

  const sortedPeaks = occupancy.map((p) => p.peak_occupancy).sort((a, b) => a - b);
  const rightSize = sortedPeaks.length === 0 ? null : sortedPeaks[Math.ceil(0.95 * sortedPeaks.length) - 1]!;

  const busiestHour = argmaxOfMeans(
    occupancy.map((p) => ({ key: local(p.window_start).hour, value: p.avg_occupancy })),
  );
  const busiestWeekday = argmaxOfMeans(
    occupancy.map((p) => ({ key: local(p.window_start).day, value: p.avg_occupancy })),
  );

  return {
    values: {
      'average-utilization': averageUtilization,
      'peak-utilization': peakUtilization,
      'peak-occupancy': peak?.peak_occupancy ?? null,
      'total-entries': totalEntries,
      'average-dwell': averageDwell,
      'in-use-share': inUseShare,
      'hours-over-capacity': hoursOverCapacity,
      'right-size-p95': rightSize,
      'busiest-hour': busiestHour,
      'busiest-weekday': busiestWeekday,
    },
    peakAt: peak?.window_start ?? null,
  };
}

/** The busiest cell of the weekday × hour heatmap: the highest mean avg_utilization_percentage; ties → lowest day, then hour. */
function busiestCell(occupancy: OccupancyPoint[]): { day: number; hour: number } {
  const cells = new Map<number, number[]>();
  for (const p of occupancy) {
    const { day, hour } = local(p.window_start);
    const key = (day - 1) * 24 + hour;
    cells.set(key, [...(cells.get(key) ?? []), p.avg_utilization_percentage]);
  }
  let best: { key: number; mean: number } | null = null;
  for (const key of [...cells.keys()].sort((a, b) => a - b)) {
    const values = cells.get(key)!;
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    if (best === null || mean > best.mean) best = { key, mean };
  }
  if (best === null) throw new Error('no occupancy windows');
  return { day: Math.floor(best.key / 24) + 1, hour: best.key % 24 };
}

// ---------------------------------------------------------------------------------------------------
// Reading the page

/** Equal up to floating-point summation order: 1e-9 relative. */
function expectSameNumber(actual: number | null, expected: number | null, what: string) {
  if (expected === null || actual === null) {
    expect(actual, what).toBe(expected);
    return;
  }
  const scale = Math.max(Math.abs(expected), Math.abs(actual));
  expect(Math.abs(actual - expected), `${what}: shown ${actual}, computed ${expected}`).toBeLessThanOrEqual(
    1e-9 * scale,
  );
}

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
