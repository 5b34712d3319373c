// @vitest-environment jsdom
/**
 * The utilization page (/locations/{id}/utilization) as the app routes it, against a fake spec server for
 * locations in Europe/Berlin. The server builds every window with date-fns-tz (never the app's time code) and
 * honours start_date, end_date and interval: hourly windows 09:00–12:00 (operating hours 9–11) for occupancy,
 * traffic and availability at 60min, a whole local day for daily (dwell time, and the probe), one page each.
 * Location 1's two days (2 and 3 March 2026) are picked by hand so that every headline figure can be worked
 * out on paper; every other day, and every space, is a quiet one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { unusualHistoryRange } from '../../analysis/unusual';
import type { LocationRecord } from '../../api/schemas';
import { DAY_MS, HOUR_MS } from '../../lib/time-spans';
import { openChipMenu } from '../../test/chip-menus';
import {
  fakeFetch,
  respondWithJson,
  respondWithProblem,
  type ProblemBody,
  type RecordedRequest,
} from '../../test/fetch-fakes';
import { pageSettled, trackScheduledWork } from '../../test/page-settled';
import { currentUrl, renderApp, testConfig } from '../../test/render-page';
import { zonedTimeRange } from '../../test/zoned-time-range';

// ECharts cannot draw in jsdom; the page loads its charts lazily, and the summary is what a reader hears.
vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

const ZONE = 'Europe/Berlin';
/** Tuesday 10 March 2026, 12:00 in Berlin (CET, +01:00): the range below is history. */
const NOW = Date.parse('2026-03-10T11:00:00Z');
/** Monday 2 and Tuesday 3 March 2026. */
const FROM = '2026-03-02';
const TO = '2026-03-03';
const RANGE = `from=${FROM}&to=${TO}`;
const OPEN_HOURS = [9, 10, 11] as const;

/** No zone configured anywhere: the clock comes from the server's record, or from the probe. */
const config = { ...testConfig, locations: [] };

