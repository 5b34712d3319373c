/**
 * The reference walk over a spec server (spec-server.ts): every page of one request by a bare loop over its cursors,
 * with no app code, and how two walks' series are compared.
 */
import type { FakeFetch, RecordedRequest } from './fetch-fakes';
import { decodeCursor } from './spec-cursors';
import type { SpecMetric } from './spec-server';

/** The page offset a request asked for (0 without a cursor), or NaN for a cursor this server did not make. */
export function pageOffset(request: RecordedRequest): number {
  const cursor = request.url.searchParams.get('cursor');
  return cursor === null ? 0 : (decodeCursor(cursor)?.offset ?? NaN);
}

export interface RawPage {
  time_range: { start: string; end: string };
  data: Record<string, unknown>[];
  pagination: { has_more: boolean; next_cursor: string | null; prev_cursor: string | null };
}

/** Every page of one request by a bare loop over the server's cursors, with no app code: the reference walk. */
export async function walkRaw(
  server: Pick<FakeFetch, 'fetch'>,
  metric: SpecMetric,
  query: Record<string, string | number | undefined>,
  locationId = 1,
): Promise<RawPage[]> {
  const pages: RawPage[] = [];
  for (let cursor: string | null = null; pages.length === 0 || cursor !== null;) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...query, cursor })) {
      if (value !== undefined && value !== null) params.set(name, String(value));
    }
    const response = await server.fetch(`/v2/locations/${locationId}/${metric}?${params}`);
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    const page = (await response.json()) as RawPage;
    pages.push(page);
    cursor = page.pagination.has_more ? page.pagination.next_cursor : null;
  }
  return pages;
}

/** One line per data point (its times and values), to compare series from different walks. */
export function seriesLines(pages: readonly { data: readonly object[] }[]): string[] {
  return pages.flatMap((page) => page.data.map((point) => JSON.stringify(point, POINT_FIELDS)));
}
const POINT_FIELDS = [
  'timestamp',
  'window_start',
  'window_end',
  'traffic',
  'avg_occupancy',
  'avg_utilization_percentage',
  'peak_occupancy',
  'peak_utilization_percentage',
];

/** Where two series first differ, or null when they are the same (short enough for a failure message). */
export function seriesDifference(actual: readonly string[], expected: readonly string[]): string | null {
  const index = actual.findIndex((line, i) => line !== expected[i]);
  if (index === -1 && actual.length === expected.length) return null;
  const at = index === -1 ? Math.min(actual.length, expected.length) : index;
  return `${actual.length} points against ${expected.length}; first difference at ${at}: ${actual[at]} vs ${expected[at]}`;
}
