/** Every location record the token sees, from the raw API, for the portfolio specs. */
import type { APIRequestContext } from '@playwright/test';

import { apiGet } from './fixtures';

export interface LocationRecord {
  location_id: number;
  name: string;
  parent_id: number | null;
}
interface ListPage {
  data: LocationRecord[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/** Every record the token sees, walking every page of `/locations` as the dashboard must. */
export async function allLocations(request: APIRequestContext, baseURL: string): Promise<LocationRecord[]> {
  const records: LocationRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage = await apiGet<ListPage>(
      request,
      baseURL,
      `/locations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    records.push(...page.data);
    cursor = page.pagination.has_more ? page.pagination.next_cursor : null;
  } while (cursor);
  return records;
}
