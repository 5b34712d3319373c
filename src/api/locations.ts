/**
 * The location list. The spec names it without a shape (4.4); we use the real API's published `/locations`
 * shape, which has no time zone. (`/now` is read by now.ts.) A server without `/locations` answers 404, which callers
 * treat as "not offered".
 */
import { probedDayFrom, type ProbedDay } from '../lib/time';
import type { ApiClient } from './client';
import { fetchMetricPage } from './metrics';
import { fetchAllPages } from './paging';
import { locationListSchema, type LocationRecord } from './schemas';

/** Pages of the list followed at most: 50,000 locations, beyond any account we know of, and still a bound. */
export const MAX_LOCATION_PAGES = 50;

/** Every page of the list (the server's page size: 1,000 by the spec's default), one after another. */
export async function fetchAllLocations(client: ApiClient, signal?: AbortSignal): Promise<LocationRecord[]> {
  const pages = await fetchAllPages(
    (cursor, pageSignal) => client.get('/locations', { cursor }, locationListSchema, pageSignal),
    signal,
    MAX_LOCATION_PAGES,
  );
  return pages.flatMap((page) => page.data);
}

/**
 * The bounds of the location's local day `date`, as the server reports them in the `time_range` of a one-day,
 * one-window request (lib/time.ts, "A location without a zone name").
 */
export async function fetchLocalDay(
  client: ApiClient,
  locationId: number,
  date: string,
  signal?: AbortSignal,
): Promise<ProbedDay> {
  const query = { start_date: date, end_date: date, interval: 'daily', limit: 1 } as const;
  const page = await fetchMetricPage(client, 'occupancy', locationId, query, signal);
  return probedDayFrom(date, page.time_range);
}
