/**
 * The dashboard against location records in the real vendor's shape (`--vendor-records`: no time zone, no
 * operating hours or days) with a configuration that names no zone either: the path a real customer takes. The
 * location's date then comes from the server's own day bounds (one probe request), so the main flows are run once
 * here, and the local date is checked at the instants around DST changes where an offset read from the wrong day
 * would put "today" a day off. Expected dates are computed here with date-fns-tz, never with the app's code.
 */
import type { Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';

import { apiGet, chip, expect, FILTER_INPUTS, filterInput, moreButton, openChip, test } from './fixtures';
import { FIXED_NOW } from './servers';

test.use({ server: 'vendor' });

const METRICS = [
  { slug: 'occupancy', endpoint: 'occupancy', label: 'Occupancy' },
  { slug: 'traffic', endpoint: 'traffic', label: 'Traffic' },
  { slug: 'dwell-time', endpoint: 'dwell_time', label: 'Dwell time' },
  { slug: 'availability', endpoint: 'availability', label: 'Availability' },
] as const;
type MetricSlug = (typeof METRICS)[number]['slug'];
const metric = (slug: MetricSlug) => METRICS.find((m) => m.slug === slug)!;

const NEW_YORK = { zone: 'America/New_York', id: 11 }; // Main Concourse, open 24/7
const BERLIN = { zone: 'Europe/Berlin', id: 21 }; // Open Workspace, Mon–Fri 07–19
const SYDNEY = { zone: 'Australia/Sydney', id: 31 }; // Library, Mon–Sat 08–21

interface ListedRecord {
  location_id: number;
  name: string;
  [field: string]: unknown;
}
interface Envelope<P> {
  name: string;
  data: P[];
}
interface Window {
  window_start: string;
}

/** The metric requests the page makes for one location, as their query parameters, in order. */
function recordMetricRequests(page: Page, locationId: number): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  const path = new RegExp(`^/v2/locations/${locationId}/(occupancy|traffic|dwell_time|availability)$`);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (path.test(url.pathname)) seen.push(url.searchParams);
  });
  return seen;
}

/** The probe asks for one window of one day. */
const isProbe = (query: URLSearchParams) => query.get('limit') === '1';
/** What is usual (today's occupancy, hourly): one weekday's hours over the 8 weeks before today. */
const isUsualHistory = (query: URLSearchParams) =>
  query.get('interval') === '60min' && query.has('days_filter') && query.get('start_date') !== query.get('end_date');
/** Every other request is the view's. */
const isView = (query: URLSearchParams) => !isProbe(query) && !isUsualHistory(query);
const dates = (query: URLSearchParams) => [query.get('start_date'), query.get('end_date')];

/** `YYYY-MM-DD` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A range of dates as the page writes it: `12 Nov – 18 Nov 2026`, `30 Dec 2025 – 5 Jan 2026`, `18 Nov 2026`. */
function rangeText(start: string, end: string): string {
  const day = (date: string, pattern: string) => formatInTimeZone(`${date}T00:00:00Z`, 'UTC', pattern);
  if (start === end) return day(end, 'd MMM yyyy');
  return `${day(start, start.slice(0, 4) === end.slice(0, 4) ? 'd MMM' : 'd MMM yyyy')} – ${day(end, 'd MMM yyyy')}`;
}

/** The header's offset for `instant` in `zone`, as the page writes it: `UTC−05:00`, `UTC+11:00`. */
function offsetLabel(instant: string, zone: string): string {
  return `UTC${formatInTimeZone(instant, zone, 'xxx').replace('-', '−')}`;
}

const clockHeader = (offset: string) =>
  `Times in the location’s local time, now ${offset} (from the server’s timestamps; no time zone name is known)`;

const crashHeading = (page: Page) => page.getByRole('heading', { name: 'Something went wrong on this page' });