// The page's code in before the first test renders it, as app/mount.tsx has it in before the app's first render: the
// first test's waits are for the page, not for compiling its module on a loaded machine.
beforeAll(() => import('./utilization-page'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------------
// What the server knows

/** One open hour of a location: people on average and at most, entries, share of the hour unoccupied. */
interface Hour {
  avg: number;
  peak: number;
  entries: number;
  free: number;
}

/**
 * Location 1 (capacity 10) on the two days of the range, 09:00, 10:00 and 11:00. Worked out by hand:
 * - average utilization (2+6+4+4+8+3) / 6 / 10 = 0.45; peak utilization 12 / 10 = 1.2
 * - peak occupancy 12, first at Mon 2 Mar 10:00; hours over capacity (peak > 10): 12 and 11 → 2
 * - right-size (nearest rank ⌈0.95 × 6⌉ = 6th of 4,5,6,8,11,12) → 12
 * - total entries 5+20+10+8+30+7 = 80
 * - average visit (30 min × 35 entries + 45 min × 45 entries) / 80 = 38.4375 min
 * - time in use: 1 − free = 0.5, 1, 0.75, 0.75, 1, 0.5 → 0.75
 * - busiest hour: means 3 (09), 7 (10), 3.5 (11) → 10; busiest weekday: Mon 4, Tue 5 → 3 (Tuesday)
 */
const MAIN_DAYS: Record<string, readonly Hour[]> = {
  '2026-03-02': [
    { avg: 2, peak: 4, entries: 5, free: 0.5 },
    { avg: 6, peak: 12, entries: 20, free: 0 },
    { avg: 4, peak: 8, entries: 10, free: 0.25 },
  ],
  '2026-03-03': [
    { avg: 4, peak: 6, entries: 8, free: 0.25 },
    { avg: 8, peak: 11, entries: 30, free: 0 },
    { avg: 3, peak: 5, entries: 7, free: 0.5 },
  ],
};
const MAIN_DWELL: Record<string, number> = { '2026-03-02': 30, '2026-03-03': 45 };

/** A quiet hour with `avg` people: 5 entries, half the hour free. Every other day of location 1 has avg 1. */
const quiet = (avg: number): Hour => ({ avg, peak: avg + 1, entries: 5, free: 0.5 });
const QUIET_DWELL = 20;

/** The spaces of the building in the children test: each as quiet as its `avg`. */
const SPACE_AVG: Record<number, number> = { 11: 1, 12: 5, 13: 3 };

function hourOf(locationId: number, date: string, index: number): Hour {
  if (locationId === 1) return MAIN_DAYS[date]?.[index] ?? quiet(1);
  return quiet(SPACE_AVG[locationId] ?? 1);
}

function dwellOf(locationId: number, date: string): number {
  return (locationId === 1 ? MAIN_DWELL[date] : undefined) ?? QUIET_DWELL;
}

const CAPACITY = 10;

// ---------------------------------------------------------------------------------------------------
// Records

/** As our simulator lists a location: with its zone, hours and days. */
function simulatorRecord(overrides: Partial<LocationRecord> = {}): LocationRecord {
  return {
    location_id: 1,
    name: 'Main Library',
    status: 'active',
    parent_id: null,
    capacity: CAPACITY,
    start_date: '2020-01-01',
    time_zone: ZONE,
    operating_hours: { start: 9, end: 11 },
    operating_days: [1, 2, 3, 4, 5, 6, 7],
    ...overrides,
  };
}

/** As the vendor lists a location: no time zone, no hours, no days. */
function vendorRecord(overrides: Partial<LocationRecord> = {}): LocationRecord {
  return {
    location_id: 1,
    name: 'Main Library',
    status: 'active',
    parent_id: null,
    capacity: CAPACITY,
    start_date: '2020-01-01',
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------------
// The fake spec server

const PATTERN = "yyyy-MM-dd'T'HH:mm:ssXXX";
const METRIC_PATH = /^\/v2\/locations\/(\d+)\/(occupancy|traffic|dwell_time|availability)$/;
const SERVED: Record<string, readonly string[]> = {
  occupancy: ['60min', 'daily'],
  traffic: ['60min', 'daily'],
  availability: ['60min', 'daily'],
  dwell_time: ['daily'],
};

interface Times {
  timestamp: string;
  window_start: string;
  window_end: string;
}

function hourWindow(date: string, hour: number): Times {
  const startMs = fromZonedTime(`${date}T${String(hour).padStart(2, '0')}:00:00`, ZONE).getTime();
  const start = formatInTimeZone(startMs, ZONE, PATTERN);
  return { timestamp: start, window_start: start, window_end: formatInTimeZone(startMs + HOUR_MS, ZONE, PATTERN) };
}

function dayWindow(date: string): Times {
  const { start, end } = zonedTimeRange(ZONE, date, date);
  return { timestamp: start, window_start: start, window_end: end };
}

function datesFrom(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += DAY_MS) {
    dates.push(new Date(ms).toISOString().slice(0, 10));
  }
  return dates;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The data points of one metric for one local day, at 60min or daily. */
function pointsOfDay(metric: string, interval: string, locationId: number, date: string): object[] {
  const hours = OPEN_HOURS.map((_, index) => hourOf(locationId, date, index));
  const occupancy = (times: Times, avg: number, peak: number) => ({
    ...times,
    avg_occupancy: avg,
    avg_utilization_percentage: avg / CAPACITY,
    peak_occupancy: peak,
    peak_utilization_percentage: peak / CAPACITY,
  });
  if (interval === '60min') {
    return OPEN_HOURS.map((hour, index) => {
      const times = hourWindow(date, hour);
      const values = hours[index]!;
      if (metric === 'occupancy') return occupancy(times, values.avg, values.peak);
      if (metric === 'traffic') return { ...times, traffic: values.entries };
      return { ...times, availability_percentage: values.free };
    });
  }
  const times = dayWindow(date);
  if (metric === 'occupancy') {
    const avg = Math.round(sum(hours.map((h) => h.avg)) / hours.length);
    return [occupancy(times, avg, Math.max(...hours.map((h) => h.peak)))];
  }
  if (metric === 'traffic') return [{ ...times, traffic: sum(hours.map((h) => h.entries)) }];
  if (metric === 'availability') {
    return [{ ...times, availability_percentage: sum(hours.map((h) => h.free)) / hours.length }];
  }
  const dwell = dwellOf(locationId, date);
  return [{ ...times, avg_dwell_time: dwell, peak_dwell_time: dwell * 2 }];
}

interface ServerOptions {
  /** What `/v2/locations` lists. */
  records: LocationRecord[];
  /** Stands between a metric request and the server's answer (`serve`): scripted failures, delays, changes. */
  wrap?: (request: RecordedRequest, serve: () => Response) => Response | Promise<Response>;
}

/** One metric request as the test reads it: which location and metric, and its query. */
interface MetricCall {
  locationId: number;
  metric: string;
  query: Record<string, string>;
}

function spaceServer({ records, wrap }: ServerOptions) {
  const unexpected: string[] = [];
  const api = fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations') {
      return respondWithJson({ data: records, pagination: { has_more: false, next_cursor: null, prev_cursor: null } });
    }
    const match = METRIC_PATH.exec(path);
    const record = match ? records.find((r) => r.location_id === Number(match[1])) : undefined;
    if (!match || !record) {
      unexpected.push(request.rawUrl);
      return respondWithProblem(404, { instance: path });
    }
    const serve = () => answer(request, match[2]!, record);
    return wrap ? wrap(request, serve) : serve();
  });
  const answer = (request: RecordedRequest, metric: string, record: LocationRecord): Response => {
    const path = request.url.pathname;
    const params = request.url.searchParams;
    const [start, end] = [params.get('start_date') ?? '', params.get('end_date') ?? ''];
    const interval = params.get('interval') ?? 'daily';
    const limit = Number(params.get('limit') ?? 1000);
    const bad = (detail: string) => {
      unexpected.push(request.rawUrl);
      return respondWithProblem(400, { detail, instance: path });
    };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start) {
      return bad('start_date and end_date are required, start_date first');
    }
    if (!SERVED[metric]!.includes(interval)) return bad(`interval ${interval} is not served for ${metric}`);
    if (params.has('cursor')) return bad('this fake serves one page');
    const data = datesFrom(start, end).flatMap((date) => pointsOfDay(metric, interval, record.location_id, date));
    if (data.length > limit) return bad('this fake serves one page');
    return respondWithJson({
      location_id: record.location_id,
      name: record.name,
      capacity: CAPACITY,
      metric,
      interval,
      time_range: zonedTimeRange(ZONE, start, end),
      days_of_week: [1, 2, 3, 4, 5, 6, 7],
      hour_range: { start: OPEN_HOURS[0], end: OPEN_HOURS[OPEN_HOURS.length - 1]! },
      data,
      pagination: { has_more: false, next_cursor: null, prev_cursor: null },
    });
  };
  const metricCalls = (): MetricCall[] =>
    api.requests.flatMap((request) => {
      const match = METRIC_PATH.exec(request.url.pathname);
      return match
        ? [{ locationId: Number(match[1]), metric: match[2]!, query: Object.fromEntries(request.url.searchParams) }]
        : [];
    });
  return { fetch: api.fetch, unexpected, metricCalls };
}

