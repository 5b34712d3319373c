// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { UserEvent } from '@testing-library/user-event';

import type { LocationRecord } from '../../api/schemas';
import { addDays } from '../../lib/time';
import { openChipMenu } from '../../test/chip-menus';
import {
  fakeFetch,
  makeNetworkFail,
  metricEnvelope,
  respondWithHtml,
  respondWithJson,
  respondWithProblem,
  type PaginationFields,
  type RecordedRequest,
} from '../../test/fetch-fakes';
import { currentUrl, renderPage, testConfig } from '../../test/render-page';

// ECharts cannot draw in jsdom; the page loads the chart lazily, and the summary is what a reader hears.
vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

/** Friday 20 Nov 2026, 12:00 in New York: the default range (last 7 days) is 2026-11-14 to 2026-11-20. */
const NOW = Date.parse('2026-11-20T17:00:00Z');
const PAGE = '/locations/1/occupancy';
const METRIC_PATH = /^\/v2\/locations\/\d+\/[a-z_]+$/;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------------
// The fake server

type Respond = (request: RecordedRequest) => Response | Promise<Response>;

/** Location 1 as `/v2/locations` lists it: New York, open 07:00–20:00 on weekdays. */
function locationRecord(overrides: Partial<LocationRecord> = {}): LocationRecord {
  return {
    location_id: 1,
    name: 'Main Library',
    status: 'active',
    parent_id: null,
    capacity: 10,
    start_date: '2020-01-01',
    time_zone: 'America/New_York',
    operating_hours: { start: 7, end: 19 },
    operating_days: [2, 3, 4, 5, 6],
    ...overrides,
  };
}

const locationList = (...records: LocationRecord[]) =>
  respondWithJson({ data: records, pagination: { has_more: false, next_cursor: null, prev_cursor: null } });

/**
 * Routes by path: `/v2/locations` (the list), `/v2/locations/{id}/{metric}` (the `metric` responder).
 * Anything else is answered 404 and recorded in `unexpected`.
 */
function fakeServer(options: { metric: Respond; locations?: Respond }) {
  const unexpected: string[] = [];
  const api = fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations')
      return options.locations ? options.locations(request) : locationList(locationRecord());
    if (METRIC_PATH.test(path)) return options.metric(request);
    unexpected.push(request.rawUrl);
    return respondWithProblem(404, { title: 'Unexpected request in test' });
  });
  return {
    fetch: api.fetch,
    unexpected,
    /**
     * The metric requests, or those at one interval: the view's own, without the figures' windows of another interval
     * (analysis/metric-figures.ts `basesToAsk`: hourly occupancy, daily traffic).
     */
    metricRequests: (interval?: string) =>
      api.requests.filter(
        (request) =>
          METRIC_PATH.test(request.url.pathname) &&
          (interval === undefined || request.url.searchParams.get('interval') === interval),
      ),
  };
}

/** A metric responder answering by the `cursor` query parameter (`first` = none); other cursors are a 400. */
function byCursor(pages: Record<string, unknown | Respond>, unexpected?: string[]): Respond {
  return (request) => {
    const key = request.url.searchParams.get('cursor') ?? 'first';
    const page = pages[key];
    if (page === undefined) {
      unexpected?.push(request.rawUrl);
      return respondWithProblem(400, { title: 'Unknown cursor' });
    }
    return typeof page === 'function' ? (page as Respond)(request) : respondWithJson(page);
  };
}

// ---------------------------------------------------------------------------------------------------
// Envelopes

/** An occupancy window of location 1 (capacity 10) in New York time: a day, or the hour `hour` of it. */
function occupancyPoint(date: string, hour?: number, people = 4) {
  const at = (d: string, h: number) => `${d}T${String(h).padStart(2, '0')}:00:00-05:00`;
  const start = hour === undefined ? at(date, 0) : at(date, hour);
  const end = hour === undefined ? at(addDays(date, 1), 0) : hour === 23 ? at(addDays(date, 1), 0) : at(date, hour + 1);
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_occupancy: people,
    avg_utilization_percentage: people / 10,
    peak_occupancy: people + 2,
    peak_utilization_percentage: (people + 2) / 10,
  };
}