test.describe('main flows', () => {
  test('the landing page lists every location; the first opens its utilization, with figures and a chart', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await apiGet<{ data: ListedRecord[] }>(request, baseURL, '/locations');
    // The vendor's six fields and nothing else: no time zone, hours or days for the dashboard to lean on.
    for (const record of list.data) {
      expect(Object.keys(record).sort()).toEqual([
        'capacity',
        'location_id',
        'name',
        'parent_id',
        'start_date',
        'status',
      ]);
    }
    const first = list.data[0]!;

    await page.goto('/');
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.locator('[data-portfolio-count]')).toHaveAttribute('data-value', String(list.data.length));
    await page.getByRole('link', { name: first.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/locations/${first.location_id}/utilization`));
    const figures = page.getByRole('region', { name: 'Headline figures' });
    await expect(figures.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /^\d/);
    const chart = page.getByRole('figure', { name: /^Utilization of .+ against its capacity/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(
      page.getByText(/^Times in the location’s local time, now UTC[+−]\d\d:\d\d \(from the server’s/),
    ).toBeVisible();
    await expect(crashHeading(page)).toHaveCount(0);
  });

  test('each metric page shows a chart of the last 7 local days, with one probe for all four', async ({ page }) => {
    // FIXED_NOW is 10:30 on 18 Nov in New York.
    const today = formatInTimeZone(FIXED_NOW, NEW_YORK.zone, 'yyyy-MM-dd');
    const range = rangeText(addDays(today, -6), today);
    const seen = recordMetricRequests(page, NEW_YORK.id);

    await page.goto(`/locations/${NEW_YORK.id}/occupancy`);
    for (const { slug, label, endpoint } of METRICS) {
      if (slug !== 'occupancy') await page.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/locations/${NEW_YORK.id}/${slug}$`));
      const chart = page.getByRole('figure', {
        name: new RegExp(`^${label} of Main Concourse, ${range}, \\d+ (days|hours|quarter-hours)`),
      });
      await expect(chart).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(seen.filter((q) => !isProbe(q)).map(dates), endpoint).toContainEqual([addDays(today, -6), today]);
    }
    await expect(page.getByText(clockHeader(offsetLabel(FIXED_NOW, NEW_YORK.zone)))).toBeVisible();
    // The location's clock is settled once; switching metrics does not ask again.
    expect(seen.filter(isProbe).length).toBeLessThanOrEqual(1);
    // One daily request a metric, and occupancy's hourly windows for its time over capacity.
    expect(seen.filter((q) => !isProbe(q) && q.get('interval') === 'daily')).toHaveLength(4);
    await expect
      .poll(() => seen.filter((q) => q.get('interval') === '60min').map(dates))
      .toEqual([[addDays(today, -6), today]]);
  });

  test('the table shows the API’s numbers for the local week, with no request beyond the chart’s', async ({
    page,
    request,
    baseURL,
  }) => {
    const today = formatInTimeZone(FIXED_NOW, NEW_YORK.zone, 'yyyy-MM-dd');
    const api = await apiGet<Envelope<Window & { traffic: number }>>(
      request,
      baseURL,
      `/locations/${NEW_YORK.id}/traffic?start_date=${addDays(today, -6)}&end_date=${today}&interval=daily`,
    );
    expect(api.data).toHaveLength(7);
    const seen = recordMetricRequests(page, NEW_YORK.id);

    await page.goto(`/locations/${NEW_YORK.id}/traffic`);
    await expect(page.getByRole('figure', { name: /^Traffic of / })).toBeVisible();
    const requestsForChart = seen.length;
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    const entries = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('th, td')[1]?.textContent ?? ''));
    // The table groups thousands in English, whatever the browser's language (src/lib/format.ts).
    expect(entries).toEqual(api.data.map((point) => point.traffic.toLocaleString('en-US')));
    expect(seen).toHaveLength(requestsForChart);
  });

  test('a copied link opened in a fresh browser shows the same filters and data', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto(`/locations/${SYDNEY.id}/occupancy?range=30d&interval=60min&hours=8-18&days=246`);
    const chart = page.getByRole('figure', { name: /^Occupancy of / });
    await expect(chart).toBeVisible();
    await (await moreButton(page, 'Copy link')).click();
    const link = await page.getByLabel('Link copied').inputValue();
    expect(link).toContain(`/locations/${SYDNEY.id}/occupancy?`);
    expect(link).toContain('range=30d');
    expect(link).not.toMatch(/token|Bearer/i);

    const fresh = await browser.newContext({ baseURL });
    const other = await fresh.newPage();
    await other.clock.install({ time: await page.evaluate(() => Date.now()) });
    await other.goto(link);
    await expect(other.getByRole('figure', { name: /^Occupancy of / })).toHaveAttribute(
      'aria-label',
      (await chart.getAttribute('aria-label'))!,
    );
    await expect(chip(other, 'Date range')).toHaveText((await chip(page, 'Date range').textContent())!);
    for (const name of FILTER_INPUTS) {
      const value = await (await filterInput(page, name)).inputValue();
      await expect(await filterInput(other, name)).toHaveValue(value);
    }
    await openChip(other, 'More filters');
    const days = other.getByRole('group', { name: 'Days of week' });
    for (const day of ['Mon', 'Wed', 'Fri'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Sun', 'Tue', 'Thu', 'Sat'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');
    await expect(other.getByText(clockHeader(offsetLabel(FIXED_NOW, SYDNEY.zone)))).toBeVisible();
    await fresh.close();
  });

  test('a shared link with explicit filters opens exactly that view, across Berlin’s DST change', async ({
    page,
    request,
    baseURL,
  }) => {
    const query =
      'start_date=2026-10-19&end_date=2026-10-30&interval=60min&start_hour_filter=9&end_hour_filter=11&days_filter=246';
    const api = await apiGet<Envelope<Window & { avg_occupancy: number; peak_occupancy: number }>>(
      request,
      baseURL,
      `/locations/${BERLIN.id}/occupancy?${query}`,
    );
    expect(api.data).toHaveLength(18); // Mon, Wed, Fri of two weeks × 09:00, 10:00, 11:00
    const seen = recordMetricRequests(page, BERLIN.id);

    await page.goto(
      `/locations/${BERLIN.id}/occupancy?from=2026-10-19&to=2026-10-30&interval=60min&hours=9-11&days=246&view=table`,
    );
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(api.data.length);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
    cells.forEach((row, i) => {
      const point = api.data[i]!;
      // The window's own wall clock: 09:00 stays 09:00 on both sides of 25 October.
      expect(row[0]).toContain(`${point.window_start.slice(11, 16)}–`);
      expect(row[1]).toBe(String(point.avg_occupancy));
      expect(row[3]).toBe(String(point.peak_occupancy));
    });

    // Dates of the link's own, no preset: the chip says the dates, and the popover shows no preset chosen.
    await expect(chip(page, 'Date range')).toContainText('19 Oct – 30 Oct 2026');
    await openChip(page, 'Date range');
    const presets = page.getByRole('list', { name: 'Presets' }).getByRole('button');
    await expect(presets).toHaveCount(9);
    await expect(presets.and(page.locator('[aria-pressed="true"]'))).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-10-19');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-10-30');
    await expect(page.getByLabel('Interval')).toHaveValue('60min');
    await expect(await filterInput(page, 'From hour')).toHaveValue('9');
    await expect(page.getByLabel('To hour')).toHaveValue('11');
    await openChip(page, 'More filters');
    const days = page.getByRole('group', { name: 'Days of week' });
    for (const day of ['Mon', 'Wed', 'Fri'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Sun', 'Tue', 'Thu', 'Sat'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');

    const views = seen.filter((q) => !isProbe(q));
    expect(views).toHaveLength(1);
    expect(Object.fromEntries(views[0]!)).toMatchObject(Object.fromEntries(new URLSearchParams(query)));
    expect(seen.length - views.length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The local date at the edges of local days around DST changes

interface ClockCase {
  /** The location's wall clock at `at`, checked against date-fns-tz so the table cannot lie. */
  local: string;
  at: string;
  location: { zone: string; id: number };
  metric: MetricSlug;
  /** `today`: range=today&interval=60min; `default`: the page with no filters (the last 7 days, daily). */
  view: 'today' | 'default';
  why: string;
}

function clockTest(c: ClockCase) {
  test.describe(`${c.location.zone} at ${c.local} (${c.at})`, () => {
    test.use({ clockAt: c.at });

    test(`${c.view === 'today' ? 'today, hourly' : 'the default week'}: ${c.why}`, async ({ page }) => {
      expect(formatInTimeZone(c.at, c.location.zone, 'yyyy-MM-dd HH:mm')).toBe(c.local);
      const today = formatInTimeZone(c.at, c.location.zone, 'yyyy-MM-dd');
      const [start, end] = c.view === 'today' ? [today, today] : [addDays(today, -6), today];
      const { label } = metric(c.metric);
      const seen = recordMetricRequests(page, c.location.id);

      await page.goto(
        `/locations/${c.location.id}/${c.metric}${c.view === 'today' ? '?range=today&interval=60min' : ''}`,
      );
      await expect(page.getByRole('figure', { name: new RegExp(`^${label} of `) })).toBeVisible();
      await expect(crashHeading(page)).toHaveCount(0);
      const all = `all: ${seen.map((q) => q.toString()).join(' | ')}`;
      const interval = c.view === 'today' ? '60min' : 'daily';
      const views = seen.filter(isView);
      expect(views.filter((q) => q.get('interval') === interval).map(dates), `view requests (${all})`).toEqual([
        [start, end],
      ]);
      // The figures' windows at another interval (analysis/figure-bases.ts) are asked for the same dates.
      expect(new Set(views.map((q) => dates(q).join(' '))), all).toEqual(new Set([`${start} ${end}`]));
      expect(seen.filter(isProbe).length, 'at most one probe').toBeLessThanOrEqual(1);
      // Today's occupancy also asks what is usual: for the local date too, never a date it later corrects.
      const usual = seen.filter(isUsualHistory).map(dates);
      if (c.view === 'today' && c.metric === 'occupancy') {
        await expect.poll(() => seen.filter(isUsualHistory).length, all).toBe(1);
        expect(seen.filter(isUsualHistory).map(dates)).toEqual([[addDays(today, -56), addDays(today, -1)]]);
      } else {
        expect(usual, all).toEqual([]);
      }
      await expect(
        page.getByRole('figure', {
          name: new RegExp(`^${label} of .+, ${rangeText(start, end)}, \\d+ (days?|hours?), `),
        }),
      ).toBeVisible();
      await expect(page.getByText(clockHeader(offsetLabel(c.at, c.location.zone)))).toBeVisible();
    });
  });
}

const HERE: ClockCase[] = [
  {
    local: '2026-11-01 23:30',
    at: '2026-11-02T04:30:00Z',
    location: NEW_YORK,
    metric: 'occupancy',
    view: 'today',
    why: 'late on the day DST ended (a 25-hour day)',
  },
  {
    local: '2026-03-08 23:30',
    at: '2026-03-09T03:30:00Z',
    location: NEW_YORK,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST began (a 23-hour day)',
  },
  {
    local: '2026-03-09 00:30',
    at: '2026-03-09T04:30:00Z',
    location: NEW_YORK,
    metric: 'traffic',
    view: 'today',
    why: 'just after the first midnight in summer time',
  },
  {
    local: '2026-10-25 23:30',
    at: '2026-10-25T22:30:00Z',
    location: BERLIN,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST ended',
  },
  {
    local: '2026-10-26 00:30',
    at: '2026-10-25T23:30:00Z',
    location: BERLIN,
    metric: 'occupancy',
    view: 'today',
    why: 'just after midnight, the UTC date still the day before',
  },
  {
    local: '2026-03-29 23:30',
    at: '2026-03-29T21:30:00Z',
    location: BERLIN,
    metric: 'traffic',
    view: 'default',
    why: 'late on the day DST began',
  },
  {
    local: '2026-04-05 23:30',
    at: '2026-04-05T13:30:00Z',
    location: SYDNEY,
    metric: 'occupancy',
    view: 'default',
    why: 'late on the day DST ended',
  },
  {
    local: '2026-10-05 00:30',
    at: '2026-10-04T13:30:00Z',
    location: SYDNEY,
    metric: 'occupancy',
    view: 'today',
    why: 'just after the first midnight in summer time, the UTC date still the day before',
  },
];
test.describe('the location’s local date, viewer in UTC', () => {
  test.use({ timezoneId: 'UTC' });
  HERE.forEach(clockTest);
});

test.describe('the location’s local date, viewer in Pacific/Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });
  const cases: ClockCase[] = [
    {
      local: '2026-11-02 00:30',
      at: '2026-11-02T05:30:00Z',
      location: NEW_YORK,
      metric: 'availability',
      view: 'default',
      why: 'just after the first midnight in winter time',
    },
    {
      local: '2026-03-30 00:30',
      at: '2026-03-29T22:30:00Z',
      location: BERLIN,
      metric: 'occupancy',
      view: 'today',
      why: 'just after the first midnight in summer time, the UTC date still the day before',
    },
  ];
  cases.forEach(clockTest);
});

test.describe('the location’s local date, viewer in America/Los_Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  const cases: ClockCase[] = [
    {
      local: '2026-04-06 00:30',
      at: '2026-04-05T14:30:00Z',
      location: SYDNEY,
      metric: 'occupancy',
      view: 'today',
      why: 'just after the first midnight in winter time, the UTC date still the day before',
    },
    {
      local: '2026-10-04 23:30',
      at: '2026-10-04T12:30:00Z',
      location: SYDNEY,
      metric: 'dwell-time',
      view: 'default',
      why: 'late on the day DST began',
    },
  ];
  cases.forEach(clockTest);
});