// ---------------------------------------------------------------------------------------------------
// What the user sees

const figuresRegion = () => screen.findByRole('region', { name: 'Headline figures' });

/** Every headline figure once they are shown: `data-kpi` → its element. */
async function figures(): Promise<Map<string, HTMLElement>> {
  const region = await figuresRegion();
  await waitFor(() => expect(region.querySelectorAll('[data-kpi]')).toHaveLength(10), { timeout: 4_000 });
  return new Map(
    [...region.querySelectorAll<HTMLElement>('[data-kpi]')].map((element) => [element.dataset.kpi!, element]),
  );
}

const valueOf = (shown: Map<string, HTMLElement>, name: string) => shown.get(name)?.dataset.value;

/** The ten figures of location 1 over 2–3 March, as worked out by hand above. */
function expectHandComputedFigures(shown: Map<string, HTMLElement>) {
  expect([...shown.keys()].sort()).toEqual(
    [
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
    ].sort(),
  );
  expect(Number(valueOf(shown, 'average-utilization'))).toBeCloseTo(0.45, 10);
  expect(Number(valueOf(shown, 'peak-utilization'))).toBeCloseTo(1.2, 10);
  expect(valueOf(shown, 'peak-occupancy')).toBe('12');
  expect(valueOf(shown, 'total-entries')).toBe('80');
  expect(Number(valueOf(shown, 'average-dwell'))).toBeCloseTo(38.4375, 10);
  expect(Number(valueOf(shown, 'in-use-share'))).toBeCloseTo(0.75, 10);
  expect(valueOf(shown, 'hours-over-capacity')).toBe('2');
  expect(valueOf(shown, 'right-size-p95')).toBe('12');
  expect(valueOf(shown, 'busiest-hour')).toBe('10');
  expect(valueOf(shown, 'busiest-weekday')).toBe('3');
  // Times read in the location's wall time: the peak was at 10:00 in Berlin, not 09:00 UTC.
  expect(shown.get('peak-occupancy')?.textContent).toContain('12 people on Mon 2 Mar 2026, 10:00');
  expect(shown.get('busiest-hour')?.textContent).toContain('10:00–11:00');
}

