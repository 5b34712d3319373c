/**
 * The series loader's one promise, over random requests: walking a range in parallel sub-ranges gives exactly the
 * series one walk of the whole range gives, and exactly what a bare loop over the server's cursors gives, with every
 * window of the range in order, once. Ranges of 1 to 400 days, many across a DST change of 2026 in New York, Berlin
 * or Sydney (23- and 25-hour days, in both hemispheres), at daily, 60min and 15min, with and without filters, against
 * servers of both filter readings. The page size is the app's (1000), so ranges vary in length instead: one page,
 * several, several sub-ranges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/time-spans';
import { seriesDifference, seriesLines, walkRaw } from '../test/raw-walk';
import { specServer, type SpecMetric } from '../test/spec-server';
import { dateInZone, zonedTimeRange } from '../test/zoned-time-range';
import { walkPages, walkSeries } from './series-walk';
import { splitRange } from './walk-ranges';

const DST_CHANGES = {
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Europe/Berlin': ['2026-03-29', '2026-10-25'],
  'Australia/Sydney': ['2026-04-05', '2026-10-04'],
} as const;
type Zone = keyof typeof DST_CHANGES;
const ZONES = Object.keys(DST_CHANGES) as Zone[];
const STEP_MS = { daily: DAY_MS, '60min': HOUR_MS, '15min': 15 * MINUTE_MS };
type PropertyInterval = keyof typeof STEP_MS;
/** The fewest days split into two sub-ranges (six pages); daily ranges of up to 400 days are one page. */
const SPLIT_FROM_DAYS = { daily: 41, '60min': 209, '15min': 53 };

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Filters {
  start_hour_filter?: number;
  end_hour_filter?: number;
  days_filter?: string;
}

/** A zone, and a range of `days` days that either contains one of the zone's DST changes or lies anywhere near 2026. */
const rangeArb = (interval: PropertyInterval) =>
  fc
    .record({
      zone: fc.constantFrom(...ZONES),
      days: fc.oneof(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 41, max: 400 }),
        // Long enough to be split into sub-ranges (over five pages), at least at the finer intervals.
        { weight: 2, arbitrary: fc.integer({ min: SPLIT_FROM_DAYS[interval], max: 400 }) },
      ),
    })
    .chain(({ zone, days }) =>
      fc
        .oneof(
          fc
            .record({ change: fc.constantFrom(...DST_CHANGES[zone]), before: fc.integer({ min: 0, max: days - 1 }) })
            .map(({ change, before }) => dayMs(change) - before * DAY_MS),
          fc.integer({ min: 0, max: 900 }).map((n) => dayMs('2025-06-01') + n * DAY_MS),
        )
        .map((start) => ({ zone, days, start_date: isoDay(start), end_date: isoDay(start + (days - 1) * DAY_MS) })),
    );

const filtersArb: fc.Arbitrary<Filters> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          start_hour_filter: fc.integer({ min: 0, max: 23 }),
          end_hour_filter: fc.integer({ min: 0, max: 23 }),
          days_filter: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }).map((days) => days.join('')),
        },
        { requiredKeys: [] },
      )
      .filter((f) => (f.start_hour_filter ?? 0) <= (f.end_hour_filter ?? 23)),
  },
);

interface Case {
  range: { zone: Zone; days: number; start_date: string; end_date: string };
  metric: SpecMetric;
  filters: Filters;
  reading: 'broad' | 'strict';
}

const caseArb = (interval: PropertyInterval): fc.Arbitrary<Case> =>
  fc.record({
    range: rangeArb(interval),
    metric:
      interval === '15min' ? fc.constant<SpecMetric>('occupancy') : fc.constantFrom<SpecMetric>('occupancy', 'traffic'),
    filters: filtersArb,
    reading: fc.constantFrom('broad' as const, 'strict' as const),
  });