interface NowBody {
  occupancy: number | null;
  timestamp: string;
  is_open: boolean;
}

/**
 * What "now" is for a location, from the raw API alone: `/now`'s `is_open` and count, and, when closed, the next
 * opening from the hours and days a request without filters echoes, counted on the wall clock of `/now`'s timestamp.
 */
async function expectedNow(request: Parameters<typeof apiGet>[0], baseURL: string, id: number) {
  const now = await apiGet<NowBody>(request, baseURL, `/locations/${id}/now`);
  if (now.is_open) return { open: true as const, people: now.occupancy };
  const date = now.timestamp.slice(0, 10);
  const echo = await apiGet<{ hour_range: { start: number; end: number }; days_of_week: number[] }>(
    request,
    baseURL,
    `/locations/${id}/occupancy?start_date=${date}&end_date=${date}&interval=daily`,
  );
  const { start, end } = echo.hour_range;
  const inHours = (hour: number) => (start <= end ? hour >= start && hour <= end : hour >= start || hour <= end);
  const scheduled = (at: Date) => echo.days_of_week.includes(at.getUTCDay() + 1) && inHours(at.getUTCHours());
  const wallMs = Date.parse(`${now.timestamp.slice(0, 19)}Z`);
  const hour = 3_600_000;
  // Closed in scheduled hours (a holiday): it opens on a later day.
  const from = scheduled(new Date(wallMs))
    ? (Math.floor(wallMs / (24 * hour)) + 1) * 24 * hour
    : (Math.floor(wallMs / hour) + 1) * hour;
  for (let step = 0; step < 8 * 24; step++) {
    const at = new Date(from + step * hour);
    if (scheduled(at)) {
      const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][at.getUTCDay()]!;
      return { open: false as const, opens: `${weekday} ${String(at.getUTCHours()).padStart(2, '0')}:00` };
    }
  }
  throw new Error(`location ${id} never opens`);
}

