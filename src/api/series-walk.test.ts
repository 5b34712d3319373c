/**
 * The series loader against a fake spec server (test/spec-server.ts) in a real IANA zone: sub-ranges, retries,
 * resuming, no gaps, the one cap on requests in flight, aborting, and both readings of the filter rule.
 * Reference series come from the fake's cursors walked by a bare loop, never from the code under test.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DAY_MS } from '../lib/time-spans';
import {
  fakeFetch,
  makeNetworkFail,
  metricEnvelope,
  rejectionOf,
  respondWithJson,
  respondWithProblem,
  type RecordedRequest,
} from '../test/fetch-fakes';
import { pageOffset, seriesDifference, seriesLines, walkRaw } from '../test/raw-walk';
import { specServer, type SpecMetric, type SpecServerOptions } from '../test/spec-server';
import { advanceUntilSettled, manualClock, settle } from '../test/manual-clock';
import { zonedTimeRange } from '../test/zoned-time-range';
import { createApiClient } from './client';
import { ApiError, InvalidRequestError, isAbortError, PagingError } from './errors';
import { REQUESTS_IN_FLIGHT } from './limiter';
import { MAX_RETRY_AFTER_MS } from './retry';
import type { Interval } from './schemas';
import { isWalkComplete, walkPages, walkSeries } from './series-walk';
import type { SeriesWalk } from './walk-state';
import { splitRange, SUB_RANGES } from './walk-ranges';
import { capabilitiesOf } from './server-capabilities';

const ZONE = 'Europe/Berlin';
/** 35,040 windows: 36 pages, four sub-ranges. */
const YEAR = { start_date: '2026-01-01', end_date: '2026-12-31', interval: '15min' } as const;
/** 17,372 windows (29 March has 23 hours): four sub-ranges of five pages each. */
const HALF_YEAR = { start_date: '2026-01-01', end_date: '2026-06-30', interval: '15min' } as const;
const SLOW = { timeout: 30_000 };

type Query = { start_date: string; end_date: string; interval?: Interval } & Record<
  string,
  string | number | undefined
>;

/** The series a bare loop over a fresh server's cursors gives: the reference. */
async function reference(query: Query, metric: SpecMetric = 'occupancy', zone = ZONE): Promise<string[]> {
  return seriesLines(await walkRaw(specServer({ zone }), metric, query));
}

/** A `sleep` that waits for nothing and records what it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const firstDayOf = (request: RecordedRequest) => request.url.searchParams.get('start_date');
/** The page a request asked for: its sub-range (by first day) and offset. */
const pageKey = (request: RecordedRequest) => `${firstDayOf(request)}@${pageOffset(request)}`;
const hasFilters = (request: RecordedRequest) =>
  ['start_hour_filter', 'end_hour_filter', 'days_filter'].some((name) => request.url.searchParams.has(name));
