/**
 * `/locations/{id}/now`: the spec names it (4.4) and shows no shape, so its body is read leniently. A reading is
 * a count of people (our simulator's `occupancy`; other servers of this shape send `count`) and, where given, the
 * instant it was taken (`timestamp`, local with its offset) and whether the location is open (`is_open`). Anything else in the body is ignored, and a body
 * with no count in it is "no reading", never an error: a different server's body must not break a page.
 * `include=children` adds `children_data`, paged like a list by `limit` and `cursor`; the parent is always there.
 */
import type { ApiClient, ResponseSchema } from './client';
import { iteratePages } from './paging';
import { dateTimeSchema, MAX_PAGE_SIZE, type Pagination } from './schemas';

export interface NowReading {
  locationId: number;
  /** People present; null when the server has no reading (an outage) or sends no count we can read. */
  people: number | null;
  /** When the reading was taken (RFC 3339 with offset, as sent), or null when the body does not say. */
  at: string | null;
  /** The server's word on whether the location is open now (`is_open`), or null when it sends none. */
  open: boolean | null;
}

export interface NowPage {
  self: NowReading | null;
  children: NowReading[];
  pagination: Pagination;
}

/** Children pages followed at most: 20,000 spaces under one parent. */
const MAX_CHILD_PAGES = 20;

/** The reading of `locationId`, and of its children with `children`. */
export async function fetchNow(
  client: ApiClient,
  locationId: number,
  options: { children: boolean; signal?: AbortSignal },
): Promise<{ self: NowReading | null; children: NowReading[] }> {
  const { children, signal } = options;
  const query = (cursor: string | undefined) =>
    children ? { include: 'children', limit: MAX_PAGE_SIZE, cursor } : { cursor };
  let self: NowReading | null = null;
  const readings: NowReading[] = [];
  let pages = 0;
  for await (const page of iteratePages<NowPage>(
    (cursor, pageSignal) => client.get(`/locations/${locationId}/now`, query(cursor), nowPageSchema, pageSignal),
    signal,
  )) {
    self ??= page.self;
    readings.push(...page.children);
    if (++pages >= MAX_CHILD_PAGES) break;
  }
  return { self, children: readings };
}

/** Reads one reading from whatever object the server sent; null when it names no location. */
export function readNow(value: unknown, fallbackId?: number): NowReading | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const id = Number.isSafeInteger(body.location_id) ? (body.location_id as number) : fallbackId;
  if (id === undefined) return null;
  const people = countOf(body.occupancy) ?? countOf(body.count) ?? countOf(body.people) ?? null;
  const at =
    typeof body.timestamp === 'string' && dateTimeSchema.safeParse(body.timestamp).success ? body.timestamp : null;
  const open = typeof body.is_open === 'boolean' ? body.is_open : null;
  return { locationId: id, people, at, open };
}

function countOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

const NO_MORE: Pagination = { has_more: false, next_cursor: null, prev_cursor: null };

/** Never fails: a body that is not an object is a page with no reading and no more pages. */
export const nowPageSchema: ResponseSchema<NowPage> = {
  safeParse(value) {
    const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const children = Array.isArray(body.children_data) ? body.children_data : [];
    return {
      success: true,
      data: {
        self: readNow(body),
        children: children.flatMap((child) => readNow(child) ?? []),
        pagination: readPagination(body.pagination),
      },
    };
  },
};

function readPagination(value: unknown): Pagination {
  if (typeof value !== 'object' || value === null) return NO_MORE;
  const { has_more: hasMore, next_cursor: next } = value as Record<string, unknown>;
  return hasMore === true && typeof next === 'string'
    ? { has_more: true, next_cursor: next, prev_cursor: null }
    : NO_MORE;
}
