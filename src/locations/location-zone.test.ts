import { describe, expect, it } from 'vitest';

import type { LocationRecord } from '../api/schemas';
import { resolveLocationZone } from './location-zone';

const record = (time_zone?: string): LocationRecord => ({
  location_id: 4,
  name: 'Café',
  status: 'active',
  parent_id: null,
  capacity: 30,
  start_date: '2025-01-01',
  ...(time_zone === undefined ? {} : { time_zone }),
});

describe('resolveLocationZone', () => {
  it("prefers the record's time_zone", () => {
    expect(
      resolveLocationZone(
        record('Australia/Sydney'),
        { id: 4, timeZone: 'Europe/Berlin' },
        '2026-03-08T09:00:00-05:00',
      ),
    ).toEqual({ kind: 'zone', name: 'Australia/Sydney' });
  });

  it('then the configured zone', () => {
    expect(resolveLocationZone(record(), { id: 4, timeZone: 'Europe/Berlin' }, '2026-03-08T09:00:00-05:00')).toEqual({
      kind: 'zone',
      name: 'Europe/Berlin',
    });
    expect(resolveLocationZone(undefined, { id: 4, timeZone: 'Asia/Tokyo' }, undefined)).toEqual({
      kind: 'zone',
      name: 'Asia/Tokyo',
    });
  });

  it('then the offset of the first timestamp', () => {
    expect(resolveLocationZone(record(), { id: 4 }, '2026-03-08T09:00:00+11:00')).toEqual({
      kind: 'offset',
      offsetMinutes: 660,
    });
    expect(resolveLocationZone(undefined, undefined, '2026-03-08T09:00:00-03:30')).toEqual({
      kind: 'offset',
      offsetMinutes: -210,
    });
    expect(resolveLocationZone(undefined, undefined, '2026-03-08T09:00:00Z')).toEqual({
      kind: 'offset',
      offsetMinutes: 0,
    });
  });

  it('is null when nothing is known', () => {
    expect(resolveLocationZone(undefined, undefined, undefined)).toBeNull();
    expect(resolveLocationZone(record(), { id: 4 }, undefined)).toBeNull();
  });

  it("ignores a record's zone that is not a known IANA zone", () => {
    expect(resolveLocationZone(record('Mars/Olympus_Mons'), { id: 4, timeZone: 'Europe/Berlin' }, undefined)).toEqual({
      kind: 'zone',
      name: 'Europe/Berlin',
    });
    expect(resolveLocationZone(record('not a zone'), undefined, '2026-07-01T12:00:00+02:00')).toEqual({
      kind: 'offset',
      offsetMinutes: 120,
    });
    expect(resolveLocationZone(record(''), undefined, undefined)).toBeNull();
  });
});
