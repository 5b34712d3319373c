import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { createApiClient } from './client';
import { fetchNow, nowPageSchema, readNow } from './now';

const parse = (body: unknown) => {
  const result = nowPageSchema.safeParse(body);
  if (!result.success) throw new Error('the lenient schema refused a body');
  return result.data;
};

describe('readNow', () => {
  it('reads our simulator’s occupancy, or another server’s count', () => {
    expect(readNow({ location_id: 7, occupancy: 12, timestamp: '2026-11-18T10:30:00-05:00' })).toEqual({
      locationId: 7,
      people: 12,
      at: '2026-11-18T10:30:00-05:00',
      open: null,
    });
    expect(readNow({ location_id: 7, count: 3 })).toEqual({ locationId: 7, people: 3, at: null, open: null });
  });

  it('reads whether the location is open where the server says, and only a boolean', () => {
    expect(readNow({ location_id: 7, occupancy: 0, is_open: false })?.open).toBe(false);
    expect(readNow({ location_id: 7, occupancy: 0, is_open: true })?.open).toBe(true);
    expect(readNow({ location_id: 7, occupancy: 0, is_open: 'no' })?.open).toBeNull();
  });

  it('has no reading for an outage, a negative or a non-numeric count, and no time for a time without offset', () => {
    expect(readNow({ location_id: 7, occupancy: null })?.people).toBeNull();
    expect(readNow({ location_id: 7, count: -1 })?.people).toBeNull();
    expect(readNow({ location_id: 7, count: '12' })?.people).toBeNull();
    expect(readNow({ location_id: 7, count: 1, timestamp: '2026-11-18T10:30:00' })?.at).toBeNull();
  });

  it('names no location without an id', () => {
    expect(readNow({ occupancy: 4 })).toBeNull();
    expect(readNow('4')).toBeNull();
  });
});

describe('nowPageSchema', () => {
  it('reads the parent and its children, and follows the pagination', () => {
    const page = parse({
      location_id: 1,
      occupancy: 10,
      children_data: [{ location_id: 2, occupancy: 4 }, { location_id: 3, count: 6 }, { nope: true }],
      pagination: { has_more: true, next_cursor: 'c2', prev_cursor: null },
    });
    expect(page.self?.people).toBe(10);
    expect(page.children.map((child) => [child.locationId, child.people])).toEqual([
      [2, 4],
      [3, 6],
    ]);
    expect(page.pagination).toEqual({ has_more: true, next_cursor: 'c2', prev_cursor: null });
  });

  it('never fails, whatever the body (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const page = parse(body);
        expect(Array.isArray(page.children)).toBe(true);
      }),
    );
  });
});

describe('fetchNow', () => {
  it('asks with include=children and the cursor, page after page', async () => {
    const urls: string[] = [];
    const client = createApiClient({
      baseUrl: '/v2',
      getToken: () => 't',
      fetch: async (input) => {
        const url = String(input);
        urls.push(url);
        const second = url.includes('cursor=c2');
        return Response.json({
          location_id: 1,
          occupancy: 10,
          children_data: [{ location_id: second ? 3 : 2, occupancy: 1 }],
          pagination: { has_more: !second, next_cursor: second ? null : 'c2', prev_cursor: null },
        });
      },
    });
    const { self, children } = await fetchNow(client, 1, { children: true });
    expect(self?.people).toBe(10);
    expect(children.map((child) => child.locationId)).toEqual([2, 3]);
    expect(urls).toEqual([
      '/v2/locations/1/now?include=children&limit=1000',
      '/v2/locations/1/now?include=children&limit=1000&cursor=c2',
    ]);
  });
});