const pageCount = (walk: SeriesWalk) => walk.chains.reduce((sum, chain) => sum + chain.pages.length, 0);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the spec server (the fake these tests run against)', () => {
  it.each([
    ['America/New_York', '2026-03-08', 23, '2026-03-08T03:00:00-04:00'],
    ['America/New_York', '2026-11-01', 25, '2026-11-01T01:00:00-05:00'],
    ['Europe/Berlin', '2026-03-29', 23, '2026-03-29T03:00:00+02:00'],
    ['Europe/Berlin', '2026-10-25', 25, '2026-10-25T02:00:00+01:00'],
    ['Australia/Sydney', '2026-04-05', 25, '2026-04-05T02:00:00+10:00'],
    ['Australia/Sydney', '2026-10-04', 23, '2026-10-04T03:00:00+11:00'],
  ])('%s on %s has %i hourly windows, stepped in real time (%s)', async (zone, date, hours, sample) => {
    const [page] = await walkRaw(specServer({ zone }), 'traffic', {
      start_date: date,
      end_date: date,
      interval: '60min',
    });
    const starts = page!.data.map((point) => point.window_start as string);
    expect(starts).toHaveLength(hours);
    expect(starts).toContain(sample);
    expect(page!.time_range).toEqual(zonedTimeRange(zone, date, date));
    // Contiguous: each window ends where the next starts; the repeated hour is there twice, with two offsets.
    expect(page!.data.slice(0, -1).map((point) => point.window_end)).toEqual(starts.slice(1));
    expect(new Set(starts.map((start) => start.slice(0, 19))).size).toBe(hours === 25 ? 24 : 23);
  });

  it('pages by cursor as the spec says, and refuses a cursor of another request or one made to expire', async () => {
    const server = specServer({ zone: ZONE });
    const query = { start_date: '2026-01-05', end_date: '2026-01-11', interval: '60min', limit: 100 };
    const pages = await walkRaw(server, 'traffic', query);
    expect(pages.map((page) => page.data.length)).toEqual([100, 68]);
    expect(pages[0]!.pagination).toMatchObject({ has_more: true, prev_cursor: null });
    expect(pages[1]!.pagination).toMatchObject({ has_more: false, next_cursor: null });
    expect(pages[1]!.pagination.prev_cursor).not.toBeNull();

    const cursor = pages[0]!.pagination.next_cursor!;
    const url = (params: Record<string, string>) => `/v2/locations/1/traffic?${new URLSearchParams(params)}`;
    const again = { ...query, limit: '100', cursor };
    expect((await server.fetch(url({ ...again, end_date: '2026-01-12' }))).status).toBe(400);
    expect((await server.fetch(url({ ...again, days_filter: '2' }))).status).toBe(400);
    server.expireCursorOnce(cursor);
    expect((await server.fetch(url(again))).status).toBe(400);
    expect((await server.fetch(url(again))).status).toBe(200);
  });

  it('filters by local start hour and weekday, and echoes the filters', async () => {
    const query = { start_date: '2026-01-05', end_date: '2026-01-11', interval: '60min' };
    const [page] = await walkRaw(specServer({ zone: ZONE }), 'traffic', {
      ...query,
      start_hour_filter: 9,
      end_hour_filter: 10,
      days_filter: '42',
    });
    expect(page!.data.map((point) => point.window_start)).toEqual([
      '2026-01-05T09:00:00+01:00',
      '2026-01-05T10:00:00+01:00',
      '2026-01-07T09:00:00+01:00',
      '2026-01-07T10:00:00+01:00',
    ]);
    expect(page).toMatchObject({ hour_range: { start: 9, end: 10 }, days_of_week: [2, 4] });
  });
});

describe('splitRange', () => {
  const intervals = ['daily', 'hourly', '60min', '30min', '15min'] as const;
  const perDay = { daily: 1, hourly: 24, '60min': 24, '30min': 48, '15min': 96 };

  it('covers the range exactly with whole days, in order, without overlap, in at most maxChains sub-ranges', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.constantFrom(...intervals),
        fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
        (firstDay, days, interval, maxChains) => {
          const start = isoDay(Date.UTC(2020, 0, 1) + firstDay * DAY_MS);
          const end = isoDay(Date.parse(`${start}T00:00:00Z`) + (days - 1) * DAY_MS);
          const ranges = splitRange({ start_date: start, end_date: end, interval }, maxChains);

          expect(ranges.length).toBeGreaterThanOrEqual(1);
          expect(ranges.length).toBeLessThanOrEqual(maxChains ?? SUB_RANGES);
          expect(ranges[0]!.start_date).toBe(start);
          expect(ranges.at(-1)!.end_date).toBe(end);
          ranges.forEach((range, i) => {
            expect(range.start_date <= range.end_date).toBe(true);
            const next = ranges[i + 1];
            if (next) expect(next.start_date).toBe(isoDay(Date.parse(`${range.end_date}T00:00:00Z`) + DAY_MS));
          });
          // A split is worth it: every sub-range holds more than two full pages of windows.
          if (ranges.length > 1) {
            for (const range of ranges) {
              const rangeDays = (Date.parse(range.end_date) - Date.parse(range.start_date)) / DAY_MS + 1;
              expect(rangeDays * perDay[interval]).toBeGreaterThan(2000);
            }
          }
        },
      ),
      { seed: 20260101, numRuns: 400 },
    );
  });

  it('never splits a weekly or monthly range (its windows would be cut)', () => {
    for (const interval of ['weekly', 'monthly'] as const) {
      const decade = { start_date: '2020-01-01', end_date: '2029-12-31', interval };
      expect(splitRange(decade, 8)).toEqual([{ start_date: '2020-01-01', end_date: '2029-12-31' }]);
    }
  });

  it('does not split a range of fewer than about three pages a sub-range', () => {
    const at15 = (end_date: string) => splitRange({ start_date: '2026-01-01', end_date, interval: '15min' }, 8);
    expect(at15('2026-01-31')).toHaveLength(1); // 2,976 windows: 3 pages
    expect(at15('2026-02-21')).toHaveLength(1); // 52 days, 4,992 windows: 5 pages
    expect(at15('2026-02-22')).toHaveLength(2); // 53 days, 5,088 windows: 6 pages
    expect(splitRange({ start_date: '2025-01-01', end_date: '2026-12-31' })).toHaveLength(1); // 730 days, daily
    expect(splitRange({ ...YEAR, end_date: '2026-01-01' }, 8)).toHaveLength(1);
  });

  it('walks the range as one with maxChains 1, and at most maxChains sub-ranges otherwise', () => {
    expect(splitRange(YEAR, 1)).toEqual([{ start_date: '2026-01-01', end_date: '2026-12-31' }]);
    expect(splitRange(YEAR)).toHaveLength(SUB_RANGES);
    expect(splitRange(YEAR, 8)).toHaveLength(8);
    expect(splitRange(YEAR, 50)).toHaveLength(12); // 36 pages, three a sub-range
  });

  it('leaves a range whose end is before its start as it is (the server answers it)', () => {
    expect(splitRange({ ...YEAR, start_date: '2026-12-31', end_date: '2026-01-01' })).toEqual([
      { start_date: '2026-12-31', end_date: '2026-01-01' },
    ]);
  });
});

