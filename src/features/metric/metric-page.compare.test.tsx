// @vitest-environment jsdom
/**
 * The metric pages' comparison period (`compare=previous|year`): the request it makes, the change on each figure,
 * in the chart view and the table view, and a malformed `compare` named and ignored. Against a fake server in New
 * York (src/test/zoned-metric-server.ts) whose every value of a day is built from one number, so each change can be
 * worked out by hand.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationRecord } from '../../api/schemas';
import { openChipMenu } from '../../test/chip-menus';
import { pageSettled, trackScheduledWork } from '../../test/page-settled';
import { currentUrl, renderPage } from '../../test/render-page';
import { zonedMetricServer } from '../../test/zoned-metric-server';

vi.mock('../../charts/chart', () => import('../../test/chart-stand-in'));
/** What "Download CSV" would write: the pages it is given. */
const savedCsv = vi.hoisted(() => [] as { pages: { data: { window_start: string }[] }[] }[]);
vi.mock('./save-metric', () => ({
  saveMetricCsv: (input: (typeof savedCsv)[number]) => savedCsv.push(input),
}));

/** Friday 20 Nov 2026, 12:00 in New York. */
const NOW = Date.parse('2026-11-20T17:00:00Z');
const ZONE = 'America/New_York';
/** Monday 16 and Tuesday 17 November 2026. */
const RANGE = 'from=2026-11-16&to=2026-11-17&interval=daily';

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
  time_zone: ZONE,
};

/**
 * The range's two days are 6 and 9, the week before's (9 and 10 Nov) 4 and 4, any other day 8 (the same days of
 * last year, 17 and 18 Nov 2025, too). Worked out by hand, this period against the previous one:
 * - occupancy: average 7.5 − 4 = +3.5 people; peak 11 − 6 = +5; over capacity (peak > 10) ½ − 0 = +50 points
 * - traffic: total 150 − 80 = +70; busiest day 90 − 40 = +50; a day 75 − 40 = +35
 * and against last year (all 8):
 * - traffic: 150 − 160 = −10; 90 − 80 = +10; 75 − 80 = −5
 * - dwell time: by window 37.5 − 40 = −2.5 min; longest 90 − 80 = +10 min
 * - availability: average free 0.75 − 0.8 = −5 points; least free 0.6 − 0.8 = −20 points
 */
const LEVELS: Record<string, number> = { '2026-11-16': 6, '2026-11-17': 9, '2026-11-09': 4, '2026-11-10': 4 };
const level = (date: string) => LEVELS[date] ?? 8;

function server(hold?: (query: Record<string, string>) => Promise<void> | undefined) {
  return zonedMetricServer({ zone: ZONE, records: [record], level, hold });
}

const figure = (name: string) =>
  within(screen.getByRole('region', { name: 'Headline figures' })).getByText(
    (_, element) => element?.getAttribute('data-kpi') === name,
  );
const deltaOf = (name: string) => figure(name).querySelector('.figure-delta');
/** Waits until the figure shows a change, and gives its number and its words. */
async function changeOf(name: string): Promise<{ delta: number; text: string }> {
  await waitFor(() => expect(deltaOf(name)?.getAttribute('data-delta')).toMatch(/\d/));
  const element = deltaOf(name)!;
  return { delta: Number(element.getAttribute('data-delta')), text: element.textContent ?? '' };
}
const datesOf = (queries: Record<string, string>[]) => queries.map((query) => [query.start_date, query.end_date]);

