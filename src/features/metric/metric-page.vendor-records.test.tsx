// @vitest-environment jsdom
/**
 * The metric page against a spec server whose location records have the real vendor's shape (no time zone, no
 * hours, no days) and a configuration that names no zone: the path a real customer takes. The server answers
 * every metric request with the `time_range` a server in a real IANA zone gives (date-fns-tz, not our code).
 * At these instants the old learned-offset model crashed (React #301) or settled a day off.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { usualRange } from '../../analysis/usual';
import { metricEnvelope, fakeFetch, respondWithJson, respondWithProblem } from '../../test/fetch-fakes';
import { pageSettled, trackScheduledWork } from '../../test/page-settled';
import { renderApp, testConfig } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';
import { zonedTimeRange } from '../../test/zoned-time-range';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

afterEach(() => {
  vi.useRealTimers();
});

const METRIC_PATH = /^\/v2\/locations\/7\/[a-z_]+$/;

/** Location 7 as the vendor publishes it, and its metrics as a spec server in `zone` answers them. */
function vendorServer(zone: string) {
  const api = fakeFetch((request) => {
    const path = request.url.pathname;
    if (path === '/v2/locations') {
      const record = { location_id: 7, name: 'Concourse', status: 'active', parent_id: null, capacity: 2000 };
      return respondWithJson({
        data: [{ ...record, start_date: '2021-01-01' }],
        pagination: { has_more: false, next_cursor: null, prev_cursor: null },
      });
    }
    if (!METRIC_PATH.test(path)) return respondWithProblem(404);
    const query = request.url.searchParams;
    const startDate = query.get('start_date') ?? '';
    const endDate = query.get('end_date') ?? '';
    return respondWithJson(
      metricEnvelope('occupancy', [], {
        location_id: 7,
        name: 'Concourse',
        capacity: 2000,
        interval: query.get('interval') ?? 'daily',
        time_range: zonedTimeRange(zone, startDate, endDate),
        hour_range: { start: 0, end: 23 },
        days_of_week: [1, 2, 3, 4, 5, 6, 7],
      }),
    );
  });
  const allMetricRequests = () =>
    api.requests
      .filter((request) => METRIC_PATH.test(request.url.pathname))
      .map((request) => Object.fromEntries(request.url.searchParams));
  /**
   * The probe (`daily`, one window) and the view's at its interval; not the usual's history, which a view of today's
   * occupancy asks for beside it, nor the hourly windows its figures are over (analysis/metric-figures.ts).
   */
  const metricRequests = (viewInterval = 'daily') =>
    allMetricRequests().filter(
      (request) => !isUsualHistory(request) && (request.interval === viewInterval || request.limit === '1'),
    );
  const usualRequests = () => allMetricRequests().filter(isUsualHistory);
  return { fetch: api.fetch, metricRequests, usualRequests, requestCount: () => api.requests.length };
}

/** The usual's history (live/use-usual.ts): hourly, one weekday, the 8 weeks before today. */
function isUsualHistory(request: Record<string, string>): boolean {
  return request.interval === '60min' && request.days_filter !== undefined && request.end_date !== request.start_date;
}

const unzonedConfig = { ...testConfig, locations: [] };