const seriesCalls = (calls: MetricCall[]) => calls.filter((call) => call.query.limit !== '1');
const FOUR_SERIES = [
  ['availability', '60min'],
  ['dwell_time', 'daily'],
  ['occupancy', '60min'],
  ['traffic', '60min'],
];
const seriesOf = (calls: MetricCall[]) => calls.map((call) => [call.metric, call.query.interval]).sort();
/** The one request for the same dates in the 8 weeks before (analysis/unusual.ts), and every other call. */
function splitHistory(calls: MetricCall[], from: string, to: string) {
  const history = unusualHistoryRange({ start: from, end: to });
  const isHistory = (call: MetricCall) =>
    call.query.start_date === history.start && call.query.end_date === history.end;
  return { history: calls.filter(isHistory), rest: calls.filter((call) => !isHistory(call)) };
}

// ---------------------------------------------------------------------------------------------------

describe('UtilizationPage: headline figures', () => {
  it('shows all ten figures with data-kpi and the hand-computed data-value of a 2-day × 3-hour series', async () => {
    const server = spaceServer({ records: [simulatorRecord()] });
    renderApp(`/locations/1/utilization?${RANGE}`, { fetch: server.fetch, config });

    expectHandComputedFigures(await figures());
    // The weeks before are asked for once the figures are painted (panels/first-screen.tsx).
    await waitFor(() => expect(seriesOf(splitHistory(server.metricCalls(), FROM, TO).history)).toHaveLength(1));
    const { history, rest: calls } = splitHistory(server.metricCalls(), FROM, TO);
    expect(seriesOf(history)).toEqual([['occupancy', '60min']]);
    expect(seriesOf(calls)).toEqual(FOUR_SERIES);
    for (const call of calls) {
      expect(call).toMatchObject({ locationId: 1, query: { start_date: FROM, end_date: TO } });
      expect(call.query).not.toHaveProperty('start_hour_filter');
    }
    expect(server.unexpected).toEqual([]);
  });
});

describe('UtilizationPage: both shapes of location record', () => {
  it('with the vendor’s records (no zone, hours or days) finds the local date by the daily limit=1 probe', async () => {
    const server = spaceServer({ records: [vendorRecord()] });
    renderApp(`/locations/1/utilization?${RANGE}`, { fetch: server.fetch, config });

    expectHandComputedFigures(await figures());
    const [probe, ...views] = server.metricCalls();
    const { rest } = splitHistory(views, FROM, TO);
    // The probe asks for the UTC date now; the views only after the clock is known.
    expect(probe).toEqual({
      locationId: 1,
      metric: 'occupancy',
      query: { start_date: '2026-03-10', end_date: '2026-03-10', interval: 'daily', limit: '1' },
    });
    expect(seriesOf(rest)).toEqual(FOUR_SERIES);
    expect(screen.getByText(/from the server’s timestamps; no time zone name is known/)).toBeTruthy();
    expect(server.unexpected).toEqual([]);
  });

  it('with the simulator’s records (time_zone given) uses the zone at once, with no probe', async () => {
    const server = spaceServer({ records: [simulatorRecord()] });
    renderApp(`/locations/1/utilization?${RANGE}`, { fetch: server.fetch, config });

    expectHandComputedFigures(await figures());
    expect(server.metricCalls().filter((call) => call.query.limit === '1')).toEqual([]);
    expect(screen.getByText('Times in Europe/Berlin (the location’s time zone)')).toBeTruthy();
  });
});

