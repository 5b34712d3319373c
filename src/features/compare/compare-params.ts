/**
 * `/compare`'s own parameters, read without React and never throwing: `locations=ID,ID[,…]` (2 to 8, in the order
 * given) and `metric` (utilization by default). The filters (`range`, `from`/`to`, `interval`, `hours`, `days`,
 * `closed`, `compare`) are a location page's, read by the same parsers (filters/model.ts, filters/compare.ts).
 * What cannot be used is named, so the page says it in words and still shows the valid locations.
 */
import { metricBySlug, UTILIZATION_VIEW, type MetricDefinition } from '../../metrics/definitions';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 8;

/** What a `locations` value asked for that cannot be shown. */
export type LocationsProblem =
  | { kind: 'not-a-number'; value: string }
  | { kind: 'repeated'; id: number }
  | { kind: 'too-many'; dropped: number[] }
  | { kind: 'unknown'; id: number };

export interface CompareParams {
  /** The ids to show, in the order given: numbers, each once, at most MAX_COMPARED. */
  ids: number[];
  problems: LocationsProblem[];
  definition: MetricDefinition;
  /** The `metric` value, when it names no metric (utilization is shown). */
  unknownMetric: string | null;
}

/** Every metric the page compares, by its `metric` value. */
export const COMPARED_METRICS = ['utilization', 'occupancy', 'traffic', 'dwell-time', 'availability'] as const;

export function parseCompareParams(search: string): CompareParams {
  const params = new URLSearchParams(search);
  const problems: LocationsProblem[] = [];
  const ids: number[] = [];
  const parts = (params.get('locations') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const part of parts) {
    if (!/^\d{1,15}$/.test(part)) {
      problems.push({ kind: 'not-a-number', value: part.slice(0, 40) });
      continue;
    }
    const id = Number(part);
    if (ids.includes(id)) problems.push({ kind: 'repeated', id });
    else ids.push(id);
  }
  if (ids.length > MAX_COMPARED) problems.push({ kind: 'too-many', dropped: ids.splice(MAX_COMPARED) });
  const slug = params.get('metric');
  const definition = slug === null || slug === 'utilization' ? UTILIZATION_VIEW : metricBySlug(slug);
  return { ids, problems, definition: definition ?? UTILIZATION_VIEW, unknownMetric: definition ? null : slug };
}

/**
 * The ids the server knows, in the order given, and a problem for each it does not. `known` is undefined while the
 * list is not in (or when the server lists none): every id is shown then, and a wrong one fails on its own row.
 */
export function knownLocations(
  ids: readonly number[],
  known: ReadonlySet<number> | undefined,
): { shown: number[]; problems: LocationsProblem[] } {
  if (!known) return { shown: [...ids], problems: [] };
  return {
    shown: ids.filter((id) => known.has(id)),
    problems: ids.filter((id) => !known.has(id)).map((id) => ({ kind: 'unknown', id })),
  };
}

/** Whether the page compares: 2 to 8 locations shown, and no location asked for that cannot be shown. */
export function comparesAsAsked(shown: readonly number[], problems: readonly LocationsProblem[]): boolean {
  return shown.length >= MIN_COMPARED && problems.length === 0;
}

/** `search` with `locations` set to `ids` (every other parameter kept). */
export function withLocations(search: string, ids: readonly number[]): string {
  const params = new URLSearchParams(search);
  params.set('locations', ids.join(','));
  // Commas stay readable in the address.
  return `?${params.toString().replace(/%2C/gi, ',')}`;
}