describe('MetricPage with the vendor’s location records (no time zone anywhere)', () => {
  it.each([
    // The day DST ends in New York, 23:30 EST: the old model alternated 1 and 2 Nov and crashed.
    ['America/New_York', '2026-11-02T04:30:00Z', 'range=today&interval=60min', '2026-11-01', '2026-11-01'],
    // The default view a week after the change, 23:30 EST.
    ['America/New_York', '2026-11-08T04:30:00Z', '', '2026-11-01', '2026-11-07'],
    // 00:30 EST on 14 March, a week after DST began: the old model showed 7–13 March.
    ['America/New_York', '2026-03-14T05:30:00Z', '', '2026-03-08', '2026-03-14'],
    // Berlin 23:30 CET on 30 Oct and Lisbon 23:30 WET on 29 Oct: the old model was a day off the other way.
    ['Europe/Berlin', '2026-10-30T22:30:00Z', '', '2026-10-24', '2026-10-30'],
    ['Europe/Lisbon', '2026-10-29T23:30:00Z', '', '2026-10-23', '2026-10-29'],
    // Sydney, 23:30 AEST on the day DST ends there (5 April).
    ['Australia/Sydney', '2026-04-05T13:30:00Z', 'range=today', '2026-04-05', '2026-04-05'],
  ])(
    '%s at %s (%s) asks for %s to %s, with at most one request besides the view’s',
    async (zone, now, search, start, end) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.parse(now));
      const server = vendorServer(zone);
      const work = trackScheduledWork();
      const { queryClient } = renderApp(`/locations/7/occupancy${search ? `?${search}` : ''}`, {
        fetch: server.fetch,
        config: unzonedConfig,
      });

      await screen.findByText(/^No data for these filters/);
      expect(screen.queryByRole('heading', { name: 'Something went wrong on this page' })).toBeNull();
      expect(screen.getByText(/from the server’s timestamps; no time zone name is known/)).toBeTruthy();
      const viewInterval = search.includes('interval=60min') ? '60min' : 'daily';
      const requests = server.metricRequests(viewInterval);
      expect(requests.length).toBeLessThanOrEqual(2);
      const view = requests.at(-1);
      expect([view?.start_date, view?.end_date]).toEqual([start, end]);
      // Settled: no request is made after the view's (one made in reply to it, as a key learned from its answer
      // would be, has been made once the page has settled).
      await pageSettled(queryClient, work, { requestsMade: server.requestCount });
      expect(server.metricRequests(viewInterval)).toHaveLength(requests.length);
    },
  );

  it('makes no view request before it knows the local date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-02T04:30:00Z'));
    const server = vendorServer('America/New_York');
    renderApp('/locations/7/occupancy?range=today&interval=60min', { fetch: server.fetch, config: unzonedConfig });

    await screen.findByText(/^No data for these filters/);
    const dates = server.metricRequests('60min').map((request) => request.start_date);
    // The probe (for the UTC date), then the view: never a view request for a date it later corrects.
    expect(dates).toEqual(['2026-11-02', '2026-11-01']);
    // The usual's history too is asked for the local date only: the 8 weeks before 1 Nov, Sundays.
    await waitFor(() => expect(server.usualRequests()).toHaveLength(1));
    const { start, end } = usualRange('2026-11-01');
    expect(server.usualRequests()[0]).toMatchObject({ start_date: start, end_date: end, days_filter: '1' });
    expect(server.metricRequests()[0]).toMatchObject({ interval: 'daily', limit: '1', end_date: '2026-11-02' });
  });

  it('uses the configured zone at once, with no probe', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-02T04:30:00Z'));
    const server = vendorServer('America/New_York');
    const config = { ...testConfig, locations: [{ id: 7, timeZone: 'America/New_York' }] };
    renderApp('/locations/7/occupancy?range=today', { fetch: server.fetch, config });

    await screen.findByText(/^No data for these filters/);
    await waitFor(() => expect(server.metricRequests()).toHaveLength(1));
    expect(server.metricRequests()[0]).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-01' });
    expect(screen.getByText('Times in America/New_York (time zone from the configuration)')).toBeTruthy();
  });

  it('compares with the previous period on the location’s own days, learned by the probe, across a DST change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Thursday 12 Nov 2026, 12:00 in New York: the last 7 days are 6–12 Nov, the week before 30 Oct – 5 Nov, across
    // the end of DST on 1 Nov (a 25-hour day).
    vi.setSystemTime(Date.parse('2026-11-12T17:00:00Z'));
    const record = { location_id: 7, name: 'Concourse', status: 'active', parent_id: null, capacity: 2000 };
    const server = zonedMetricServer({
      zone: 'America/New_York',
      records: [{ ...record, start_date: '2021-01-01' }],
      // 60 entries a day this week, 40 the week before.
      level: (date) => (date >= '2026-11-06' ? 6 : 4),
    });
    const work = trackScheduledWork();
    const { queryClient } = renderApp('/locations/7/traffic?range=7d&interval=daily&compare=previous', {
      fetch: server.fetch,
      config: unzonedConfig,
    });

    const total = await screen.findByText((_, element) => element?.getAttribute('data-kpi') === 'total-entries');
    await waitFor(() => expect(total.querySelector('[data-delta]')?.getAttribute('data-delta')).toBe('140'));
    expect(total.textContent).toContain('+140 vs previous period, to the same time (Thu 12:00)');
    expect(screen.getByText(/from the server’s timestamps; no time zone name is known/)).toBeTruthy();
    // The probe (the UTC date), this week and the week before, and the hours of 5 Nov its last day is cut from (at
    // 12:00, as this week's data ends); nothing after them.
    const dates = () =>
      server.metricQueries().map((query) => [query.start_date, query.end_date, query.limit, query.interval]);
    expect(dates()).toEqual([
      ['2026-11-12', '2026-11-12', '1', 'daily'],
      ['2026-11-06', '2026-11-12', '1000', 'daily'],
      ['2026-10-30', '2026-11-05', '1000', 'daily'],
      ['2026-11-05', '2026-11-05', '1000', '60min'],
    ]);
    await pageSettled(queryClient, work, { requestsMade: () => server.metricQueries().length });
    expect(dates()).toHaveLength(4);
  });
});