describe('UtilizationPage: comparison', () => {
  it.each([
    // 2 days: shifted back one week.
    [FROM, TO, '2026-02-23', '2026-02-24'],
    // 9 days: shifted back two whole weeks (so weekdays line up), not nine days.
    ['2026-03-01', '2026-03-09', '2026-02-15', '2026-02-23'],
  ])('compare=previous over %s – %s also asks for %s – %s and shows deltas', async (from, to, prevFrom, prevTo) => {
    const server = spaceServer({ records: [simulatorRecord()] });
    renderApp(`/locations/1/utilization?from=${from}&to=${to}&compare=previous`, { fetch: server.fetch, config });

    const shown = await figures();
    // Entries: the hand-picked days (80) and quiet days (15 each) against quiet days only → +50 either way.
    const entries = shown.get('total-entries')!;
    await waitFor(() => expect(entries.querySelector('[data-delta]')?.getAttribute('data-delta')).toBe('50'));
    expect(entries.textContent).toContain('+50 vs previous period');

    const calls = splitHistory(seriesCalls(server.metricCalls()), from, to).rest;
    const current = calls.filter((call) => call.query.start_date === from);
    const previous = calls.filter((call) => call.query.start_date !== from);
    expect(seriesOf(current)).toEqual(FOUR_SERIES);
    expect(seriesOf(previous)).toEqual(FOUR_SERIES);
    for (const call of current) expect(call.query.end_date).toBe(to);
    for (const call of previous) expect([call.query.start_date, call.query.end_date]).toEqual([prevFrom, prevTo]);
    expect(server.unexpected).toEqual([]);
  });

  it('compare=previous: the average utilization delta is in points (0.45 against 0.10)', async () => {
    const server = spaceServer({ records: [simulatorRecord()] });
    renderApp(`/locations/1/utilization?${RANGE}&compare=previous`, { fetch: server.fetch, config });

    const average = (await figures()).get('average-utilization')!;
    await waitFor(() => expect(average.textContent).toContain('+35.0 points vs previous period'));
    expect(Number(average.querySelector('[data-delta]')?.getAttribute('data-delta'))).toBeCloseTo(0.35, 10);
  });

  it('a comparison that fails says so on every figure and on its line, and Retry brings the changes', async () => {
    let failing = true;
    const server = spaceServer({
      records: [simulatorRecord()],
      wrap: (request, serve) =>
        failing && request.url.searchParams.get('start_date') !== FROM && request.url.searchParams.get('limit') !== '1'
          ? respondWithProblem(500, { instance: request.url.pathname })
          : serve(),
    });
    const { user } = renderApp(`/locations/1/utilization?${RANGE}&compare=previous`, { fetch: server.fetch, config });

    const average = (await figures()).get('average-utilization')!;
    // Not "comparing…" for ever: the figures say the comparison is not coming, and its line offers a retry.
    await waitFor(() => expect(average.textContent).toContain('Previous period did not load'));
    expect(average.querySelector('[data-delta]')?.getAttribute('data-delta')).toBe('');
    const line = screen.getByText('Previous period (23 Feb – 24 Feb 2026) did not load.');
    expect(line).toBeDefined();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry the previous period' }));
    await waitFor(() => expect(average.textContent).toContain('+35.0 points vs previous period'));
    expect(screen.getByText('Compared with previous period: 23 Feb – 24 Feb 2026')).toBeDefined();
  });

  it('compare=banana is reported as ignored and makes no comparison request', async () => {
    const server = spaceServer({ records: [simulatorRecord()] });
    const work = trackScheduledWork();
    const { queryClient } = renderApp(`/locations/1/utilization?${RANGE}&compare=banana`, {
      fetch: server.fetch,
      config,
    });

    const notice = await screen.findByRole('status', { name: 'Some of this link was ignored' });
    expect(notice.textContent).toContain('compare “banana” is not previous or year; showing no comparison');
    const shown = await figures();
    expect(valueOf(shown, 'total-entries')).toBe('80');
    expect(document.querySelectorAll('[data-delta]')).toHaveLength(0);
    expect(screen.queryByText(/vs previous period/)).toBeNull();

    // Settled (the spaces and the weeks before, asked for once the first screen is painted, included): only the
    // four series of the range, never one for another range.
    await pageSettled(queryClient, work, { requestsMade: () => server.metricCalls().length });
    const calls = splitHistory(server.metricCalls(), FROM, TO).rest;
    expect(seriesOf(calls)).toEqual(FOUR_SERIES);
    for (const call of calls) expect([call.query.start_date, call.query.end_date]).toEqual([FROM, TO]);
  });
});

