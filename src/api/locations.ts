/**
 * The location list. The spec names it without a shape (4.4); we use the real API's published `/locations`
 * shape, which has no time zone. (`/locations/{id}` and `/now` are in the contract, schemas.ts, and served by
 * the simulator; no page reads them yet.) A server without `/locations` answers 404, which callers treat as "not offered".
 */
import { probedDayFrom, type ProbedDay } from '../lib/time';
import type { ApiClient } from './client';
import { fetchMetricPage } from './metrics';
import { fetchAllPages } from './paging';
import { locationListSchema, type LocationRecord } from './schemas';

export async function fetchAllLocations(client: ApiClient, signal?: AbortSignal): Promise<LocationRecord[]> {
  const pages = await fetchAllPages(
    (cursor, pageSignal) => client.get('/locations', { cursor }, locationListSchema, pageSignal),
    signal,
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
