/**
 * Location queries. `/locations` is optional for a server (the spec names it without a shape): a 404, 405 or
 * 501 there means "not offered", and the picker falls back to the configured list.
 */
import { queryOptions } from '@tanstack/react-query';

import type { ApiClient } from '../api/client';
import { isNotOffered } from '../api/errors';
import { fetchAllLocations, fetchLocalDay } from '../api/locations';
import type { LocationRecord } from '../api/schemas';
import { MINUTE_MS } from '../lib/time-spans';

const LIST = 'list';
const LOCAL_DAY = 'local-day';

export const locationQueries = {
  all: () => ['locations'] as const,
  /** The server's list, or null when the server has no `/locations`. */
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: [...locationQueries.all(), LIST] as const,
      queryFn: async ({ signal }): Promise<LocationRecord[] | null> => {
        try {
          return await fetchAllLocations(client, signal);
        } catch (error) {
          if (isNotOffered(error)) return null;
          throw error;
        }
      },
      staleTime: 10 * MINUTE_MS,
    }),
  /** The bounds of one local day of a location with no zone name; a day's bounds never change. */
  localDay: (client: ApiClient, locationId: number, date: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(), locationId, LOCAL_DAY, date] as const,
      queryFn: ({ signal }) => fetchLocalDay(client, locationId, date, signal),
      staleTime: Infinity,
    }),
};

/** What a key of `locationQueries` names: the list, a location's local day, or neither (another factory's key). */
export function locationKeyKind(key: readonly unknown[]): 'list' | 'local-day' | null {
  const [root, second, third, fourth] = key;
  if (root !== locationQueries.all()[0]) return null;
  if (second === LIST && key.length === 2) return 'list';
  if (typeof second === 'number' && third === LOCAL_DAY && typeof fourth === 'string' && key.length === 4) {
    return 'local-day';
  }
  return null;
}
