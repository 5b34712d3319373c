/** Cursor paging on the metric endpoints and the location lists. */
import { beforeAll, describe, expect, it } from 'vitest';

import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  METRIC_RESPONSE_SCHEMAS,
} from '../src/api/schemas';
import { createCursorCodec } from './cursor';
import { DEFAULT_JWT_SECRET } from './options';
import { generatePortfolio } from './portfolio';
import { createTestClient, expectProblem, parsed, type TestClient } from './test-support';

let client: TestClient;

beforeAll(async () => {
  client = await createTestClient();
});

const PATH = '/v2/locations/11/occupancy';
const RANGE = { start_date: '2026-09-01', end_date: '2026-09-02', interval: '60min' };

type Query = Record<string, string | number | undefined>;

async function page(query: Query) {
  return parsed(METRIC_RESPONSE_SCHEMAS.occupancy, await client.get(PATH, query));
}

async function walkForward(query: Query) {
  const pages = [await page(query)];
  for (let last = pages[0]; last?.pagination.next_cursor; last = pages.at(-1)) {
    pages.push(await page({ ...RANGE, cursor: last.pagination.next_cursor }));
    if (pages.length > 100) throw new Error('runaway paging');
  }
  return pages;
}

describe('metric paging', () => {
  it.each([1, 7, 1000])(
    'pages of %i concatenate to the single response, and walk back to the same pages',
    async (limit) => {
      const whole = await page(RANGE);
      expect(whole.data).toHaveLength(48);
      expect(whole.pagination).toEqual({ has_more: false, next_cursor: null, prev_cursor: null });

      const forward = await walkForward({ ...RANGE, limit });
      expect(forward).toHaveLength(Math.ceil(48 / limit));
      expect(forward.flatMap((body) => body.data)).toEqual(whole.data);
      expect(forward[0]?.pagination.prev_cursor).toBeNull();
      forward.slice(0, -1).forEach((body) => expect(body.pagination.has_more).toBe(true));
      expect(forward.at(-1)?.pagination).toMatchObject({ has_more: false, next_cursor: null });

      const backward = [forward.at(-1)];
      while (backward.at(-1)?.pagination.prev_cursor) {
        backward.push(await page({ ...RANGE, cursor: backward.at(-1)?.pagination.prev_cursor ?? undefined }));
      }
      expect(backward.map((body) => body?.data).reverse()).toEqual(forward.map((body) => body.data));
    },
  );

  it('honours limit on each request, else keeps the limit of the cursor', async () => {
    const first = await page({ ...RANGE, limit: 10 });
    const kept = await page({ ...RANGE, cursor: first.pagination.next_cursor ?? '' });
    expect(kept.data).toHaveLength(10);
    const changed = await page({ ...RANGE, cursor: first.pagination.next_cursor ?? '', limit: 3 });
    expect(changed.data).toHaveLength(3);
    expect(changed.data[0]).toEqual(kept.data[0]);
  });

  it('rejects a tampered cursor', async () => {
    const cursor = (await page({ ...RANGE, limit: 5 })).pagination.next_cursor ?? '';
    const [body, signature] = cursor.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), offset: 0 }),
    ).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${body}.${signature}x`, 'not-a-cursor', `${body}`]) {
      const problem = expectProblem(await client.get(PATH, { ...RANGE, cursor: bad }), 400);
      expect(problem.detail).toContain('cursor');
    }
  });

  it('rejects an empty cursor', async () => {
    expect(expectProblem(await client.get(PATH, { ...RANGE, cursor: '' }), 400).detail).toContain('cursor');
  });

  it.each([
    ['start_date', { start_date: '2026-08-31' }],
    ['end_date', { end_date: '2026-09-03' }],
    ['interval', { interval: 'hourly' }],
    ['interval', { interval: undefined }],
  ])('rejects a cursor sent with a different %s', async (parameter, change) => {
    const cursor = (await page({ ...RANGE, limit: 5 })).pagination.next_cursor ?? '';
    const problem = expectProblem(await client.get(PATH, { ...RANGE, ...change, cursor }), 400);
    expect(problem.detail).toContain(parameter);
  });

  it('rejects a cursor with start_date missing', async () => {
    const cursor = (await page({ ...RANGE, limit: 5 })).pagination.next_cursor ?? '';
    const problem = expectProblem(await client.get(PATH, { ...RANGE, start_date: undefined, cursor }), 400);
    expect(problem.detail).toContain('start_date');
  });

  it('rejects a cursor of another location or metric', async () => {
    const cursor = (await page({ ...RANGE, limit: 5 })).pagination.next_cursor ?? '';
    expect(expectProblem(await client.get('/v2/locations/12/occupancy', { ...RANGE, cursor }), 400).detail).toContain(
      'cursor',
    );
    expect(
      expectProblem(await client.get('/v2/locations/11/availability', { ...RANGE, cursor }), 400).detail,
    ).toContain('cursor');
  });

  it('takes omitted filters from the cursor and rejects filters that differ from it', async () => {
    const filtered = { ...RANGE, start_hour_filter: 8, end_hour_filter: 18, days_filter: '34', limit: 5 };
    const first = await page(filtered);
    const cursor = first.pagination.next_cursor ?? '';
    const next = await page({ ...RANGE, cursor });
    expect(next.hour_range).toEqual({ start: 8, end: 18 });
    expect(next.days_of_week).toEqual([3, 4]);
    expect(next.data[0]?.window_start).toBe('2026-09-01T13:00:00-04:00');

    const same = await page({ ...RANGE, cursor, start_hour_filter: 8, days_filter: '43' });
    expect(same.data).toEqual(next.data);
    for (const [parameter, value] of [
      ['start_hour_filter', 9],
      ['end_hour_filter', 17],
      ['days_filter', '345'],
    ] as const) {
      const problem = expectProblem(await client.get(PATH, { ...RANGE, cursor, [parameter]: value }), 400);
      expect(problem.detail).toContain(parameter);
    }
  });

  it('encodes the request in the signed payload', () => {
    const codec = createCursorCodec(DEFAULT_JWT_SECRET);
    const cursor = codec.encode({ kind: 'locations', offset: 3, limit: 3 });
    expect(codec.decode(cursor)).toEqual({ kind: 'locations', offset: 3, limit: 3 });
    expect(createCursorCodec('another secret').decode(cursor)).toBeNull();
  });
});

describe('location list paging', () => {
  it('pages /v2/locations with limit and cursor', async () => {
    const all = parsed(locationListSchema, await client.get('/v2/locations'));
    const first = parsed(locationListSchema, await client.get('/v2/locations', { limit: 5 }));
    expect(first.data).toEqual(all.data.slice(0, 5));
    expect(first.pagination.prev_cursor).toBeNull();
    const second = parsed(
      locationListSchema,
      await client.get('/v2/locations', { cursor: first.pagination.next_cursor ?? '' }),
    );
    expect(second.data).toEqual(all.data.slice(5, 10));
    const back = parsed(
      locationListSchema,
      await client.get('/v2/locations', { cursor: second.pagination.prev_cursor ?? '' }),
    );
    expect(back.data).toEqual(first.data);
  });

  it('pages the children of /v2/locations/{id}?include=children, always returning the parent', async () => {
    const first = parsed(locationDetailSchema, await client.get('/v2/locations/20', { include: 'children', limit: 1 }));
    expect(first.location_id).toBe(20);
    expect(first.children_data?.map((child) => child.location_id)).toEqual([21]);
    const second = parsed(
      locationDetailSchema,
      await client.get('/v2/locations/20', { include: 'children', cursor: first.pagination?.next_cursor ?? '' }),
    );
    expect(second.location_id).toBe(20);
    expect(second.children_data?.map((child) => child.location_id)).toEqual([22]);
    expect(second.pagination?.has_more).toBe(false);
  });

  it('rejects a children cursor used on another parent or view', async () => {
    const first = parsed(
      locationNowResponseSchema,
      await client.get('/v2/locations/22/now', { include: 'children', limit: 1 }),
    );
    const cursor = first.pagination?.next_cursor ?? '';
    expect(
      expectProblem(await client.get('/v2/locations/20/now', { include: 'children', cursor }), 400).detail,
    ).toContain('cursor');
    expect(expectProblem(await client.get('/v2/locations/22', { include: 'children', cursor }), 400).detail).toContain(
      'cursor',
    );
    expect(expectProblem(await client.get('/v2/locations', { cursor }), 400).detail).toContain('cursor');
  });
});

describe('location list paging with --portfolio 1500', () => {
  it('pages /v2/locations at 1000 by default, and the cursor yields the rest: no duplicates, no gaps', async () => {
    const large = await createTestClient(['--portfolio', '1500']);
    const generated = generatePortfolio(1500, 42);
    const groups = generated.filter((location) => location.activity === null);
    expect(groups.length).toBeGreaterThan(130);
    const total = 1500 + groups.length + 13;

    const first = parsed(locationListSchema, await large.get('/v2/locations'));
    expect(first.data).toHaveLength(1000);
    expect(first.pagination).toMatchObject({ has_more: true, prev_cursor: null });
    const ids = first.data.map((record) => record.location_id);
    for (let cursor = first.pagination.next_cursor; cursor !== null;) {
      const page = parsed(locationListSchema, await large.get('/v2/locations', { cursor }));
      ids.push(...page.data.map((record) => record.location_id));
      expect(page.pagination.has_more).toBe(page.pagination.next_cursor !== null);
      cursor = page.pagination.next_cursor;
      if (ids.length > 2 * total) throw new Error('runaway paging');
    }
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const builtIn = [10, 11, 12, 20, 21, 22, 23, 24, 25, 30, 31, 32, 40];
    expect(ids).toEqual([...builtIn, ...generated.map((location) => location.id)]);

    const small = parsed(locationListSchema, await large.get('/v2/locations', { limit: 700 }));
    expect(small.data.map((record) => record.location_id)).toEqual(ids.slice(0, 700));
    const next = parsed(
      locationListSchema,
      await large.get('/v2/locations', { cursor: small.pagination.next_cursor ?? '' }),
    );
    expect(next.data.map((record) => record.location_id)).toEqual(ids.slice(700, 1400));
    expect(expectProblem(await large.get('/v2/locations', { limit: 1001 }), 400).detail).toContain('limit');
  });
});
