/**
 * The clocks of the locations compared, each decided as a location page decides its own (locations/location-zone.ts):
 * the configuration's zone, the record's, else the probed local day. Here, not beside `useLocationClock`, so that
 * only the compare page's chunk carries it.
 */
import { useQueries, useQuery } from '@tanstack/react-query';

import { useAppContext } from '../../config/app-context';
import { localDateFromProbe, probeDateAt } from '../../lib/time';
import { namedZone, zoneOfDay, type LocationClock } from '../../locations/location-zone';
import { locationQueries } from '../../locations/queries';

/** One probe per location without a zone name. */
export function useLocationClocks(locationIds: readonly number[], nowMs: number) {
  const { config, client } = useAppContext();
  const locations = useQuery(locationQueries.list(client));
  const listSettled = locations.isSuccess || locations.isError;
  const named = locationIds.map((id) =>
    namedZone(
      locations.data?.find((r) => r.location_id === id),
      config.locations.find((l) => l.id === id),
    ),
  );
  const probes = useQueries({
    queries: locationIds.map((id, index) => ({
      ...locationQueries.localDay(client, id, probeDateAt(nowMs)),
      enabled: listSettled && named[index] === null,
    })),
  });
  const clocks = locationIds.map((_, index): LocationClock => {
    const zone = named[index];
    if (zone) return { status: 'ready', ...zone };
    if (!listSettled) return { status: 'pending' };
    const probe = probes[index]!;
    if (probe.data && localDateFromProbe(probe.data, nowMs) !== null) {
      return { status: 'ready', zone: zoneOfDay(probe.data), source: 'probe' };
    }
    if (probe.error) return { status: 'error', error: probe.error, retry: () => void probe.refetch() };
    return { status: 'pending' };
  });
  return { locations, clocks };
}