describe('walkSeries', () => {
  it('walks sub-ranges in parallel and merges them into the series of one walk of the whole range', SLOW, async () => {
    const server = specServer({ zone: ZONE });
    const walk = await walkSeries(server.client, 'occupancy', 1, YEAR);
    expect(walk.chains.map(({ start_date, end_date }) => ({ start_date, end_date }))).toEqual(splitRange(YEAR));
    expect(isWalkComplete(walk)).toBe(true);
    expect(seriesDifference(seriesLines(walkPages(walk)), await reference(YEAR))).toBeNull();
    expect(server.requests).toHaveLength(pageCount(walk));
    // Every page of a sub-range is sent with that sub-range's dates and the same interval (spec 4.3 rule 4).
    for (const chain of walk.chains) {
      const sent = server.requests.filter((request) => firstDayOf(request) === chain.start_date);
      expect(sent.map((request) => request.url.searchParams.get('end_date'))).toEqual(
        chain.pages.map(() => chain.end_date),
      );
    }
  });

  it('resumed from a walk already complete, asks for nothing', async () => {
    const server = specServer({ zone: ZONE });
    const walk = await walkSeries(server.client, 'occupancy', 1, HALF_YEAR);
    const sent = server.requests.length;
    const again = await walkSeries(server.client, 'occupancy', 1, HALF_YEAR, { resume: walk });
    expect(server.requests).toHaveLength(sent);
    expect(again.chains).toEqual(walk.chains);
  });

  it('stops with a PagingError when a page says has_more without a cursor, or repeats one', async () => {
    const query = { start_date: '2026-01-05', end_date: '2026-01-11' };
    const walkWith = (pagination: object) => {
      const server = fakeFetch(() => respondWithJson(metricEnvelope('traffic', [], { pagination })));
      const client = createApiClient({ baseUrl: '/v2', getToken: () => null, fetch: server.fetch });
      return { server, walking: walkSeries(client, 'traffic', 1, query) };
    };
    const noCursor = walkWith({ has_more: true, next_cursor: null });
    expect(await rejectionOf(noCursor.walking)).toBeInstanceOf(PagingError);
    expect(noCursor.server.requests).toHaveLength(1);
    const circle = walkWith({ has_more: true, next_cursor: 'again' });
    expect(await rejectionOf(circle.walking)).toBeInstanceOf(PagingError);
    expect(circle.server.requests).toHaveLength(2);
  });

  describe('retries a failed page by itself', () => {
    /** 2,880 windows: three pages, one walk. The second page fails as `fail` says. */
    const MONTH = { start_date: '2026-01-01', end_date: '2026-01-30', interval: '15min' } as const;
    const failingSecondPage = (times: number, fail: () => Response | Promise<Response>) => {
      let left = times;
      return specServer({
        zone: ZONE,
        intercept: (request) => (pageOffset(request) === 1000 && left-- > 0 ? fail() : undefined),
      });
    };

    it('waiting 0.5 s, then 1 s (retry.ts backoff), and asking for that page only', async () => {
      const server = failingSecondPage(2, () => respondWithProblem(500));
      const { waits, sleep } = recordingSleep();
      const walk = await walkSeries(server.client, 'occupancy', 1, MONTH, { sleep });
      expect(waits).toEqual([500, 1000]);
      expect(server.requests.map(pageOffset)).toEqual([0, 1000, 1000, 1000, 2000]);
      expect(seriesLines(walkPages(walk))).toEqual(await reference(MONTH));
    });

    it('waiting what a 503’s Retry-After asks (2 s)', async () => {
      const server = failingSecondPage(1, () => respondWithProblem(503, {}, { headers: { 'Retry-After': '2' } }));
      const { waits, sleep } = recordingSleep();
      await walkSeries(server.client, 'occupancy', 1, MONTH, { sleep });
      expect(waits).toEqual([2000]);
      expect(server.requests.map(pageOffset)).toEqual([0, 1000, 1000, 2000]);
    });

    it('when no answer came at all (network error)', async () => {
      const server = failingSecondPage(1, () => makeNetworkFail());
      const { waits, sleep } = recordingSleep();
      await walkSeries(server.client, 'occupancy', 1, MONTH, { sleep });
      expect(waits).toEqual([500]);
    });

    it('three times at most (four tries), then the walk fails with the last error', async () => {
      const server = failingSecondPage(Infinity, () => respondWithProblem(500));
      const { waits, sleep } = recordingSleep();
      const error = await rejectionOf(walkSeries(server.client, 'occupancy', 1, MONTH, { sleep }));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(500);
      expect(waits).toEqual([500, 1000, 2000]);
      expect(server.requests.map(pageOffset)).toEqual([0, 1000, 1000, 1000, 1000]);
    });

    it.each([400, 404])('but never a %i', async (status) => {
      const server = failingSecondPage(1, () => respondWithProblem(status));
      const { waits, sleep } = recordingSleep();
      const error = await rejectionOf(walkSeries(server.client, 'occupancy', 1, MONTH, { sleep }));
      expect((error as ApiError).status).toBe(status);
      expect(waits).toEqual([]);
      expect(server.requests.map(pageOffset)).toEqual([0, 1000]);
    });
  });

  it(
    'completes a year at 15 minutes against a server failing every 10th request, no page walked twice',
    SLOW,
    async () => {
      const server = specServer({ zone: ZONE, failEvery: 10 });
      const { waits, sleep } = recordingSleep();
      const walk = await walkSeries(server.client, 'occupancy', 1, YEAR, { sleep });
      const pages = walkPages(walk);

      expect(walk.chains.length).toBeGreaterThan(1);
      expect(pages.length).toBeGreaterThanOrEqual(35);
      expect(server.failures).toBeGreaterThanOrEqual(3);
      expect(server.requests).toHaveLength(pages.length + server.failures);
      expect(waits).toHaveLength(server.failures);
      const answered = server.served.filter((answer) => answer.status === 200).map((answer) => pageKey(answer.request));
      expect(new Set(answered).size).toBe(pages.length);
      expect(seriesDifference(seriesLines(pages), await reference(YEAR))).toBeNull();
    },
  );

  describe('a walk that fails part-way (retries: 0)', () => {
    /** The second sub-range fails once at its third page; `then` answers later requests first when it says so. */
    async function failedWalk(then?: SpecServerOptions['intercept']) {
      const failing = splitRange(HALF_YEAR)[1]!.start_date;
      let failed = false;
      const server = specServer({
        zone: ZONE,
        intercept: (request, n) => {
          if (failed || firstDayOf(request) !== failing || pageOffset(request) !== 2000) return then?.(request, n);
          failed = true;
          return respondWithProblem(500);
        },
      });
      const snapshots: SeriesWalk<'occupancy'>[] = [];
      const error = await rejectionOf(
        walkSeries(server.client, 'occupancy', 1, HALF_YEAR, {
          retries: 0,
          onProgress: (walk) => snapshots.push(walk),
        }),
      );
      const okBefore = new Set(server.served.filter((a) => a.status === 200).map((a) => pageKey(a.request)));
      return { server, failing, error, last: snapshots.at(-1)!, sentBefore: server.requests.length, okBefore };
    }

    /** The pages of an uninterrupted walk, as `first day@offset`. */
    async function allPageKeys(): Promise<string[]> {
      const server = specServer({ zone: ZONE });
      await walkSeries(server.client, 'occupancy', 1, HALF_YEAR);
      return server.requests.map(pageKey);
    }

    it('stops with the error, and its last snapshot keeps the pages before the failure', SLOW, async () => {
      const { server, failing, error, last } = await failedWalk();
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(500);
      expect(isWalkComplete(last)).toBe(false);
      const stopped = last.chains.find((chain) => chain.start_date === failing)!;
      expect(stopped).toMatchObject({ done: false });
      expect(stopped.pages).toHaveLength(2);
      // The failed sub-range asked for nothing after the failure; its cursor is the page that failed.
      const sent = server.requests.filter((request) => firstDayOf(request) === failing);
      expect(sent.map(pageOffset)).toEqual([0, 1000, 2000]);
      expect(stopped.cursor).toBe(sent.at(-1)!.url.searchParams.get('cursor'));
      // The other sub-ranges walked on to their end (the walk settles them all before it rejects).
      expect(last.chains.filter((chain) => chain !== stopped).every((chain) => chain.done)).toBe(true);
    });

    it(
      'resumed from its last snapshot, fetches only the missing pages and ends as an uninterrupted walk',
      SLOW,
      async () => {
        const { server, failing, last, sentBefore, okBefore } = await failedWalk();
        const resumed = await walkSeries(server.client, 'occupancy', 1, HALF_YEAR, { resume: last });
        const again = server.requests.slice(sentBefore).map(pageKey);

        expect(again.filter((key) => okBefore.has(key))).toEqual([]);
        expect(new Set([...okBefore, ...again])).toEqual(new Set(await allPageKeys()));
        expect(again).toContain(`${failing}@2000`);
        expect(isWalkComplete(resumed)).toBe(true);
        expect(seriesDifference(seriesLines(walkPages(resumed)), await reference(HALF_YEAR))).toBeNull();
      },
    );

    it(
      'restarts a sub-range once when its resumed cursor is refused (expired), replacing its pages',
      SLOW,
      async () => {
        const { server, failing, last, sentBefore } = await failedWalk();
        server.expireCursorOnce(last.chains[1]!.cursor!);
        const snapshots: SeriesWalk<'occupancy'>[] = [];
        const resumed = await walkSeries(server.client, 'occupancy', 1, HALF_YEAR, {
          resume: last,
          onProgress: (walk) => snapshots.push(walk),
        });

        const again = server.requests.slice(sentBefore).map(pageKey);
        expect(again).toEqual([2000, 0, 1000, 2000, 3000, 4000].map((offset) => `${failing}@${offset}`));
        expect(snapshots[0]!.chains[1]).toMatchObject({ pages: [], cursor: undefined, done: false });
        expect(resumed.chains[1]!.pages[0]).not.toBe(last.chains[1]!.pages[0]);
        expect(resumed.chains[1]!.pages).toHaveLength(5);
        expect(seriesDifference(seriesLines(walkPages(resumed)), await reference(HALF_YEAR))).toBeNull();
      },
    );

    it('fails on a second 400 after that restart', SLOW, async () => {
      let refuseRestart = false;
      const { server, failing, last, sentBefore } = await failedWalk((request) =>
        refuseRestart && firstDayOf(request) === failing && pageOffset(request) === 0
          ? respondWithProblem(400)
          : undefined,
      );
      server.expireCursorOnce(last.chains[1]!.cursor!);
      refuseRestart = true;
      const error = await rejectionOf(walkSeries(server.client, 'occupancy', 1, HALF_YEAR, { resume: last }));
      expect((error as ApiError).status).toBe(400);
      expect(server.requests.slice(sentBefore).map(pageKey)).toEqual([`${failing}@2000`, `${failing}@0`]);
    });

    it('does not restart on a 400 in a walk that was not resumed', async () => {
      const server = specServer({
        zone: ZONE,
        intercept: (request) => (pageOffset(request) === 1000 ? respondWithProblem(400) : undefined),
      });
      const month = { start_date: '2026-01-01', end_date: '2026-01-30', interval: '15min' } as const;
      const error = await rejectionOf(walkSeries(server.client, 'occupancy', 1, month));
      expect((error as ApiError).status).toBe(400);
      expect(server.requests.map(pageOffset)).toEqual([0, 1000]);
    });
  });

  it(
    'has no gaps: when a page is handed on, the request for the next page of its sub-range has left',
    SLOW,
    async () => {
      const server = specServer({ zone: ZONE, latencyMs: 1 });
      const late: string[] = [];
      let previous: SeriesWalk | undefined;
      let checked = 0;
      const walk = await walkSeries(server.client, 'occupancy', 1, HALF_YEAR, {
        onProgress: (walk) => {
          walk.chains.forEach((chain, i) => {
            if (chain === previous?.chains[i] || chain.cursor === undefined) return;
            checked++;
            const sent = server.requests.some((request) => request.url.searchParams.get('cursor') === chain.cursor);
            if (!sent) late.push(`${chain.start_date}, page ${chain.pages.length + 1}`);
          });
          previous = walk;
        },
      });
      expect(late).toEqual([]);
      expect(walk.chains.length).toBeGreaterThan(1);
      expect(checked).toBe(pageCount(walk) - walk.chains.length); // every page but each sub-range's last
    },
  );

  it('keeps at most REQUESTS_IN_FLIGHT requests in flight, across walks of many sub-ranges', SLOW, async () => {
    const server = specServer({ zone: ZONE, latencyMs: 2 });
    const traffic = { start_date: '2025-01-01', end_date: '2026-12-31', interval: '60min' } as const;
    const [walk, other] = await Promise.all([
      walkSeries(server.client, 'occupancy', 1, YEAR, { maxChains: 8 }),
      walkSeries(server.client, 'traffic', 1, traffic, { maxChains: 8 }),
    ]);
    expect(walk.chains).toHaveLength(8);
    expect(other.chains.length).toBeGreaterThan(1);
    expect(server.maxInFlight).toBeLessThanOrEqual(REQUESTS_IN_FLIGHT);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.client.limiter).toMatchObject({ inFlight: 0, waiting: 0 });
    expect(seriesDifference(seriesLines(walkPages(other)), await reference(traffic, 'traffic'))).toBeNull();
  });

  describe('aborted', () => {
    /** Longer than any wait a walk may start: the longest Retry-After, then the longest backoff, then an answer. */
    const PAST_EVERY_WAIT_MS = MAX_RETRY_AFTER_MS + 60_000;

    it('mid-walk, rejects with the abort error and sends nothing after', SLOW, async () => {
      const clock = manualClock();
      const server = specServer({ zone: ZONE, latencyMs: 2, clock });
      const controller = new AbortController();
      let sentAtAbort = -1;
      const walking = walkSeries(server.client, 'occupancy', 1, HALF_YEAR, {
        signal: controller.signal,
        sleep: clock.sleep,
        onProgress: (walk) => {
          if (sentAtAbort >= 0 || pageCount(walk) < 6) return;
          controller.abort();
          sentAtAbort = server.requests.length;
        },
      });
      const outcome = await advanceUntilSettled(clock, walking, 1);
      expect(outcome.status).toBe('rejected');
      expect(isAbortError((outcome as PromiseRejectedResult).reason)).toBe(true);
      // Past every answer and every wait the walk could still have had under way: nothing more leaves.
      await clock.advance(PAST_EVERY_WAIT_MS);
      expect(sentAtAbort).toBeGreaterThan(6);
      expect(server.requests).toHaveLength(sentAtAbort);
      expect(server.client.limiter).toMatchObject({ inFlight: 0, waiting: 0 });
      expect(clock.pending).toBe(0);
    });

    it('while the first sub-range learns the filter reading, sends nothing for the others', async () => {
      const clock = manualClock();
      const server = specServer({ zone: ZONE, latencyMs: 20, clock });
      const controller = new AbortController();
      const query = { ...HALF_YEAR, start_hour_filter: 8 };
      const walking = walkSeries(server.client, 'occupancy', 1, query, {
        signal: controller.signal,
        sleep: clock.sleep,
      });
      // Up to the moment the first answer would come: only the first sub-range's first page has left.
      await clock.advance(19);
      expect(server.requests.map(pageKey)).toEqual(['2026-01-01@0']);
      controller.abort();
      const outcome = await advanceUntilSettled(clock, walking, 1);
      expect(outcome.status).toBe('rejected');
      expect(isAbortError((outcome as PromiseRejectedResult).reason)).toBe(true);
      await clock.advance(PAST_EVERY_WAIT_MS);
      expect(server.requests.map(pageKey)).toEqual(['2026-01-01@0']);
      expect(server.client.limiter).toMatchObject({ inFlight: 0, waiting: 0 });
    });

    describe('while waiting to retry a page', () => {
      // The walk's own wait (no `sleep` given) on timers that move only when told: here they never are.
      beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
      afterEach(() => void vi.useRealTimers());

      it('rejects at once: the real wait is cut short, not waited out', async () => {
        const controller = new AbortController();
        const server = specServer({
          zone: ZONE,
          intercept: (request) => (pageOffset(request) === 1000 ? respondWithProblem(500) : undefined),
        });
        const month = { start_date: '2026-01-01', end_date: '2026-01-30', interval: '15min' } as const;
        let outcome: 'pending' | 'fulfilled' | unknown = 'pending';
        walkSeries(server.client, 'occupancy', 1, month, { signal: controller.signal }).then(
          () => (outcome = 'fulfilled'),
          (error: unknown) => (outcome = error),
        );
        // The failed page's backoff (0.5 s) is the one timer the walk sets.
        for (let turn = 0; turn < 1_000 && vi.getTimerCount() === 0; turn++) await settle();
        expect(server.requests.map(pageOffset)).toEqual([0, 1000]);
        expect(vi.getTimerCount()).toBe(1);

        controller.abort();
        await settle();
        expect(isAbortError(outcome)).toBe(true);
        expect(vi.getTimerCount()).toBe(0);
        expect(server.requests.map(pageOffset)).toEqual([0, 1000]);
      });
    });
  });

  describe('filters on a sub-daily range', () => {
    const filters = { start_hour_filter: 8, end_hour_filter: 17, days_filter: '23456' };
    const query = { ...HALF_YEAR, ...filters };

    it('a server that refuses them: learned by one check before fan-out, the windows filtered here', SLOW, async () => {
      const server = specServer({ zone: ZONE, filterReading: 'strict' });
      const walk = await walkSeries(server.client, 'occupancy', 1, query);
      const filtered = server.requests.filter(hasFilters);

      // The refused request and its check at daily, first of all; then every page without filters.
      expect(filtered.map((request) => request.url.searchParams.get('interval'))).toEqual(['15min', 'daily']);
      expect(server.requests.indexOf(filtered[1]!)).toBe(1);
      expect(walk.chains.length).toBeGreaterThan(1);
      expect(capabilitiesOf(server.client).subDailyFilters).toBe('refused');
      const pages = walkPages(walk);
      expect(pages.every((page) => page.filteredLocally)).toBe(true);
      expect(pages[0]).toMatchObject({ hour_range: { start: 8, end: 17 }, days_of_week: [2, 3, 4, 5, 6] });
      expect(seriesDifference(seriesLines(pages), await reference(query))).toBeNull();
    });

    it('a server that accepts them: sent with every page, nothing filtered here', SLOW, async () => {
      const server = specServer({ zone: ZONE });
      const walk = await walkSeries(server.client, 'occupancy', 1, query);
      expect(server.requests.every(hasFilters)).toBe(true);
      expect(capabilitiesOf(server.client).subDailyFilters).toBe('accepted');
      expect(walkPages(walk).some((page) => page.filteredLocally)).toBe(false);
      expect(seriesDifference(seriesLines(walkPages(walk)), await reference(query))).toBeNull();
    });

    it(
      'resumed on a client that has not learned the reading, fans out after one page, not after the whole first sub-range',
      SLOW,
      async () => {
        const everyDay = { ...HALF_YEAR, days_filter: '1234567' }; // a filter, with every window kept: five pages a sub-range
        const whole = await walkSeries(specServer({ zone: ZONE }).client, 'occupancy', 1, everyDay);
        const [first, ...rest] = whole.chains;
        const snapshot: SeriesWalk<'occupancy'> = {
          chains: [
            {
              ...first!,
              pages: first!.pages.slice(0, 1),
              cursor: first!.pages[0]!.pagination.next_cursor!,
              done: false,
            },
            ...rest.map((chain) => ({ ...chain, pages: [], cursor: undefined, done: false })),
          ],
        };
        const server = specServer({ zone: ZONE });
        const fresh = createApiClient({ baseUrl: '/v2', getToken: () => 'token', fetch: server.fetch });
        await walkSeries(fresh, 'occupancy', 1, everyDay, { resume: snapshot });

        const firstOf = (start: string) => server.requests.findIndex((request) => firstDayOf(request) === start);
        const lastOfFirst = server.requests.findLastIndex((request) => firstDayOf(request) === first!.start_date);
        expect(rest.map((chain) => firstOf(chain.start_date) < lastOfFirst)).toEqual(rest.map(() => true));
      },
    );
  });

  it('refuses an impossible date before sending anything (a range walked as one)', async () => {
    const server = specServer({ zone: ZONE });
    const query = { start_date: '2026-01-01', end_date: '2026-01-32', interval: '15min' } as const;
    expect(splitRange(query)).toHaveLength(1);
    expect(await rejectionOf(walkSeries(server.client, 'occupancy', 1, query))).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an impossible date before sending anything (a range split into sub-ranges)', async () => {
    const server = specServer({ zone: ZONE });
    const query = { start_date: '2026-01-01', end_date: '2026-02-30', interval: '15min' } as const;
    // Today it resolves: the sub-ranges sent were 2026-01-01…01-31 and 2026-02-01…03-02.
    const outcome = await walkSeries(server.client, 'occupancy', 1, query).then(
      (walk) => walk.chains.map((chain) => `${chain.start_date}…${chain.end_date}`),
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('walkPages', () => {
  it(
    'gives the same array for the same walk, its first page’s time_range widened over all sub-ranges',
    SLOW,
    async () => {
      const walk = await walkSeries(specServer({ zone: ZONE }).client, 'occupancy', 1, HALF_YEAR);
      const pages = walkPages(walk);

      expect(walkPages(walk)).toBe(pages);
      expect(walk.chains.length).toBeGreaterThan(1);
      expect(pages[0]!.time_range).toEqual(zonedTimeRange(ZONE, HALF_YEAR.start_date, HALF_YEAR.end_date));
      expect(pages[0]!.data).toBe(walk.chains[0]!.pages[0]!.data);
      // The walk itself is left as it was: its first page still spans its own sub-range.
      const [firstChain] = walk.chains;
      expect(firstChain!.pages[0]!.time_range).toEqual(
        zonedTimeRange(ZONE, firstChain!.start_date, firstChain!.end_date),
      );
      expect(pages.slice(1)).toEqual(walk.chains.flatMap((chain) => chain.pages).slice(1));
      // Another walk object (another snapshot) gets its own array.
      const copy = { chains: walk.chains };
      expect(walkPages(copy)).not.toBe(pages);
      expect(walkPages(copy)).toEqual(pages);
    },
  );

  it('leaves the pages of a walk of one sub-range as they are', async () => {
    const walk = await walkSeries(specServer({ zone: ZONE }).client, 'occupancy', 1, HALF_YEAR, { maxChains: 1 });
    expect(walkPages(walk)).toEqual(walk.chains[0]!.pages);
    expect(walkPages(walk)[0]).toBe(walk.chains[0]!.pages[0]);
  });

  it('in a partial snapshot, every window lies inside the first page’s time_range', SLOW, async () => {
    const walk = await walkSeries(specServer({ zone: ZONE }).client, 'occupancy', 1, HALF_YEAR);
    const partial: SeriesWalk<'occupancy'> = {
      chains: walk.chains.map((chain, i) =>
        i === walk.chains.length - 1 ? { ...chain, pages: [], cursor: undefined, done: false } : chain,
      ),
    };
    const pages = walkPages(partial);
    const end = Date.parse(pages[0]!.time_range.end);
    const last = pages.at(-1)!.data.at(-1)!;
    expect(Date.parse(last.window_end)).toBeLessThanOrEqual(end);
  });
});
