/**
 * The location list. The spec names it without a shape (4.4); we use the real API's published `/locations`
 * shape. (`/locations/{id}` and `/now` are in the contract, schemas.ts, and served by the simulator; no page
 * reads them yet.) A server without `/locations` answers 404, which callers treat as "not offered".
 */
import type { ApiClient } from './client';
import { fetchAllPages } from './paging';
import { locationListSchema, type LocationRecord } from './schemas';

export async function fetchAllLocations(client: ApiClient, signal?: AbortSignal): Promise<LocationRecord[]> {
  const pages = await fetchAllPages(
    (cursor, pageSignal) => client.get('/locations', { cursor }, locationListSchema, pageSignal),
    signal,
  );
  return pages.flatMap((page) => page.data);
}