test.describe('closed is not empty', () => {
  test('a place outside its hours says closed and when it opens, on the portfolio, its page and the kiosk', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const list = await apiGet<{ data: ListedRecord[] }>(request, baseURL, '/locations');
    const expected = new Map<number, Awaited<ReturnType<typeof expectedNow>>>();
    for (const record of list.data)
      expected.set(record.location_id, await expectedNow(request, baseURL, record.location_id));
    const closed = [...expected].filter(([, now]) => !now.open);
    const open = [...expected].filter(([, now]) => now.open && now.people !== null);
    expect(closed.length, 'a location closed at the fixed clock').toBeGreaterThan(0);
    expect(open.length, 'a location open at the fixed clock').toBeGreaterThan(0);

    await page.goto('/portfolio');
    const cell = (id: number) => page.locator(`tr[data-location-id="${id}"] [data-kpi="occupancy-now"]`);
    for (const [id, now] of expected) {
      if (now.open) {
        if (now.people !== null) await expect(cell(id)).toHaveAttribute('data-value', String(now.people));
      } else {
        await expect(cell(id)).toHaveAttribute('data-value', '');
        await expect(cell(id)).toHaveText(new RegExp(`closed\\W+opens ${now.opens}`, 'i'));
      }
    }
    // Ranked by Now, the closed places come after every open one, whichever the direction.
    for (const press of [1, 2]) {
      await page.getByRole('button', { name: 'Now', exact: true }).click();
      await expect(page).toHaveURL(press === 1 ? /sort=-occupancy-now/ : /sort=occupancy-now/);
      const order = await page
        .locator('tr[data-location-id]')
        .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-location-id'))));
      const lastOpen = Math.max(...open.map(([id]) => order.indexOf(id)));
      const firstClosed = Math.min(...closed.map(([id]) => order.indexOf(id)));
      expect(lastOpen).toBeLessThan(firstClosed);
    }

    const [id, now] = closed[0]!;
    const words = new RegExp(`closed\\W+opens ${now.open ? '' : now.opens}`, 'i');
    await page.goto(`/locations/${id}/utilization?range=today`);
    const panel = page.getByRole('region', { name: 'Now' });
    await expect(panel.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', '');
    await expect(panel).toContainText(words);
    await page.goto(`/kiosk?locations=${id}&panels=now&rotate=0`);
    await expect(page.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', '');
    await expect(page.locator('[data-kpi="occupancy-now"]')).toContainText(words);
  });
});
