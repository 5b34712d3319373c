/**
 * Location endpoints. The spec names them without shapes (4.4); we use the real API's published
 * `/locations` shape. A server without them answers 404, which callers treat as "not offered".
 */
import type { ApiClient } from './client';
import { fetchAllPages } from './paging';
import {
  locationDetailSchema,
  locationListSchema,
  locationNowResponseSchema,
  type LocationDetail,
  type LocationNowResponse,
  type LocationRecord,
} from './schemas';

export async function fetchAllLocations(client: ApiClient, signal?: AbortSignal): Promise<LocationRecord[]> {
  const pages = await fetchAllPages(
    (cursor, pageSignal) => client.get('/locations', { cursor }, locationListSchema, pageSignal),
    signal,
  );
  return pages.flatMap((page) => page.data);
}

export function fetchLocation(client: ApiClient, locationId: number, signal?: AbortSignal): Promise<LocationDetail> {
  return client.get(`/locations/${locationId}`, {}, locationDetailSchema, signal);
}

export function fetchLocationNow(
  client: ApiClient,
  locationId: number,
  options: { includeChildren?: boolean; cursor?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<LocationNowResponse> {
  const query = {
    include: options.includeChildren ? 'children' : undefined,
    cursor: options.cursor,
    limit: options.limit,
  };
  return client.get(`/locations/${locationId}/now`, query, locationNowResponseSchema, signal);
}