/** The window's local start hour and weekday (1 = Sunday), read off its own text. */
function passes(point: Record<string, unknown>, filters: Filters, interval: PropertyInterval): boolean {
  const start = point.window_start as string;
  const hour = Number(start.slice(11, 13));
  const day = new Date(dayMs(start.slice(0, 10))).getUTCDay() + 1;
  const hours =
    interval === 'daily' || (hour >= (filters.start_hour_filter ?? 0) && hour <= (filters.end_hour_filter ?? 23));
  return hours && (filters.days_filter === undefined || filters.days_filter.includes(String(day)));
}

async function checkCase(interval: PropertyInterval, { range, metric, filters, reading }: Case) {
  const { zone, days, start_date, end_date } = range;
  const query = { start_date, end_date, interval, ...filters };

  const parallel = await walkSeries(specServer({ zone, filterReading: reading }).client, metric, 1, query);
  const sequential = await walkSeries(specServer({ zone, filterReading: reading }).client, metric, 1, query, {
    maxChains: 1,
  });
  const bare = await walkRaw(specServer({ zone }), metric, query);
  const pages = walkPages(parallel);
  const lines = seriesLines(pages);

  expect(parallel.chains).toHaveLength(splitRange(query).length);
  expect(sequential.chains).toHaveLength(1);
  expect(seriesDifference(lines, seriesLines(walkPages(sequential)))).toBeNull();
  expect(seriesDifference(lines, seriesLines(bare))).toBeNull();
  expect(pages[0]!.time_range).toEqual(zonedTimeRange(zone, start_date, end_date));
  expect(pages.every((page) => page.data.length <= 1000)).toBe(true);

  // Every window of the range, from the server's first instant to its last, each ending where the next starts...
  const all =
    Object.keys(filters).length === 0
      ? bare
      : await walkRaw(specServer({ zone }), metric, { start_date, end_date, interval });
  const windows = all.flatMap((page) => page.data);
  const whole = zonedTimeRange(zone, start_date, end_date);
  const span = Date.parse(whole.end) - Date.parse(whole.start);
  expect(windows.length).toBe(interval === 'daily' ? days : span / STEP_MS[interval]);
  expect(windows[0]!.window_start).toBe(whole.start);
  windows.forEach((window, i) => expect(window.window_end).toBe(windows[i + 1]?.window_start ?? whole.end));
  // ... and the walk holds those that pass the filters (values aside: a daily value is for the hours asked), in
  // strictly increasing instant order, each once.
  const walked = pages.flatMap((page) => page.data as readonly { window_start: string; window_end: string }[]);
  const times = (points: readonly Record<string, unknown>[]) =>
    points.map((point) => `${String(point.window_start)} ${String(point.window_end)}`);
  const kept = windows.filter((window) => passes(window, filters, interval));
  expect(seriesDifference(times(walked), times(kept))).toBeNull();
  const instants = walked.map((point) => Date.parse(point.window_start));
  expect(instants.every((instant, i) => i === 0 || instant > instants[i - 1]!)).toBe(true);
}

describe('a walk in parallel sub-ranges gives the series of one walk of the whole range', () => {
  it('at daily', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb('daily'), (c) => checkCase('daily', c)),
      { seed: 2026_03_08, numRuns: 20 },
    );
  });

  it('at 60min', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb('60min'), (c) => checkCase('60min', c)),
      { seed: 2026_03_29, numRuns: 12 },
    );
  });

  it('at 15min', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb('15min'), (c) => checkCase('15min', c)),
      { seed: 2026_04_05, numRuns: 6 },
    );
  });
});

/**
 * A walk kept current by refreshes as the server's clock moves on (windows after now absent, the window containing
 * now growing), across local midnights and DST changes: after each refresh the walk is the series a fresh walk of
 * the whole range gives at that instant, and a refresh asks for no day that was already over when last walked.
 */
