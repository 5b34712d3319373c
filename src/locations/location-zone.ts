/**
 * The location's clock, decided without ever feeding a response back into its own request:
 *   1. `config.json`'s `locations[].timeZone`, when the operator named one (known before any request);
 *   2. else the server record's `time_zone` (our simulator's extension; the real vendor's records have none);
 *   3. else the bounds of today's local day, as the server reports them for a one-day request whose date
 *      depends on the clock alone (lib/time.ts, "A location without a zone name").
 * Until one of these is known the clock is pending, and no view request is made: a request made on a guess
 * would only be aborted once the answer came.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { LocationRecord } from '../api/schemas';
import { useAppContext } from '../config/app-context';
import type { ConfiguredLocation } from '../config/runtime-config';
import { isKnownTimeZone } from '../config/runtime-config';
import { localDateFromProbe, probeDateAt, type LocationZone, type ProbedDay } from '../lib/time';
import { locationQueries } from './queries';

export type ClockSource = 'config' | 'server' | 'probe';

export type LocationClock =
  | { status: 'ready'; zone: LocationZone; source: ClockSource }
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry(): void };

/** A zone named by the configuration or the server's record, or null. */
export function namedZone(
  record: LocationRecord | undefined,
  configured: ConfiguredLocation | undefined,
): { zone: LocationZone; source: ClockSource } | null {
  if (configured?.timeZone) return { zone: zoneNamed(configured.timeZone), source: 'config' };
  if (record?.time_zone && isKnownTimeZone(record.time_zone)) {
    return { zone: zoneNamed(record.time_zone), source: 'server' };
  }
  return null;
}

// One object per zone, so that a clock's zone is the same object from one render to the next (what is memoised on
// it is not redone).
const zonesByName = new Map<string, LocationZone>();
const zonesByDay = new WeakMap<ProbedDay, LocationZone>();

function zoneNamed(name: string): LocationZone {
  let zone = zonesByName.get(name);
  if (!zone) zonesByName.set(name, (zone = { kind: 'zone', name }));
  return zone;
}

/** The zone of a probed day: one object per day. */
export function zoneOfDay(day: ProbedDay): LocationZone {
  let zone = zonesByDay.get(day);
  if (!zone) zonesByDay.set(day, (zone = { kind: 'day', day }));
  return zone;
}

/** The location's record (when the server lists it) and its clock at `nowMs`. */
export function useLocationClock(locationId: number, nowMs: number) {
  const { config, client } = useAppContext();
  const locations = useQuery(locationQueries.list(client));
  const record = locations.data?.find((r) => r.location_id === locationId);
  const configured = config.locations.find((l) => l.id === locationId);
  const named = namedZone(record, configured);
  // A failed list is no reason to stop: the configuration and the probe still work.
  const listSettled = locations.isSuccess || locations.isError;
  const probe = useQuery({
    ...locationQueries.localDay(client, locationId, probeDateAt(nowMs)),
    enabled: listSettled && named === null,
    // At UTC midnight the next probe is asked for; the previous day's bounds still decide the date meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === locationId ? keepPreviousData(previous) : undefined,
  });

  let clock: LocationClock;
  if (named) clock = { status: 'ready', ...named };
  else if (!listSettled) clock = { status: 'pending' };
  else if (probe.data && localDateFromProbe(probe.data, nowMs) !== null) {
    clock = { status: 'ready', zone: zoneOfDay(probe.data), source: 'probe' };
  } else if (probe.error) clock = { status: 'error', error: probe.error, retry: () => void probe.refetch() };
  else clock = { status: 'pending' };

  return { locations, record, clock };
}
