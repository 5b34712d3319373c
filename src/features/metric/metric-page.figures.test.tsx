// @vitest-environment jsdom
/**
 * The metric pages' figures at the edges: a figure per day from daily windows whatever the chart's interval, time over
 * capacity from hourly windows, and a period that reaches now compared with the other period cut at the same time.
 * Against a fake server in New York (src/test/zoned-metric-server.ts) whose every value of a day is one number, and
 * whose three hourly windows (09:00–12:00) add up to its daily window.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationRecord } from '../../api/schemas';
import { renderPage } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));

/** Friday 20 Nov 2026, 10:30 in New York. */
const NOW = Date.parse('2026-11-20T15:30:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const record: LocationRecord = {
  location_id: 1,
  name: 'Main Library',
  status: 'active',
  parent_id: null,
  capacity: 10,
  start_date: '2020-01-01',
  time_zone: 'America/New_York',
};

/** A level a day: 80 entries a day but 120 on Wednesday 11 and 40 on Monday 9 November. */
const LEVELS: Record<string, number> = { '2026-11-11': 12, '2026-11-09': 4 };
const server = () => zonedMetricServer({ zone: 'America/New_York', records: [record], level: (d) => LEVELS[d] ?? 8 });

const figure = (name: string) =>
  within(screen.getByRole('region', { name: 'Headline figures' })).getByText(
    (_, element) => element?.getAttribute('data-kpi') === name,
  );
async function valueOf(name: string): Promise<number> {
  await waitFor(() => expect(figure(name).getAttribute('data-value')).toMatch(/\d/));
  return Number(figure(name).getAttribute('data-value'));
}

describe('MetricPage: figures per day at every interval', () => {
  it.each(['60min', 'daily', 'weekly', 'monthly'])(
    'traffic at %s: the busiest day and entries a day are those of the daily windows',
    async (interval) => {
      const api = server();
      renderPage(`/locations/1/traffic?from=2026-11-09&to=2026-11-15&interval=${interval}`, { fetch: api.fetch });

      expect(await valueOf('busiest-day')).toBe(120);
      expect(figure('busiest-day').textContent).toContain('Wed 11 Nov 2026');
      // (40 + 120 + 5 × 80) ÷ 7 days.
      expect(await valueOf('entries-per-day')).toBeCloseTo(560 / 7, 10);
      // One request at the chart's interval, and the daily windows beside it when that is another.
      const intervals = api.metricQueries().map((query) => query.interval);
      expect(intervals.sort()).toEqual(interval === 'daily' ? ['daily'] : ['daily', interval].sort());
    },
  );

  it('occupancy daily: time over capacity is the share of hourly windows over capacity, not of days', async () => {
    // Level 9 on 11 Nov: peaks of 11 people in its three hours; 8 (peaks 10) on the other days.
    const api = zonedMetricServer({
      zone: 'America/New_York',
      records: [record],
      level: (date) => (date === '2026-11-11' ? 9 : 8),
    });
    renderPage('/locations/1/occupancy?from=2026-11-09&to=2026-11-15&interval=daily', { fetch: api.fetch });
    // 3 of 21 hours over capacity (a day's window would say 1 of 7 days).
    expect(await valueOf('time-over-capacity')).toBeCloseTo(3 / 21, 10);
  });
});

describe('MetricPage: a period that reaches now, against the other period to the same time', () => {
  it('cuts the previous period’s last day at 10:30 from its hourly windows, and says so', async () => {
    const api = server();
    renderPage('/locations/1/traffic?range=7d&interval=daily&compare=previous', { fetch: api.fetch });

    // 14–20 Nov: 7 × 80 (the fake sends today whole). 7–13 Nov: 7, 8, 10 and 12 Nov 80
    // each, 9 Nov 40, 11 Nov 120, and 13 Nov cut at 10:30: its 09:00 hour (26) and half its 10:00 (13).
    const total = await valueOf('total-entries');
    expect(total).toBe(560);
    const delta = figure('total-entries').querySelector('[data-delta]');
    await waitFor(() => expect(delta?.getAttribute('data-delta')).toMatch(/\d/));
    expect(Number(delta!.getAttribute('data-delta'))).toBeCloseTo(560 - (80 + 80 + 40 + 80 + 120 + 80 + 39), 10);
    expect(delta!.textContent).toContain('vs previous period, to the same time (Fri 10:30)');
    expect(
      screen.getByText(/^Compared with previous period: 7 Nov – 13 Nov 2026, to the same time \(Fri 10:30\)$/),
    ).toBeTruthy();
    // The week before, and the hours of its last day, asked once it was in.
    expect(api.metricQueries().map((query) => [query.start_date, query.end_date, query.interval])).toEqual([
      ['2026-11-14', '2026-11-20', 'daily'],
      ['2026-11-07', '2026-11-13', 'daily'],
      ['2026-11-13', '2026-11-13', '60min'],
    ]);
  });

  it('entries a day leaves out the days not over on either side', async () => {
    const api = server();
    renderPage('/locations/1/traffic?range=7d&interval=daily&compare=previous', { fetch: api.fetch });
    // This week's six days that are over (14–19 Nov), against the week before's six (7–12 Nov).
    expect(await valueOf('entries-per-day')).toBe(80);
    const delta = figure('entries-per-day').querySelector('[data-delta]');
    await waitFor(() => expect(delta?.getAttribute('data-delta')).toMatch(/\d/));
    expect(Number(delta!.getAttribute('data-delta'))).toBeCloseTo(80 - (80 + 80 + 40 + 80 + 120 + 80) / 6, 10);
  });
});