/** The three window fields of a point. */
const windowOf = ({ timestamp, window_start, window_end }: ReturnType<typeof occupancyPoint>) => ({
  timestamp,
  window_start,
  window_end,
});

/** A page of the default request (last 7 days), with the server's echo of 07:00–20:00 on weekdays. */
function occupancyPage(
  data: unknown[],
  pagination: Partial<PaginationFields> = {},
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return metricEnvelope('occupancy', data, {
    time_range: { start: '2026-11-14T00:00:00-05:00', end: '2026-11-20T23:59:59-05:00' },
    hour_range: { start: 7, end: 19 },
    days_of_week: [2, 3, 4, 5, 6],
    pagination,
    ...overrides,
  });
}

const more = (next: string, prev: string | null = null): Partial<PaginationFields> => ({
  has_more: true,
  next_cursor: next,
  prev_cursor: prev,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// ---------------------------------------------------------------------------------------------------
// What the user sees

const seriesStatus = (text: string) => screen.findByText(text, { selector: '[role="status"]' });
const chartNamed = (name: RegExp) => screen.findByRole('figure', { name });
const errorPanel = () => screen.findByRole('alert', { name: 'Error' });
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

/** The filter bar still shows `interval=60min&hours=8-18` from the URL (the hours behind "More filters"). */
async function expectFiltersFromUrl(user: UserEvent) {
  expect(select('Interval').value).toBe('60min');
  await openChipMenu('More filters', user);
  expect(select('From hour').value).toBe('8');
  expect(select('To hour').value).toBe('18');
}

const query = (request: RecordedRequest | undefined) => Object.fromEntries(request?.url.searchParams ?? []);

// ---------------------------------------------------------------------------------------------------

describe('MetricPage: walking the pages', () => {
  it('fetches every page with the same dates, interval and filters, and charts all their windows', async () => {
    const server = fakeServer({
      metric: byCursor({
        first: occupancyPage([occupancyPoint('2026-11-16', 8), occupancyPoint('2026-11-16', 9)], more('c2')),
        c2: occupancyPage(
          [occupancyPoint('2026-11-17', 8), occupancyPoint('2026-11-17', 9), occupancyPoint('2026-11-17', 10)],
          more('c3', 'c1'),
        ),
        c3: occupancyPage(
          [occupancyPoint('2026-11-18', 8), occupancyPoint('2026-11-18', 9), occupancyPoint('2026-11-18', 10)],
          { has_more: false, next_cursor: null, prev_cursor: 'c2' },
        ),
      }),
    });
    renderPage(`${PAGE}?interval=60min&hours=8-18&days=23456`, { fetch: server.fetch });

    await chartNamed(/^Occupancy of Main Library, 14 Nov – 20 Nov 2026, 8 hours, /);
    await seriesStatus('Loaded 1 week of data in 3 parts');

    const [first, ...rest] = server.metricRequests();
    expect(rest).toHaveLength(2);
    expect(first?.url.pathname).toBe('/v2/locations/1/occupancy');
    expect(first?.headers.get('authorization')).toBe('Bearer test-token');
    expect(query(first)).toEqual({
      start_date: '2026-11-14',
      end_date: '2026-11-20',
      interval: '60min',
      limit: '1000',
      start_hour_filter: '8',
      end_hour_filter: '18',
      days_filter: '23456',
    });
    expect(rest.map(query)).toEqual([
      { ...query(first), cursor: 'c2' },
      { ...query(first), cursor: 'c3' },
    ]);
    expect(server.unexpected).toEqual([]);
  });

  it('stops at has_more: false even when the page still carries a next_cursor', async () => {
    const unexpected: string[] = [];
    const server = fakeServer({
      metric: byCursor(
        {
          first: occupancyPage([occupancyPoint('2026-11-16')], more('c2')),
          c2: occupancyPage([occupancyPoint('2026-11-17')], {
            has_more: false,
            next_cursor: 'stale',
            prev_cursor: 'c1',
          }),
        },
        unexpected,
      ),
    });
    renderPage(PAGE, { fetch: server.fetch });

    await seriesStatus('Loaded 1 week of data in 2 parts');
    await chartNamed(/, 2 days, /);
    expect(server.metricRequests('daily').map((request) => request.url.searchParams.get('cursor'))).toEqual([
      null,
      'c2',
    ]);
    expect(unexpected).toEqual([]);
  });

  it('shows its progress page by page, estimated from the server’s echo once the first page is in', async () => {
    const firstPage = deferred<Response>();
    const secondPage = deferred<Response>();
    const server = fakeServer({
      locations: () => locationList(locationRecord({ name: 'Main Library (listed)' })),
      metric: byCursor({ first: () => firstPage.promise, c2: () => secondPage.promise }),
    });
    // Oct 2026 at 15 min: before any page 22 weekdays × 13 h × 4 = 1144 windows (2 pages);
    // the echo says all day, every day: 31 × 24 × 4 = 2976 (3 pages).
    renderPage(`${PAGE}?from=2026-10-01&to=2026-10-31&interval=15min`, { fetch: server.fetch });
    await screen.findByDisplayValue('Main Library (listed)');
    await seriesStatus('Loading… 0 of about 2 parts');
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', true);

    const allDay = { hour_range: { start: 0, end: 23 }, days_of_week: [1, 2, 3, 4, 5, 6, 7] };
    firstPage.resolve(respondWithJson(occupancyPage([occupancyPoint('2026-10-01', 0)], more('c2'), allDay)));
    await seriesStatus('Loading… 1 of about 3 parts');

    secondPage.resolve(respondWithJson(occupancyPage([occupancyPoint('2026-10-01', 1)], {}, allDay)));
    await seriesStatus('Loaded 31 days of data in 2 parts');
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false);
  });

  it('aborts the pages in flight when the filters change, and asks again with the new interval', async () => {
    const server = fakeServer({
      metric: (request) => {
        const interval = request.url.searchParams.get('interval');
        const cursor = request.url.searchParams.get('cursor');
        if (interval === 'daily') return respondWithJson(occupancyPage([occupancyPoint('2026-11-16')]));
        if (cursor === null) return respondWithJson(occupancyPage([occupancyPoint('2026-11-16', 8)], more('c2')));
        return new Promise<Response>(() => {}); // page 2 of the hourly walk never answers
      },
    });
    const { user } = renderPage(`${PAGE}?interval=60min`, { fetch: server.fetch });

    await waitFor(() => expect(server.metricRequests()).toHaveLength(2));
    const held = server.metricRequests()[1]!;
    expect(held.url.searchParams.get('cursor')).toBe('c2');
    expect(held.signal?.aborted).toBe(false);

    await user.selectOptions(select('Interval'), 'Daily');

    await waitFor(() => expect(held.signal?.aborted).toBe(true));
    await chartNamed(/, 1 day, /);
    const requests = server.metricRequests();
    expect(requests).toHaveLength(3);
    expect(query(requests[2])).toEqual({
      start_date: '2026-11-14',
      end_date: '2026-11-20',
      interval: 'daily',
      limit: '1000',
    });
    expect(currentUrl()).toBe(PAGE);
  });
  it('takes the old chart down at once when the filters change, before the new walk’s first page', async () => {
    const daily = deferred<Response>();
    const server = fakeServer({
      metric: (request) =>
        request.url.searchParams.get('interval') === 'daily'
          ? daily.promise
          : respondWithJson(occupancyPage([occupancyPoint('2026-11-16', 8), occupancyPoint('2026-11-16', 9)])),
    });
    const { user } = renderPage(`${PAGE}?interval=60min`, { fetch: server.fetch });
    await chartNamed(/, 2 hours, /);

    await user.selectOptions(select('Interval'), 'Daily');
    // The hourly windows must not be drawn under the daily labels while the daily walk loads.
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getByLabelText('Loading chart')).toBeTruthy();

    daily.resolve(respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])));
    await chartNamed(/, 1 day, /);
  });
});