describe('a walk refreshed as the clock moves on gives the series of a fresh walk', () => {
  const midnightOf = (zone: Zone, date: string) => Date.parse(zonedTimeRange(zone, date, date).start);

  const refreshCaseArb = (interval: PropertyInterval) =>
    fc
      .record({
        c: caseArb(interval),
        // Often the midnight that ends the range, so the range closes between two walks.
        dayIndex: fc.oneof({ weight: 2, arbitrary: fc.constant(-1) }, fc.nat()),
        // Minutes before that midnight: often within its last window (the midnight trap), else any time that day.
        before: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 14 }) }, fc.integer({ min: 0, max: 1440 })),
      })
      .chain(({ c, dayIndex, before }) =>
        fc
          .array(
            fc.oneof({ weight: 2, arbitrary: fc.integer({ min: 1, max: 90 }) }, fc.integer({ min: 600, max: 3000 })),
            {
              minLength: 1,
              maxLength: 3,
            },
          )
          .map((steps) => {
            // The first walk a little before a local midnight of the range (or the one after it), often just before.
            const index = dayIndex === -1 ? c.range.days : dayIndex % (c.range.days + 1);
            const day = isoDay(dayMs(c.range.start_date) + index * DAY_MS);
            const first = midnightOf(c.range.zone, day) - before * MINUTE_MS;
            const times = steps.reduce((list, step) => [...list, list.at(-1)! + step * MINUTE_MS], [first]);
            return { ...c, times };
          }),
      );

  async function checkRefreshes(interval: PropertyInterval, c: Case & { times: number[] }) {
    const { range, metric, filters, reading, times } = c;
    const { zone, start_date, end_date } = range;
    const query = { start_date, end_date, interval, ...filters };
    let now = times[0]!;
    const server = specServer({ zone, filterReading: reading, nowMs: () => now });
    let today = dateInZone(zone, now);
    let walk = await walkSeries(server.client, metric, 1, query, { today });
    for (const [step, time] of times.entries()) {
      if (step > 0) {
        const before = server.requests.length;
        const lastToday = today;
        now = time;
        today = dateInZone(zone, now);
        walk = await walkSeries(server.client, metric, 1, query, { refresh: walk, today });
        // Only what can have changed: no day that was over when it was last walked.
        const asked = server.requests.slice(before).map((request) => request.url.searchParams.get('start_date')!);
        expect(asked.filter((start) => start < lastToday)).toEqual([]);
      }
      const fresh = specServer({ zone, filterReading: reading, nowMs: () => now });
      const sequential = await walkSeries(fresh.client, metric, 1, query, { maxChains: 1 });
      const bare = await walkRaw(specServer({ zone, nowMs: () => now }), metric, query);
      const lines = seriesLines(walkPages(walk));
      expect(seriesDifference(lines, seriesLines(walkPages(sequential)))).toBeNull();
      expect(seriesDifference(lines, seriesLines(bare))).toBeNull();
      // The sub-ranges still tile the range, and those final end before today.
      expect(walk.chains[0]!.start_date).toBe(start_date);
      expect(walk.chains.at(-1)!.end_date).toBe(end_date);
      walk.chains.forEach((chain, i) => {
        if (i > 0) expect(chain.start_date).toBe(isoDay(dayMs(walk.chains[i - 1]!.end_date) + DAY_MS));
        if (chain.final) expect(chain.end_date < today).toBe(true);
      });
    }
  }

  it('at daily', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(refreshCaseArb('daily'), (c) => checkRefreshes('daily', c)),
      { seed: 2026_11_18, numRuns: 20 },
    );
  });

  it('at 60min', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(refreshCaseArb('60min'), (c) => checkRefreshes('60min', c)),
      { seed: 2026_10_25, numRuns: 12 },
    );
  });

  it('at 15min', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(refreshCaseArb('15min'), (c) => checkRefreshes('15min', c)),
      { seed: 2026_10_04, numRuns: 4 },
    );
  });
});
