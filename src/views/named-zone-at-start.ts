/**
 * What the app's start knows of a location once the location list is in (the start asked for it already): its
 * record, the other records (its spaces), and its zone when the configuration or the record names one. A location
 * whose zone must be probed is left to its page. No React here: this is on the app's start.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { LocationRecord } from '../api/schemas';
import type { AppContextValue } from '../config/app-context';
import { nextTask } from '../lib/scheduling/after-paint';
import type { LocationZone } from '../lib/time';
import { namedZone } from '../locations/location-zone';
import { locationQueries } from '../locations/queries';

export interface LocationAtStart {
  record: LocationRecord | undefined;
  records: readonly LocationRecord[];
  zone: LocationZone;
}

/**
 * Calls `then` with the location once the list names its zone, in a task of its own (each page's first requests
 * leave in a short task, not at the end of the one that read the list); never when the list does not name it, or
 * fails.
 */
export function whenZoneNamed(
  queryClient: QueryClient,
  { client, config }: AppContextValue,
  locationId: number,
  then: (location: LocationAtStart) => void,
): void {
  void queryClient.fetchQuery(locationQueries.list(client)).then(
    (list) => {
      const records = list ?? [];
      const record = records.find((candidate) => candidate.location_id === locationId);
      const named = namedZone(
        record,
        config.locations.find((location) => location.id === locationId),
      );
      if (named) void nextTask().then(() => then({ record, records, zone: named.zone }));
    },
    () => undefined,
  );
}
