/**
 * `--hostile-names`: a room and its floor carry markup, script and formula payloads wherever the API names them
 * or gives their status, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';

import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  METRIC_RESPONSE_SCHEMAS,
} from '../src/api/schemas';
import { HOSTILE_FLOOR_ID, HOSTILE_PAYLOADS, HOSTILE_ROOM_ID, HOSTILE_STRINGS } from './hostile-names';
import { createTestClient, parsed, type TestClient } from './test-support';

const ROOM = HOSTILE_STRINGS[HOSTILE_ROOM_ID]!;
const FLOOR = HOSTILE_STRINGS[HOSTILE_FLOOR_ID]!;
const QUERY = { start_date: '2026-11-16', end_date: '2026-11-17', interval: '60min' };

/** Every name and status of every record a client is served, by where it came from. */
async function servedStrings(client: TestClient): Promise<Map<string, { name: string; status?: string }>> {
  const served = new Map<string, { name: string; status?: string }>();
  const list = parsed(locationListSchema, await client.get('/v2/locations'));
  for (const record of list.data) served.set(`list ${record.location_id}`, record);
  for (const { location_id: id } of list.data) {
    const detail = parsed(locationDetailSchema, await client.get(`/v2/locations/${id}`, { include: 'children' }));
    served.set(`detail ${id}`, detail);
    for (const child of detail.children_data ?? []) served.set(`child ${child.location_id} of ${id}`, child);
    const now = parsed(locationNowResponseSchema, await client.get(`/v2/locations/${id}/now`, { include: 'children' }));
    served.set(`now ${id}`, now);
    for (const child of now.children_data ?? []) served.set(`now child ${child.location_id} of ${id}`, child);
  }
  for (const id of [HOSTILE_ROOM_ID, HOSTILE_FLOOR_ID]) {
    const envelope = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await client.get(`/v2/locations/${id}/occupancy`, QUERY),
    );
    served.set(`occupancy ${id}`, envelope);
  }
  return served;
}

const PAYLOAD_TEXT = /[<>{}=@\t\u202e]|javascript:/i;

describe('--hostile-names', () => {
  it('is off by default: no name or status anywhere carries a payload', async () => {
    const served = await servedStrings(await createTestClient());
    expect(served.size).toBeGreaterThan(30);
    for (const [where, { name, status }] of served) {
      // The café's name has markup characters on purpose (Café "Le <Petit> & Co"); nothing else may.
      if (name !== 'Café "Le <Petit> & Co"') expect(name, where).not.toMatch(PAYLOAD_TEXT);
      if (status !== undefined) expect(status, where).toMatch(/^(active|inactive|setup|review|calibration)$/);
    }
    expect(served.get('detail 23')?.name).toBe('Meeting Room Spree');
    expect(served.get('detail 22')?.name).toBe('Berlin Office, Floor 2');
  });

  it('names the room and its floor with the payloads in records, children, /now readings and metric envelopes', async () => {
    const served = await servedStrings(await createTestClient(['--hostile-names']));
    const seen = { [HOSTILE_ROOM_ID]: 0, [HOSTILE_FLOOR_ID]: 0 };
    for (const [where, record] of served) {
      const id = Number(/ (\d+)/.exec(where)?.[1]);
      const expected = id === HOSTILE_ROOM_ID ? ROOM : id === HOSTILE_FLOOR_ID ? FLOOR : undefined;
      if (expected === undefined) {
        expect(record.name, where).not.toMatch(/<img|<script|<svg|javascript:|\{\{/);
        continue;
      }
      seen[id as keyof typeof seen]++;
      expect(record.name, where).toBe(expected.name);
      if (where.startsWith('list') || where.startsWith('detail') || where.startsWith('child')) {
        expect(record.status, where).toBe(expected.status);
      }
    }
    // The list, the detail, as a child (22 of 20, 23 of 22), the /now reading and child reading, the envelope.
    expect(seen).toEqual({ [HOSTILE_ROOM_ID]: 6, [HOSTILE_FLOOR_ID]: 6 });
  });

  it('composes with --vendor-records: the vendor’s six keys, with the hostile name and status', async () => {
    const client = await createTestClient(['--hostile-names', '--vendor-records']);
    const detail = parsed(
      locationDetailSchema,
      await client.get(`/v2/locations/${HOSTILE_FLOOR_ID}`, { include: 'children' }),
    );
    const room = detail.children_data?.find((child) => child.location_id === HOSTILE_ROOM_ID);
    expect(room).toEqual({
      location_id: HOSTILE_ROOM_ID,
      name: ROOM.name,
      status: ROOM.status,
      parent_id: HOSTILE_FLOOR_ID,
      capacity: 6,
      start_date: '2022-03-01',
    });
    expect(detail.name).toBe(FLOOR.name);
    expect(detail).not.toHaveProperty('time_zone');
  });

  it('carries every payload, with the room starting with a formula and the floor with a tab', () => {
    const strings = [ROOM.name, ROOM.status, FLOOR.name, FLOOR.status];
    for (const [kind, payload] of Object.entries(HOSTILE_PAYLOADS)) {
      expect(
        strings.some((text) => text.includes(payload)),
        kind,
      ).toBe(true);
    }
    expect(ROOM.name.startsWith('=')).toBe(true);
    expect(FLOOR.name.startsWith('\t')).toBe(true);
    expect(ROOM.status.startsWith('-')).toBe(true);
    expect(FLOOR.status.startsWith('@')).toBe(true);
    expect(FLOOR.name.length).toBeGreaterThan(250);
  });

  it('changes nothing else: ids, capacities, hierarchy and data are those served without the flag', async () => {
    const hostile = await createTestClient(['--hostile-names']);
    const plain = await createTestClient();
    for (const id of [HOSTILE_ROOM_ID, HOSTILE_FLOOR_ID, 20]) {
      type Shown = { name: string; status?: string; children_data?: Shown[] };
      const strip = ({ name: _name, status: _status, children_data: children, ...rest }: Shown): object => ({
        ...rest,
        children: children?.map(strip),
      });
      const a = (await hostile.get(`/v2/locations/${id}`, { include: 'children' })).body as Shown;
      const b = (await plain.get(`/v2/locations/${id}`, { include: 'children' })).body as Shown;
      expect(strip(a)).toEqual(strip(b));
      for (const metric of ['occupancy', 'traffic', 'availability'] as const) {
        const hostileEnvelope = (await hostile.get(`/v2/locations/${id}/${metric}`, QUERY)).body as { name: string };
        const plainEnvelope = (await plain.get(`/v2/locations/${id}/${metric}`, QUERY)).body as { name: string };
        expect({ ...hostileEnvelope, name: '' }).toEqual({ ...plainEnvelope, name: '' });
      }
    }
  });
});
