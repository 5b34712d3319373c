/**
 * `--vendor-records`: location records in exactly the shape the real vendor publishes, with none of
 * the simulator's extras (time zone, operating hours and days).
 */
import { describe, expect, it } from 'vitest';

import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  METRIC_RESPONSE_SCHEMAS,
} from '../src/api/schemas';
import { createTestClient, parsed, type TestClient } from './test-support';

const VENDOR_KEYS = ['capacity', 'location_id', 'name', 'parent_id', 'start_date', 'status'];
const SIMULATOR_EXTRAS = ['time_zone', 'operating_hours', 'operating_days'];

/** Every location record a client can see: the list, and each location's detail with its children. */
async function allRecords(client: TestClient): Promise<object[]> {
  const list = parsed(locationListSchema, await client.get('/v2/locations'));
  const records: object[] = [...list.data];
  for (const { location_id: id } of list.data) {
    const detail = parsed(locationDetailSchema, await client.get(`/v2/locations/${id}`, { include: 'children' }));
    const { children_data: children = [], pagination: _pagination, ...record } = detail;
    records.push(record, ...children);
    const plain = parsed(locationDetailSchema, await client.get(`/v2/locations/${id}`));
    records.push(plain);
  }
  return records;
}

describe('--vendor-records', () => {
  it('serves every record of /v2/locations and /v2/locations/{id} (with children) with exactly the six vendor keys', async () => {
    const records = await allRecords(await createTestClient(['--vendor-records']));
    expect(records.length).toBeGreaterThan(13);
    for (const record of records) expect(Object.keys(record).sort(), JSON.stringify(record)).toEqual(VENDOR_KEYS);
  });

  it('strips nothing a /now reading has, and adds no zone, hours or days to it', async () => {
    const client = await createTestClient(['--vendor-records']);
    const plain = await createTestClient();
    for (const id of [10, 20, 30, 40]) {
      const vendor = parsed(
        locationNowResponseSchema,
        await client.get(`/v2/locations/${id}/now`, { include: 'children' }),
      );
      const normal = parsed(
        locationNowResponseSchema,
        await plain.get(`/v2/locations/${id}/now`, { include: 'children' }),
      );
      expect(vendor).toEqual(normal);
      for (const reading of [vendor, ...(vendor.children_data ?? [])]) {
        for (const extra of SIMULATOR_EXTRAS) expect(reading).not.toHaveProperty(extra);
      }
    }
  });

  it('leaves metric envelopes unchanged, local offsets included', async () => {
    const query = { start_date: '2026-11-02', end_date: '2026-11-03', interval: '60min' };
    const vendor = await (await createTestClient(['--vendor-records'])).get('/v2/locations/21/occupancy', query);
    const normal = await (await createTestClient()).get('/v2/locations/21/occupancy', query);
    const body = parsed(METRIC_RESPONSE_SCHEMAS.occupancy, vendor);
    expect(body.data[0]?.timestamp).toMatch(/\+01:00$/);
    expect(vendor.text).toBe(normal.text);
  });

  it('is off by default: records keep time_zone, operating_hours and operating_days', async () => {
    const records = await allRecords(await createTestClient());
    for (const record of records) {
      for (const extra of SIMULATOR_EXTRAS) expect(record, JSON.stringify(record)).toHaveProperty(extra);
    }
  });
});

describe('--vendor-records with --portfolio', () => {
  it('serves the generated records in the vendor shape too, in the list and as parents and children', async () => {
    const client = await createTestClient(['--vendor-records', '--portfolio', '300']);
    const plain = await createTestClient(['--portfolio', '300']);
    const list = parsed(locationListSchema, await client.get('/v2/locations'));
    expect(list.data.length).toBeGreaterThan(300 + 13);
    for (const record of list.data) expect(Object.keys(record).sort(), JSON.stringify(record)).toEqual(VENDOR_KEYS);
    const parents = [...new Set(list.data.map((record) => record.parent_id))].filter((id) => id !== null && id >= 1000);
    expect(parents.length).toBeGreaterThan(25);
    for (const id of parents.slice(0, 8)) {
      const detail = parsed(locationDetailSchema, await client.get(`/v2/locations/${id}`, { include: 'children' }));
      const { children_data: children = [], pagination: _pagination, ...record } = detail;
      expect(children.length).toBeGreaterThan(0);
      for (const shown of [record, ...children]) expect(Object.keys(shown).sort()).toEqual(VENDOR_KEYS);
    }
    const full = parsed(locationListSchema, await plain.get('/v2/locations'));
    for (const record of full.data) for (const extra of SIMULATOR_EXTRAS) expect(record).toHaveProperty(extra);
    expect(list.data).toEqual(
      full.data.map(({ time_zone: _zone, operating_hours: _hours, operating_days: _days, ...vendor }) => vendor),
    );
  });
});
