/** The simulator's clock (--now), determinism, seeds, and the /now and /locations endpoints. */
import { describe, expect, it } from 'vitest';

import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  METRIC_RESPONSE_SCHEMAS,
} from '../src/api/schemas';
import { createTestClient, parsed, wallHour } from './test-support';

const NOW_IN_NEW_YORK = '2026-11-18T10:30:00-05:00';

describe('--now', () => {
  it('stops hourly data at the window containing now, which holds the samples so far', async () => {
    const client = await createTestClient(['--now', NOW_IN_NEW_YORK]);
    const query = {
      start_date: '2026-11-18',
      end_date: '2026-11-18',
      interval: 'hourly',
      start_hour_filter: 0,
      end_hour_filter: 23,
    };
    const occupancy = parsed(METRIC_RESPONSE_SCHEMAS.occupancy, await client.get('/v2/locations/11/occupancy', query));
    expect(occupancy.data.map((point) => wallHour(point.window_start))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(occupancy.data.at(-1)?.window_end).toBe('2026-11-18T11:00:00-05:00');

    const quarterHours = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await client.get('/v2/locations/11/occupancy', { ...query, interval: '15min' }),
    );
    const afterTen = quarterHours.data.filter((point) => wallHour(point.window_start) === 10);
    expect(afterTen.map((point) => point.window_start.slice(11, 16))).toEqual(['10:00', '10:15', '10:30']);
    // The 10:00 hour so far is 10:00-10:30 inclusive of the 10:30 reading: its peak is the peak of those quarters.
    expect(occupancy.data.at(-1)?.peak_occupancy).toBe(Math.max(...afterTen.map((point) => point.peak_occupancy)));

    const tomorrow = parsed(
      METRIC_RESPONSE_SCHEMAS.availability,
      await client.get('/v2/locations/11/availability', { start_date: '2026-11-19', end_date: '2026-11-30' }),
    );
    expect(tomorrow.data).toEqual([]);
  });

  it('gives byte-identical bodies for identical requests, also across app instances', async () => {
    const path = '/v2/locations/20/occupancy';
    const query = { start_date: '2026-10-01', end_date: '2026-11-17', interval: 'daily' };
    const first = await createTestClient(['--now', NOW_IN_NEW_YORK]);
    const second = await createTestClient(['--now', NOW_IN_NEW_YORK]);
    const [a, b, c] = await Promise.all([first.get(path, query), first.get(path, query), second.get(path, query)]);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
  });

  it('gives different data for different seeds', async () => {
    const path = '/v2/locations/20/occupancy';
    const query = { start_date: '2026-10-01', end_date: '2026-10-31' };
    const [seven, eight] = await Promise.all([createTestClient(['--seed', '7']), createTestClient(['--seed', '8'])]);
    const [a, b] = await Promise.all([seven.get(path, query), eight.get(path, query)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.text).not.toBe(a.text);
  });
});

describe('/v2/locations/{id}/now', () => {
  it('reads the 5-minute sample containing now, in local time, with utilisation and opening state', async () => {
    const client = await createTestClient(['--now', '2026-11-18T10:32:10-05:00']);
    const reading = parsed(locationNowResponseSchema, await client.get('/v2/locations/11/now'));
    expect(reading).toMatchObject({ location_id: 11, name: 'Main Concourse', capacity: 1500, is_open: true });
    expect(reading.timestamp).toBe('2026-11-18T10:30:00-05:00');
    expect(reading.occupancy).toBeGreaterThan(0);
    expect(reading.utilization_percentage).toBe(Math.round(((reading.occupancy ?? 0) / 1500) * 10_000) / 10_000);

    const office = parsed(locationNowResponseSchema, await client.get('/v2/locations/21/now'));
    expect(office.timestamp).toBe('2026-11-18T16:30:00+01:00');
    expect(office.is_open).toBe(true);
    const hall = parsed(locationNowResponseSchema, await client.get('/v2/locations/40/now'));
    expect(hall).toMatchObject({ timestamp: '2026-11-19T00:30:00+09:00', occupancy: 0, is_open: false });
  });

  it('lists the children with include=children; a parent occupancy is their sum', async () => {
    const client = await createTestClient(['--now', '2026-11-18T10:30:00+01:00']);
    const floor = parsed(locationNowResponseSchema, await client.get('/v2/locations/22/now', { include: 'children' }));
    expect(floor.children_data?.map((child) => child.location_id)).toEqual([23, 24, 25]);
    const childSum = (floor.children_data ?? []).reduce((total, child) => total + (child.occupancy ?? NaN), 0);
    expect(floor.occupancy).toBe(childSum);
    expect(floor.pagination).toEqual({ has_more: false, next_cursor: null, prev_cursor: null });
  });
});

describe('/v2/locations and /v2/locations/{id}', () => {
  it('lists every location as a record, with pagination', async () => {
    const client = await createTestClient();
    const list = parsed(locationListSchema, await client.get('/v2/locations'));
    expect(list.data.length).toBeGreaterThanOrEqual(8);
    expect(list.pagination).toEqual({ has_more: false, next_cursor: null, prev_cursor: null });
    expect(list.data.find((location) => location.location_id === 12)).toEqual({
      location_id: 12,
      name: 'Café "Le <Petit> & Co"',
      status: 'active',
      parent_id: 10,
      capacity: 40,
      start_date: '2022-01-03',
      time_zone: 'America/New_York',
      operating_hours: { start: 6, end: 20 },
      operating_days: [1, 2, 3, 4, 5, 6, 7],
    });
  });

  it('returns one record, and its direct children with include=children', async () => {
    const client = await createTestClient();
    const record = parsed(locationDetailSchema, await client.get('/v2/locations/20'));
    expect(record).toMatchObject({ location_id: 20, parent_id: null, capacity: 198, time_zone: 'Europe/Berlin' });
    expect(record.children_data).toBeUndefined();
    const withChildren = parsed(locationDetailSchema, await client.get('/v2/locations/20', { include: 'children' }));
    expect(withChildren.children_data?.map((child) => [child.location_id, child.parent_id])).toEqual([
      [21, 20],
      [22, 20],
    ]);
    const leaf = parsed(locationDetailSchema, await client.get('/v2/locations/23', { include: 'children' }));
    expect(leaf.children_data).toEqual([]);
  });
});

describe('/__control/clock (--control)', () => {
  const setClock = (client: Awaited<ReturnType<typeof createTestClient>>, body: string) =>
    client.request('/__control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const query = { start_date: '2026-11-18', end_date: '2026-11-19', interval: '60min' };

  it('moves the fixed clock at run time: the data then reaches the new now, across a local midnight', async () => {
    const client = await createTestClient(['--control', '--now', '2026-11-18T23:58:00-05:00']);
    expect((await client.request('/__control/clock')).body).toEqual({ now: '2026-11-19T04:58:00.000Z' });
    const lastStart = async () => {
      const body = parsed(METRIC_RESPONSE_SCHEMAS.traffic, await client.get('/v2/locations/11/traffic', query));
      return body.data.at(-1)?.window_start;
    };
    expect(await lastStart()).toBe('2026-11-18T23:00:00-05:00');

    const moved = await setClock(client, '{"now":"2026-11-19T01:05:00-05:00"}');
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: '2026-11-19T06:05:00.000Z' });
    expect(await lastStart()).toBe('2026-11-19T01:00:00-05:00');

    expect((await setClock(client, '{"now":null}')).body).toEqual({ now: null });
  });

  it('refuses a body that is not an instant with an offset (400 invalid-body), and is a 404 without --control', async () => {
    const client = await createTestClient(['--control', '--now', '2026-11-18T23:58:00-05:00']);
    for (const body of ['not json', '{}', '{"now":"2026-11-19T01:05:00"}', '{"now":42}']) {
      const response = await setClock(client, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('invalid-body');
    }
    expect((await client.request('/__control/clock')).body).toEqual({ now: '2026-11-19T04:58:00.000Z' });
    expect((await (await createTestClient([])).request('/__control/clock')).status).toBe(404);
  });
});
