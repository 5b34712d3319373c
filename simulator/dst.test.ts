/** Local windows across daylight-saving changes, in all four zones. */
import { beforeAll, describe, expect, it } from 'vitest';

import { METRIC_RESPONSE_SCHEMAS } from '../src/api/schemas';
import { ALL_DAY, createTestClient, parsed, type TestClient, wallHour } from './test-support';

let client: TestClient;

beforeAll(async () => {
  client = await createTestClient();
});

async function hourly(id: number, date: string) {
  const query = { start_date: date, end_date: date, interval: 'hourly', ...ALL_DAY };
  return parsed(METRIC_RESPONSE_SCHEMAS.availability, await client.get(`/v2/locations/${id}/availability`, query));
}

const HOUR_MS = 3_600_000;

describe('hourly windows on DST days', () => {
  it.each([
    ['New York spring forward', 11, '2026-03-08', 23],
    ['New York fall back', 11, '2026-11-01', 25],
    ['Sydney fall back (April)', 31, '2026-04-05', 25],
    ['Sydney spring forward (October)', 31, '2026-10-04', 23],
    ['Berlin spring forward', 21, '2026-03-29', 23],
    ['Berlin fall back', 21, '2026-10-25', 25],
    ['Tokyo, no DST', 40, '2026-03-08', 24],
    ['Tokyo, no DST', 40, '2026-11-01', 24],
  ])('%s (%i, %s): %i windows of one hour each', async (_name, id, date, count) => {
    const body = await hourly(id, date);
    expect(body.data).toHaveLength(count);
    for (const point of body.data) {
      expect(Date.parse(point.window_end) - Date.parse(point.window_start)).toBe(HOUR_MS);
    }
  });

  it('New York 2026-11-01 has two 01:00 windows, at -04:00 then -05:00', async () => {
    const starts = (await hourly(11, '2026-11-01')).data.map((point) => point.window_start);
    expect(starts.slice(0, 4)).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
    expect(starts.at(-1)).toBe('2026-11-01T23:00:00-05:00');
  });

  it('New York 2026-03-08 skips 02:00', async () => {
    const hours = (await hourly(11, '2026-03-08')).data.map((point) => point.window_start);
    expect(hours.slice(1, 3)).toEqual(['2026-03-08T01:00:00-05:00', '2026-03-08T03:00:00-04:00']);
  });

  it('Sydney timestamps carry +11:00 in summer and +10:00 in winter', async () => {
    const april = (await hourly(31, '2026-04-05')).data;
    expect(april[0]?.window_start).toBe('2026-04-05T00:00:00+11:00');
    expect(april.filter((point) => wallHour(point.window_start) === 2).map((point) => point.window_start)).toEqual([
      '2026-04-05T02:00:00+11:00',
      '2026-04-05T02:00:00+10:00',
    ]);
    expect(april.at(-1)?.window_end).toBe('2026-04-06T00:00:00+10:00');
  });

  it('Tokyo is always +09:00', async () => {
    const body = await hourly(40, '2026-03-08');
    expect(body.data.every((point) => point.window_start.endsWith('+09:00'))).toBe(true);
  });
});

describe('daily windows on DST days', () => {
  it.each([
    [11, '2026-03-08', 23],
    [11, '2026-11-01', 25],
    [31, '2026-04-05', 25],
    [31, '2026-10-04', 23],
    [21, '2026-03-29', 23],
    [40, '2026-03-29', 24],
  ])('location %i, %s: the day lasts %i hours, midnight to midnight', async (id, date, hours) => {
    const query = { start_date: date, end_date: date, ...ALL_DAY };
    const body = parsed(
      METRIC_RESPONSE_SCHEMAS.availability,
      await client.get(`/v2/locations/${id}/availability`, query),
    );
    expect(body.data).toHaveLength(1);
    const [day] = body.data;
    expect(day?.window_start.slice(10, 19)).toBe('T00:00:00');
    expect(day?.window_end.slice(10, 19)).toBe('T00:00:00');
    expect(Date.parse(day?.window_end ?? '') - Date.parse(day?.window_start ?? '')).toBe(hours * HOUR_MS);
  });

  it('keeps daily buckets on local midnights across a DST change', async () => {
    const query = { start_date: '2026-10-30', end_date: '2026-11-03', ...ALL_DAY };
    const body = parsed(METRIC_RESPONSE_SCHEMAS.traffic, await client.get('/v2/locations/11/traffic', query));
    expect(body.data.map((point) => point.window_start)).toEqual([
      '2026-10-30T00:00:00-04:00',
      '2026-10-31T00:00:00-04:00',
      '2026-11-01T00:00:00-04:00',
      '2026-11-02T00:00:00-05:00',
      '2026-11-03T00:00:00-05:00',
    ]);
  });
});