describe('MetricPage: compare with another period', () => {
  it('compare=previous asks for the same request over the week before and shows each figure’s change', async () => {
    const api = server();
    renderPage(`/locations/1/occupancy?${RANGE}&days=23&compare=previous`, { fetch: api.fetch });

    expect(await changeOf('average-occupancy')).toEqual({ delta: 3.5, text: '+4 people vs previous period' });
    expect(await changeOf('peak-occupancy')).toEqual({ delta: 5, text: '+5 people vs previous period' });
    expect(await changeOf('time-over-capacity')).toEqual({ delta: 0.5, text: '+50.0 points vs previous period' });

    // The page's own windows (its hourly ones for time over capacity are asked for beside them).
    const queries = api.metricQueries().filter((query) => query.interval === 'daily');
    expect(datesOf(queries)).toEqual([
      ['2026-11-16', '2026-11-17'],
      ['2026-11-09', '2026-11-10'],
    ]);
    // The same request but for its dates: interval, days, page size.
    const { start_date: _s, end_date: _e, ...asked } = queries[0]!;
    const { start_date: _ps, end_date: _pe, ...comparedAsked } = queries[1]!;
    expect(comparedAsked).toEqual(asked);
    expect(asked).toMatchObject({ interval: 'daily', days_filter: '23' });
    expect(screen.getByText('Compared with previous period: 9 Nov – 10 Nov 2026')).toBeTruthy();
  });

  it('draws the comparison behind the chart and says so in its summary; the CSV is this period’s alone', async () => {
    const api = server();
    const { user } = renderPage(`/locations/1/traffic?${RANGE}&compare=previous`, { fetch: api.fetch });

    await screen.findByRole('figure', {
      name: /^Traffic of Main Library, 16 Nov – 17 Nov 2026, .* Behind it, dashed: the previous period, 9 Nov – 10 Nov 2026\.$/,
    });
    await openChipMenu('More', user);
    const download = screen.getByRole('button', { name: 'Download CSV' });
    await waitFor(() => expect(download.hasAttribute('disabled')).toBe(false));
    await user.click(download);
    await waitFor(() => expect(savedCsv).toHaveLength(1));
    const starts = savedCsv[0]!.pages.flatMap((page) => page.data.map((point) => point.window_start.slice(0, 10)));
    expect(starts).toEqual(['2026-11-16', '2026-11-17']);
  });

  it.each([
    [
      'traffic',
      {
        'total-entries': [-10, '−10 vs same period last year'],
        'busiest-day': [10, '+10 vs same period last year'],
        'entries-per-day': [-5, '−5 vs same period last year'],
      },
    ],
    [
      'dwell-time',
      {
        'visit-length-by-window': [-2.5, '−2.5 min vs same period last year'],
        'longest-visit': [10, '+10.0 min vs same period last year'],
      },
    ],
    [
      'availability',
      {
        'average-free': [-0.05, '−5.0 points vs same period last year'],
        'least-free': [-0.2, '−20.0 points vs same period last year'],
      },
    ],
  ] as const)('compare=year on %s: 52 weeks earlier, each change in its unit', async (slug, expected) => {
    const api = server();
    renderPage(`/locations/1/${slug}?${RANGE}&compare=year`, { fetch: api.fetch });

    for (const [name, [delta, text]] of Object.entries(expected)) {
      const shown = await changeOf(name);
      expect(shown.delta, name).toBeCloseTo(delta, 12);
      expect(shown.text, name).toBe(text);
    }
    expect(datesOf(api.metricQueries())).toEqual([
      ['2026-11-16', '2026-11-17'],
      ['2025-11-17', '2025-11-18'],
    ]);
  });

  it.each([
    // The whole of October against the whole of September; November so far against the same days of October, whose
    // last day is cut at the same time (its hours asked for: 12:00 on 20 October).
    [
      'last-month',
      [
        ['2026-10-01', '2026-10-31'],
        ['2026-09-01', '2026-09-30'],
      ],
    ],
    [
      'this-month',
      [
        ['2026-11-01', '2026-11-20'],
        ['2026-10-01', '2026-10-20'],
        ['2026-10-20', '2026-10-20'],
      ],
    ],
  ])('a month preset (%s) compares the calendar month before it', async (preset, dates) => {
    const api = server();
    renderPage(`/locations/1/traffic?range=${preset}&interval=daily&compare=previous`, { fetch: api.fetch });

    await changeOf('total-entries');
    expect(datesOf(api.metricQueries())).toEqual(dates);
  });

  it('says “comparing…” while the other period loads, then its change', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = server((query) => (query.start_date === '2026-11-09' ? held : undefined));
    renderPage(`/locations/1/traffic?${RANGE}&compare=previous`, { fetch: api.fetch });

    await waitFor(() => expect(figure('total-entries').getAttribute('data-value')).toBe('150'));
    expect(deltaOf('total-entries')?.textContent).toBe('comparing… vs previous period');
    expect(deltaOf('total-entries')?.getAttribute('data-delta')).toBe('');
    release();
    expect(await changeOf('total-entries')).toEqual({ delta: 70, text: '+70 vs previous period' });
  });

  it('says there is no change to show when the other period has no windows', async () => {
    const outage = (date: string) => (date === '2026-11-09' || date === '2026-11-10' ? null : level(date));
    const api = zonedMetricServer({ zone: ZONE, records: [record], level: outage });
    renderPage(`/locations/1/traffic?${RANGE}&compare=previous`, { fetch: api.fetch });

    await waitFor(() => expect(deltaOf('total-entries')?.textContent).toBe('no change to show vs previous period'));
    expect(deltaOf('total-entries')?.getAttribute('data-delta')).toBe('');
  });

  it('says when the other period did not load, and Retry loads it', async () => {
    let failures = 1;
    const api = server((query) =>
      query.start_date === '2026-11-09' && failures-- > 0
        ? Promise.reject(new TypeError('Failed to fetch'))
        : undefined,
    );
    const { user } = renderPage(`/locations/1/traffic?${RANGE}&compare=previous`, { fetch: api.fetch });

    await waitFor(() => expect(deltaOf('total-entries')?.textContent).toBe('Previous period did not load'));
    expect(screen.getByText('Previous period (9 Nov – 10 Nov 2026) did not load.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry the previous period' }));
    expect(await changeOf('total-entries')).toEqual({ delta: 70, text: '+70 vs previous period' });
  });

  it('names a malformed compare and ignores it: no comparison, no change, no other request', async () => {
    const api = server();
    const work = trackScheduledWork();
    const { user, queryClient } = renderPage(`/locations/1/traffic?${RANGE}&compare=banana`, { fetch: api.fetch });

    const notice = await screen.findByRole('status', { name: 'Some of this link was ignored' });
    expect(notice.textContent).toContain('compare “banana” is not previous or year; showing no comparison');
    await waitFor(() => expect(figure('total-entries').getAttribute('data-value')).toBe('150'));
    expect(document.querySelectorAll('[data-delta]')).toHaveLength(0);
    await openChipMenu('More', user);
    expect((screen.getByRole('combobox', { name: 'Compare with' }) as HTMLSelectElement).value).toBe('');
    // Settled: a comparison asked for with the page's own request, or in reply to it, has been asked for by now.
    await pageSettled(queryClient, work, { requestsMade: () => api.metricQueries().length });
    expect(datesOf(api.metricQueries())).toEqual([['2026-11-16', '2026-11-17']]);
  });

  it('names a repeated compare and uses the first', async () => {
    const api = server();
    renderPage(`/locations/1/traffic?${RANGE}&compare=previous&compare=year`, { fetch: api.fetch });

    const notice = await screen.findByRole('status', { name: 'Some of this link was ignored' });
    expect(notice.textContent).toContain('compare is given 2 times; using the first, “previous”');
    expect((await changeOf('total-entries')).text).toBe('+70 vs previous period');
  });

  it('choosing a comparison adds a history entry: Back takes it away again, and the link keeps it', async () => {
    const api = server();
    const page = `/locations/1/traffic?${RANGE}`;
    const { user } = renderPage(page, { fetch: api.fetch });
    await waitFor(() => expect(figure('total-entries').getAttribute('data-value')).toBe('150'));
    const compare = () => screen.getByRole('combobox', { name: 'Compare with' }) as HTMLSelectElement;
    await openChipMenu('More', user);
    expect(compare().value).toBe('');

    await user.selectOptions(compare(), 'Same period last year');
    expect(currentUrl()).toBe(`${page}&compare=year`);
    expect(screen.getByText('17 Nov – 18 Nov 2025')).toBeTruthy();
    expect((await changeOf('total-entries')).text).toBe('−10 vs same period last year');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const link = (screen.getByRole('textbox', { name: 'Link copied' }) as HTMLInputElement).value;
    expect(new URL(link).searchParams.get('compare')).toBe('year');

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    expect(currentUrl()).toBe(page);
    await openChipMenu('More', user);
    expect(compare().value).toBe('');
    expect(document.querySelectorAll('[data-delta]')).toHaveLength(0);
  });

  it('in the table view, walks the comparison once the table holds every page, and shows the changes', async () => {
    const api = server();
    renderPage(`/locations/1/traffic?${RANGE}&view=table&compare=previous`, { fetch: api.fetch });

    expect(await changeOf('total-entries')).toEqual({ delta: 70, text: '+70 vs previous period' });
    expect(datesOf(api.metricQueries())).toEqual([
      ['2026-11-16', '2026-11-17'],
      ['2026-11-09', '2026-11-10'],
    ]);
    // The table is this period's alone.
    const table = screen.getByRole('table');
    expect(within(table).queryByText(/9 Nov|10 Nov/)).toBeNull();
  });

  it('counts the comparison’s pages in a large request, and asks nothing before it is confirmed', async () => {
    const api = server();
    // About 30 pages of 15-minute windows a side: not large alone.
    const tenMonths = 'from=2025-12-01&to=2026-09-30&interval=15min';
    const { user } = renderPage(`/locations/1/occupancy?${tenMonths}&compare=previous`, { fetch: api.fetch });

    const panel = await screen.findByRole('region', { name: 'Large request' });
    expect(panel.textContent).toMatch(/about 6\d pages of 1000 windows, with the comparison period\./);
    expect(api.metricQueries()).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: /^Load all 6\d pages anyway$/ }));
    await changeOf('average-occupancy');
    // Each walk in sub-ranges (api/series-walk.ts): together they span this period and the 44 weeks before it.
    const span = (queries: Record<string, string>[]) => [
      queries.map((query) => query.start_date!).sort()[0],
      queries
        .map((query) => query.end_date!)
        .sort()
        .at(-1),
    ];
    const queries = api.metricQueries();
    expect(span(queries.filter((query) => query.start_date! >= '2025-12-01'))).toEqual(['2025-12-01', '2026-09-30']);
    expect(span(queries.filter((query) => query.start_date! < '2025-12-01'))).toEqual(['2025-01-27', '2025-11-26']);
  });
});