describe('UtilizationPage: the spaces of a building', () => {
  const building = [
    simulatorRecord({ name: 'Main Building', capacity: 30 }),
    // Average utilization 0.1, 0.5 and 0.3; names in another order than that.
    simulatorRecord({ location_id: 11, name: 'Aspen', parent_id: 1 }),
    simulatorRecord({ location_id: 12, name: 'Cedar', parent_id: 1 }),
    simulatorRecord({ location_id: 13, name: 'Birch', parent_id: 1 }),
    // Not a child of 1.
    simulatorRecord({ location_id: 20, name: 'Annex' }),
  ];

  it('lists one row per child, linking to its own page with the same search, sortable by its headers', async () => {
    const server = spaceServer({ records: building });
    const search = `?${RANGE}&compare=previous`;
    const { user } = renderApp(`/locations/1/utilization${search}`, { fetch: server.fetch, config });

    const panel = await screen.findByRole('region', { name: 'Spaces in this location' });
    await within(panel).findByText('3 spaces', { selector: '[role="status"]' });
    const table = within(panel).getByRole('region', { name: 'Spaces table' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    const header = (name: string) => within(table).getByRole('columnheader', { name });

    // Busiest first by default.
    expect(names()).toEqual(['Cedar', 'Birch', 'Aspen']);
    expect(header('Average utilization').getAttribute('aria-sort')).toBe('descending');
    for (const [id, name] of [
      [11, 'Aspen'],
      [12, 'Cedar'],
      [13, 'Birch'],
    ] as const) {
      expect(within(table).getByRole('link', { name }).getAttribute('href')).toBe(
        `/locations/${id}/utilization${search}`,
      );
    }
    const cedarAverage = within(table).getByRole('link', { name: 'Cedar' }).closest('tr')!;
    expect(cedarAverage.querySelector('[data-kpi="average-utilization"]')?.getAttribute('data-value')).toBe('0.5');

    await user.click(within(table).getByRole('button', { name: 'Space' }));
    expect(names()).toEqual(['Aspen', 'Birch', 'Cedar']);
    expect(header('Space').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Average utilization').hasAttribute('aria-sort')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Space' }));
    expect(names()).toEqual(['Cedar', 'Birch', 'Aspen']);
    expect(header('Space').getAttribute('aria-sort')).toBe('descending');

    await user.click(within(table).getByRole('button', { name: 'Peak occupancy' }));
    expect(header('Peak occupancy').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Cedar', 'Birch', 'Aspen']);
    await user.click(within(table).getByRole('button', { name: 'Peak occupancy' }));
    expect(header('Peak occupancy').getAttribute('aria-sort')).toBe('ascending');
    expect(names()).toEqual(['Aspen', 'Birch', 'Cedar']);

    // The children's series are asked for over the same range (the comparison is the building's only).
    const childCalls = server.metricCalls().filter((call) => call.locationId !== 1);
    expect([...new Set(childCalls.map((call) => call.locationId))].sort()).toEqual([11, 12, 13]);
    for (const call of childCalls) expect([call.query.start_date, call.query.end_date]).toEqual([FROM, TO]);

    await user.click(within(table).getByRole('link', { name: 'Birch' }));
    await waitFor(() => expect(currentUrl()).toBe(`/locations/13/utilization${search}`));
    expect(server.unexpected).toEqual([]);
  });
});

describe('UtilizationPage: an API error', () => {
  it('shows the problem with its request id inside the headline figures, keeps the filters, and retries', async () => {
    const problem: Partial<ProblemBody> = {
      title: 'Occupancy store unavailable',
      detail: 'The occupancy store timed out for location 1',
      instance: '/v2/locations/1/occupancy',
      request_id: '6f1d2c9e-0b7a-4c51-9d3e-2a8f4b6c1e07',
    };
    let failing = true;
    const server = spaceServer({
      records: [simulatorRecord()],
      wrap: (request, serve) =>
        failing &&
        request.url.pathname === '/v2/locations/1/occupancy' &&
        request.url.searchParams.get('interval') === '60min'
          ? respondWithProblem(500, problem)
          : serve(),
    });
    const { user } = renderApp(`/locations/1/utilization?${RANGE}`, { fetch: server.fetch, config });

    const region = await figuresRegion();
    const alert = await within(region).findByRole('alert', { name: 'Error' });
    expect(within(alert).getByRole('heading', { name: 'The analytics service had a problem' })).toBeTruthy();
    // The server's title, detail and status are for support: inside Details.
    const details = alert.querySelector('details')!;
    expect(details.querySelector('summary')?.textContent).toBe('Details');
    expect(details.textContent).toContain('Occupancy store unavailable');
    expect(details.textContent).toContain('The occupancy store timed out for location 1');
    expect(details.textContent).toContain('Status: 500');
    expect(within(alert).getByText('6f1d2c9e-0b7a-4c51-9d3e-2a8f4b6c1e07').tagName).toBe('CODE');
    expect(region.querySelectorAll('[data-kpi]')).toHaveLength(0);

    // The filters stay as the URL set them.
    const filters = screen.getByRole('region', { name: 'Filters' });
    await openChipMenu('Date range', user);
    const presets = within(within(filters).getByRole('list', { name: 'Presets' })).getAllByRole('button');
    expect(presets.filter((button) => button.getAttribute('aria-pressed') === 'true')).toEqual([]);
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe(FROM);
    expect((within(filters).getByLabelText('To') as HTMLInputElement).value).toBe(TO);
    expect(currentUrl()).toBe(`/locations/1/utilization?${RANGE}`);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expectHandComputedFigures(await figures());
    expect(within(region).queryByRole('alert')).toBeNull();
  });
});

describe('UtilizationPage: a refresh of the series', () => {
  /**
   * Today's three hours (quiet: 5 entries each), then one more entry in each hour at the refresh. The later of the
   * two refreshes is answered only once the page has the earlier one's answer and has drawn what it shows with it.
   */
  async function refreshWithTrafficLast(trafficLast: boolean) {
    const TODAY = formatInTimeZone(NOW, ZONE, 'yyyy-MM-dd');
    let trafficRounds = 0;
    let occupancyRounds = 0;
    let releaseLater!: () => void;
    const later = new Promise<void>((resolve) => (releaseLater = resolve));
    const server = spaceServer({
      records: [simulatorRecord()],
      wrap: async (request, serve) => {
        const { pathname, searchParams } = request.url;
        // Today's series only: not the probe, nor the weeks before (what is usual).
        if (searchParams.get('limit') === '1' || searchParams.get('start_date') !== TODAY) return serve();
        if (pathname === '/v2/locations/1/occupancy' && searchParams.get('interval') === '60min') {
          if (++occupancyRounds > 1 && !trafficLast) await later;
          return serve();
        }
        if (pathname !== '/v2/locations/1/traffic') return serve();
        if (++trafficRounds === 1) return serve();
        if (trafficLast) await later;
        const page = (await serve().json()) as { data: { traffic: number }[] };
        return respondWithJson({ ...page, data: page.data.map((point) => ({ ...point, traffic: point.traffic + 1 })) });
      },
    });
    const work = trackScheduledWork();
    const { queryClient } = renderApp('/locations/1/utilization?range=today', { fetch: server.fetch, config });

    const entries = (await figures()).get('total-entries')!;
    expect(entries.dataset.value).toBe('15');
    await pageSettled(queryClient, work, { requestsMade: () => server.metricCalls().length });
    // The earlier refresh's walk, answered (not its progress, set as pages come: `manual`).
    const earlier = trafficLast ? 'occupancy' : 'traffic';
    const earlierIn = new Promise<void>((resolve) => {
      const stop = queryClient.getQueryCache().subscribe((event) => {
        const { queryKey } = event.query;
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (queryKey[1] === earlier && queryKey[2] === 1 && queryKey.length === 4) {
          stop();
          resolve();
        }
      });
    });
    // What the 5-minute refetch of a range that reaches today does (refetchInterval), without waiting 5 minutes.
    const refreshed = queryClient.invalidateQueries({ queryKey: ['metrics'] });
    await earlierIn;
    await pageSettled(queryClient, work, { requestsMade: () => server.metricCalls().length, held: 1 });
    expect([trafficRounds, occupancyRounds]).toEqual([2, 2]);
    releaseLater();
    await refreshed;
    await pageSettled(queryClient, work, { requestsMade: () => server.metricCalls().length });
    return (await figures()).get('total-entries')!.dataset.value;
  }

  it('shows the new entries when traffic’s refresh arrives before occupancy’s', async () => {
    expect(await refreshWithTrafficLast(false)).toBe('18');
  });

  it('shows the new entries when traffic’s refresh arrives after occupancy’s', async () => {
    expect(await refreshWithTrafficLast(true)).toBe('18');
  });
});
