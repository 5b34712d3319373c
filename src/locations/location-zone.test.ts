import { describe, expect, it } from 'vitest';

import type { LocationRecord } from '../api/schemas';
import { namedZone } from './location-zone';

const record = (time_zone?: string): LocationRecord => ({
  location_id: 4,
  name: 'Café',
  status: 'active',
  parent_id: null,
  capacity: 30,
  start_date: '2025-01-01',
  ...(time_zone === undefined ? {} : { time_zone }),
});

describe('namedZone', () => {
  it('takes the configured zone first: it is known before any request', () => {
    expect(namedZone(record('Australia/Sydney'), { id: 4, timeZone: 'Europe/Berlin' })).toEqual({
      zone: { kind: 'zone', name: 'Europe/Berlin' },
      source: 'config',
    });
    expect(namedZone(undefined, { id: 4, timeZone: 'Asia/Tokyo' })).toEqual({
      zone: { kind: 'zone', name: 'Asia/Tokyo' },
      source: 'config',
    });
  });

  it("then the server record's time_zone", () => {
    expect(namedZone(record('Australia/Sydney'), { id: 4 })).toEqual({
      zone: { kind: 'zone', name: 'Australia/Sydney' },
      source: 'server',
    });
  });

  it('is null for a record in the vendor’s shape, with no zone, and no configured zone', () => {
    expect(namedZone(record(), { id: 4 })).toBeNull();
    expect(namedZone(record(), undefined)).toBeNull();
    expect(namedZone(undefined, undefined)).toBeNull();
  });

  it("ignores a record's zone that is not a known IANA zone", () => {
    expect(namedZone(record('Mars/Olympus_Mons'), undefined)).toBeNull();
    expect(namedZone(record(''), undefined)).toBeNull();
  });
});
