import type { LocationRecord } from '../api/schemas';

/** A location record as the real vendor sends it (no zone, hours or days), with what a test sets over it. */
export function locationRecord(fields: Pick<LocationRecord, 'location_id'> & Partial<LocationRecord>): LocationRecord {
  return {
    name: `Location ${fields.location_id}`,
    status: 'active',
    parent_id: null,
    capacity: 100,
    start_date: '2021-01-01',
    ...fields,
  };
}