describe('MetricPage: errors', () => {
  const URL_WITH_FILTERS = `${PAGE}?interval=60min&hours=8-18`;

  it('Retry resumes a walk at the page that failed, keeping the pages already in', async () => {
    let failures = 0;
    const server = fakeServer({
      metric: byCursor({
        first: occupancyPage([occupancyPoint('2026-11-16', 8)], more('c2')),
        c2: () =>
          ++failures === 1
            ? respondWithProblem(503, { title: 'Service unavailable' })
            : respondWithJson(occupancyPage([occupancyPoint('2026-11-16', 9)], more('c3'))),
        c3: occupancyPage([occupancyPoint('2026-11-16', 10)]),
      }),
    });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    await chartNamed(/, 1 hour, /);
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    await chartNamed(/, 3 hours, /);
    // The first page is not asked for again: the walk goes on from the cursor that failed.
    expect(server.metricRequests().map((request) => query(request).cursor)).toEqual([undefined, 'c2', 'c2', 'c3']);
  });

  it('shows a problem’s title, detail and request id, copies the id, and retries', async () => {
    let calls = 0;
    const server = fakeServer({
      metric: () =>
        ++calls === 1
          ? respondWithProblem(500, {
              title: 'Aggregation failed',
              detail: 'The store did not answer in time.',
              request_id: 'req-500-abc',
            })
          : respondWithJson(occupancyPage([occupancyPoint('2026-11-16', 8)])),
    });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(within(panel).getByRole('heading', { name: 'The analytics service had a problem' })).toBeTruthy();
    // The server's own words and the request id are for support: inside Details.
    await user.click(within(panel).getByText('Details'));
    expect(within(panel).getByText('Aggregation failed').closest('details')).toBeTruthy();
    expect(within(panel).getByText('The store did not answer in time.').closest('details')).toBeTruthy();
    expect(within(panel).getByText('req-500-abc')).toBeTruthy();
    await expectFiltersFromUrl(user);

    await user.click(within(panel).getByRole('button', { name: 'Copy request id' }));
    expect(await within(panel).findByRole('button', { name: 'Request id copied' })).toBeTruthy();
    await expect(navigator.clipboard.readText()).resolves.toBe('req-500-abc');

    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    await chartNamed(/, 1 hour, /);
    expect(screen.queryByRole('alert', { name: 'Error' })).toBeNull();
    expect(server.metricRequests()).toHaveLength(2);
    expect(query(server.metricRequests()[1])).toEqual(query(server.metricRequests()[0]));
  });

  it('says the location is not found or not accessible on a 404', async () => {
    const server = fakeServer({
      metric: () => respondWithProblem(404, { title: 'Not Found', detail: 'No location 1 for this token.' }),
    });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(within(panel).getByRole('heading', { name: 'Location not found or not accessible' })).toBeTruthy();
    expect(within(panel).getByText('No location 1 for this token.')).toBeTruthy();
    await expectFiltersFromUrl(user);
  });

  it('asks for a token on a 401, instead of offering a retry', async () => {
    const server = fakeServer({
      metric: () => respondWithProblem(401, { title: 'Unauthorized', detail: 'The token has expired.' }),
    });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(within(panel).getByLabelText('API token')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Use token' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Retry' })).toBeNull();
    await expectFiltersFromUrl(user);
  });

  it('names the content type when a proxy answers with an HTML page', async () => {
    const server = fakeServer({
      metric: () => respondWithHtml(502, '<html><body><h1>502 Bad Gateway</h1></body></html>'),
    });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(within(panel).getByRole('heading', { name: 'The analytics service had a problem' })).toBeTruthy();
    expect(
      within(panel)
        .getByText(/without problem details \(text\/html/)
        .closest('details'),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await expectFiltersFromUrl(user);
  });

  it('names the field path of a response that breaks the contract', async () => {
    const broken = { ...occupancyPoint('2026-11-16', 8), avg_occupancy: 'lots' };
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([broken])) });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(
      within(panel).getByRole('heading', { name: 'The analytics service sent data this dashboard cannot read' }),
    ).toBeTruthy();
    expect(
      within(panel)
        .getByText(/^data\[0\]\.avg_occupancy: /)
        .closest('details'),
    ).toBeTruthy();
    await expectFiltersFromUrl(user);
  });

  it('says the analytics service could not be reached on a network failure', async () => {
    const server = fakeServer({ metric: () => makeNetworkFail() });
    const { user } = renderPage(URL_WITH_FILTERS, { fetch: server.fetch });

    const panel = await errorPanel();
    expect(within(panel).getByRole('heading', { name: 'Could not reach the analytics service' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await expectFiltersFromUrl(user);
  });
});

describe('MetricPage: what was asked and what was applied', () => {
  it('says there is no data, naming the range, hours and days', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([])) });
    renderPage(PAGE, { fetch: server.fetch });

    expect(
      await screen.findByText('No data for these filters: 14 Nov – 20 Nov 2026, 07:00–20:00, Mon–Fri.'),
    ).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('lists what a malformed link asked for that was ignored, until dismissed', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    const url = `${PAGE}?interval=banana&hours=99-3&days=0`;
    const { user } = renderPage(url, { fetch: server.fetch });

    const notice = screen.getByRole('status', { name: 'Some of this link was ignored' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'interval “banana” is not known; showing Daily',
      'hours “99-3” is out of range (hours are 0 to 23); showing operating hours',
      'days “0” is not understood (digits 1–7, 1 = Sunday, e.g. 23456); showing operating days',
    ]);
    await chartNamed(/, 1 day, /);
    expect(query(server.metricRequests()[0])).toEqual({
      start_date: '2026-11-14',
      end_date: '2026-11-20',
      interval: 'daily',
      limit: '1000',
    });

    await user.click(screen.getByRole('button', { name: 'Dismiss: Some of this link was ignored' }));
    expect(screen.queryByRole('status', { name: 'Some of this link was ignored' })).toBeNull();
    expect(currentUrl()).toBe(url);
  });

  it('shows the notice again for a link that ignores something else, after one was dismissed', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    const { user } = renderPage(`${PAGE}?interval=banana`, { fetch: server.fetch, history: [`${PAGE}?days=0`] });
    const name = 'Some of this link was ignored';
    expect(within(screen.getByRole('status', { name })).getByRole('listitem').textContent).toMatch(
      /^interval “banana”/,
    );

    await user.click(screen.getByRole('button', { name: `Dismiss: ${name}` }));
    expect(screen.queryByRole('status', { name })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(currentUrl()).toBe(`${PAGE}?days=0`);
    expect(within(screen.getByRole('status', { name })).getByRole('listitem').textContent).toMatch(/^days “0”/);
  });

  it('shows a copied link only while it is still the link of what is on screen', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    const { user } = renderPage(PAGE, { fetch: server.fetch });
    await openChipMenu('More filters', user);
    await screen.findByLabelText('Applied by the server');
    const copiedLink = () => screen.queryByRole('textbox', { name: 'Link copied' }) as HTMLInputElement | null;

    await openChipMenu('More', user);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copiedLink()?.value).toBe(`${window.location.origin}${PAGE}?range=7d&interval=daily&hours=7-19&days=23456`);
    await expect(navigator.clipboard.readText()).resolves.toBe(copiedLink()?.value);

    await user.selectOptions(select('Interval'), 'Weekly');
    await openChipMenu('More', user);
    expect(copiedLink()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copiedLink()?.value).toMatch(/[?&]interval=weekly&/);
    await user.click(screen.getByRole('checkbox', { name: 'Pin dates' }));
    expect(copiedLink()).toBeNull();
  });

  it('shows the hours and days the server applied', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    const { user } = renderPage(PAGE, { fetch: server.fetch });

    await openChipMenu('More filters', user);
    const applied = await screen.findByLabelText('Applied by the server');
    expect(applied.textContent).toBe('Showing 07:00–20:00, Mon–Fri (location’s operating hours and days)');
    expect(within(applied).queryByRole('note')).toBeNull();
  });

  it('says when the data is from on the location’s clock, labelled with its zone', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    renderPage(PAGE, { fetch: server.fetch });

    await seriesStatus('Loaded 1 week of data');
    expect(screen.getByText('Data as of 20 Nov 2026 12:00')).toBeTruthy();
  });

  it('finds the local date from the server’s own day bounds when no zone is named, and says so', async () => {
    const { time_zone: _, ...unzoned } = locationRecord();
    const server = fakeServer({
      locations: () => locationList(unzoned),
      metric: (request) =>
        respondWithJson(
          request.url.searchParams.get('limit') === '1' && request.url.searchParams.get('interval') === 'daily'
            ? occupancyPage(
                [],
                {},
                { time_range: { start: '2026-11-20T00:00:00-05:00', end: '2026-11-21T00:00:00-05:00' } },
              )
            : occupancyPage([]),
        ),
    });
    renderPage(PAGE, { fetch: server.fetch, config: { ...testConfig, locations: [{ id: 1, name: 'Main Library' }] } });

    await screen.findByText(/^No data for these filters/);
    expect(
      screen.getByText(
        'Times in the location’s local time, now UTC−05:00 (from the server’s timestamps; no time zone name is known)',
      ),
    ).toBeTruthy();
    expect(server.metricRequests('daily').map((request) => query(request).start_date)).toEqual([
      '2026-11-20',
      '2026-11-14',
    ]);
  });

  it('toggles a day against the days the server applied: Sun at a Mon–Fri location adds Sunday only', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    const { user } = renderPage(PAGE, { fetch: server.fetch });
    await openChipMenu('More filters', user);
    await screen.findByLabelText('Applied by the server');

    await user.click(within(screen.getByRole('group', { name: 'Days of week' })).getByRole('button', { name: 'Sun' }));
    expect(currentUrl()).toBe(`${PAGE}?days=123456`);
  });

  it('notes when the server applied other hours than the link asked for', async () => {
    const server = fakeServer({ metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])) });
    renderPage(`${PAGE}?hours=8-18`, { fetch: server.fetch });

    const applied = await screen.findByLabelText('Applied by the server');
    expect(applied.textContent).toMatch(/^Showing 07:00–20:00, Mon–Fri \(location’s operating days\)/);
    expect(within(applied).getByRole('note').textContent).toBe(' — the server applied other hours than asked');
  });
});

