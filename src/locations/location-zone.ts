/**
 * The location's clock: the server's `time_zone` when it has one (our simulator's extension), else the
 * runtime configuration's, else the offset of the first response's `time_range.start` (labelled as an offset).
 */
import type { LocationRecord } from '../api/schemas';
import type { ConfiguredLocation } from '../config/runtime-config';
import { isKnownTimeZone } from '../config/runtime-config';
import { parseLocalDateTime, type LocationZone } from '../lib/time';

export function resolveLocationZone(
  record: LocationRecord | undefined,
  configured: ConfiguredLocation | undefined,
  /** A local date-time of the location's, e.g. the first response's `time_range.start`. */
  firstTimestamp: string | undefined,
): LocationZone | null {
  if (record?.time_zone && isKnownTimeZone(record.time_zone)) return { kind: 'zone', name: record.time_zone };
  if (configured?.timeZone) return { kind: 'zone', name: configured.timeZone };
  if (firstTimestamp) return { kind: 'offset', offsetMinutes: parseLocalDateTime(firstTimestamp).offsetMinutes };
  return null;
}

/** Until anything is known, presets use UTC; the view re-keys as soon as the zone is known. */
export const UNKNOWN_ZONE: LocationZone = { kind: 'offset', offsetMinutes: 0 };