describe('MetricPage: table, tabs and location caveats', () => {
  it('shows the table one page at a time: Next fetches the next cursor, Previous costs no request', async () => {
    const server = fakeServer({
      metric: byCursor({
        first: occupancyPage([occupancyPoint('2026-11-16'), occupancyPoint('2026-11-17')], more('c2')),
        c2: occupancyPage([occupancyPoint('2026-11-18'), occupancyPoint('2026-11-19')], {
          has_more: false,
          next_cursor: null,
          prev_cursor: 'c1',
        }),
      }),
    });
    const { user } = renderPage(`${PAGE}?view=table`, { fetch: server.fetch });
    const rowHeaders = (table: HTMLElement) =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    const cursorRequests = (cursor: string) =>
      server.metricRequests('daily').filter((request) => request.url.searchParams.get('cursor') === cursor).length;

    const first = await screen.findByRole('table', { name: 'Occupancy, page 1, times in America/New_York' });
    expect(rowHeaders(first)).toEqual(['Mon 16 Nov 2026', 'Tue 17 Nov 2026']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await seriesStatus('Loaded 1 part so far'); // the table asks for one page at a time: no walk behind it
    expect(cursorRequests('c2')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const second = await screen.findByRole('table', { name: 'Occupancy, page 2 of 2, times in America/New_York' });
    expect(rowHeaders(second)).toEqual(['Wed 18 Nov 2026', 'Thu 19 Nov 2026']);
    expect(cursorRequests('c2')).toBe(1);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);

    const requestsBefore = server.metricRequests('daily').length;
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    const back = screen.getByRole('table', { name: /^Occupancy, page 1 of 2,/ });
    expect(rowHeaders(back)).toEqual(['Mon 16 Nov 2026', 'Tue 17 Nov 2026']);
    expect(server.metricRequests('daily')).toHaveLength(requestsBefore);
  });

  it('starts the table again at page 1 when the filters change', async () => {
    const server = fakeServer({
      metric: byCursor({
        first: (request: RecordedRequest) =>
          respondWithJson(
            request.url.searchParams.get('interval') === 'weekly'
              ? occupancyPage([occupancyPoint('2026-11-09')], more('w2'))
              : occupancyPage([occupancyPoint('2026-11-16')], more('c2')),
          ),
        c2: occupancyPage([occupancyPoint('2026-11-17')], { has_more: false, next_cursor: null, prev_cursor: 'c1' }),
      }),
    });
    const { user } = renderPage(`${PAGE}?view=table`, { fetch: server.fetch });
    await screen.findByRole('table', { name: 'Occupancy, page 1, times in America/New_York' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('table', { name: 'Occupancy, page 2 of 2, times in America/New_York' });

    await user.selectOptions(select('Interval'), 'Weekly');
    await waitFor(() => expect(server.metricRequests().map((request) => query(request).interval)).toContain('weekly'));
    const table = await screen.findByRole('table', { name: /^Occupancy, page \d/ });
    expect(table.querySelector('caption')?.textContent).toBe('Occupancy, page 1, times in America/New_York');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('opens the table from the pages the chart already walked, without a request', async () => {
    const server = fakeServer({
      metric: byCursor({
        first: occupancyPage([occupancyPoint('2026-11-16'), occupancyPoint('2026-11-17')], more('c2')),
        c2: occupancyPage([occupancyPoint('2026-11-18')], { has_more: false, next_cursor: null, prev_cursor: 'c1' }),
      }),
    });
    const { user } = renderPage(PAGE, { fetch: server.fetch });
    await seriesStatus('Loaded 1 week of data in 2 parts');
    const walked = server.metricRequests().length;

    await user.click(screen.getByRole('button', { name: 'Table' }));
    await screen.findByRole('table', { name: 'Occupancy, page 1 of 2, times in America/New_York' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('table', { name: 'Occupancy, page 2 of 2, times in America/New_York' });
    expect(server.metricRequests()).toHaveLength(walked);
  });

  it('keeps the filters when switching to another metric', async () => {
    const server = fakeServer({
      metric: (request) =>
        request.url.pathname.endsWith('/traffic')
          ? respondWithJson(
              metricEnvelope('traffic', [{ ...windowOf(occupancyPoint('2026-11-16', 8)), traffic: 12 }], {
                time_range: { start: '2026-11-14T00:00:00-05:00', end: '2026-11-20T23:59:59-05:00' },
              }),
            )
          : respondWithJson(occupancyPage([occupancyPoint('2026-11-16', 8)])),
    });
    const { user } = renderPage(`${PAGE}?interval=60min&hours=8-18`, { fetch: server.fetch });
    await chartNamed(/^Occupancy of /);

    const trafficLink = () =>
      within(screen.getByRole('navigation', { name: 'View' })).getByRole('link', { name: 'Traffic' });
    expect(trafficLink().getAttribute('href')).toBe('/locations/1/traffic?interval=60min&hours=8-18');
    await user.click(trafficLink());

    expect(currentUrl()).toBe('/locations/1/traffic?interval=60min&hours=8-18');
    expect(trafficLink().getAttribute('aria-current')).toBe('page');
    await chartNamed(/^Traffic of /);
    await expectFiltersFromUrl(user);
    const traffic = server.metricRequests('60min').filter((request) => request.url.pathname.endsWith('/traffic'));
    expect(traffic.map(query)).toEqual([
      {
        start_date: '2026-11-14',
        end_date: '2026-11-20',
        interval: '60min',
        limit: '1000',
        start_hour_filter: '8',
        end_hour_filter: '18',
      },
    ]);
  });

  it('warns that a location in calibration may not have reliable figures', async () => {
    const server = fakeServer({
      locations: () => locationList(locationRecord({ status: 'calibration' })),
      metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])),
    });
    renderPage(PAGE, { fetch: server.fetch });

    const caveat = await screen.findByText(
      'This location’s status is “calibration”: its figures may not be reliable yet.',
    );
    expect(caveat.getAttribute('role')).toBe('note');
    expect(screen.queryByText(/^Data starts on/)).toBeNull();
  });

  it('warns when the range begins before the location’s first day of data', async () => {
    const server = fakeServer({
      locations: () => locationList(locationRecord({ start_date: '2026-11-17' })),
      metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-17')])),
    });
    renderPage(PAGE, { fetch: server.fetch });

    const caveat = await screen.findByText(
      'Data starts on 2026-11-17; the range begins before that, so earlier days are empty.',
    );
    expect(caveat.getAttribute('role')).toBe('note');
    expect(screen.queryByText(/^This location’s status is/)).toBeNull();
  });

  it('shows no caveat for an active location whose data starts before the range', async () => {
    const server = fakeServer({
      locations: () => locationList(locationRecord({ name: 'Main Library (listed)', start_date: '2026-11-14' })),
      metric: () => respondWithJson(occupancyPage([occupancyPoint('2026-11-16')])),
    });
    renderPage(PAGE, { fetch: server.fetch });

    await screen.findByDisplayValue('Main Library (listed)');
    await chartNamed(/, 1 day, /);
    expect(screen.queryByText(/^This location’s status is/)).toBeNull();
    expect(screen.queryByText(/^Data starts on/)).toBeNull();
  });
});
