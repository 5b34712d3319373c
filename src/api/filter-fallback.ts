/**
 * Both readings of the spec's filter rule (4.3, rule 3). One sentence says the hour and day filters apply to
 * every interval; the parameter descriptions say daily, weekly and monthly only, and the real API's error docs
 * list "filters with an interval that does not support them" as a 400 cause.
 *
 * Against a server of the strict reading, a sub-daily request whose filters are refused (400) is asked again
 * without them, and its windows are filtered here by their own local start hour and weekday, exactly as a
 * server of the broad reading filters them. From then on the request goes without filters, so every cursor
 * is sent with the parameters of the request it came from (rule 4). Without filters such a server applies
 * the location's operating hours and days, so hours outside them cannot be shown; the echo then says what
 * was really applied.
 */
import { parseLocalDateTime } from '../lib/time';
import type { ApiClient } from './client';
import { ApiError } from './errors';
import { fetchMetricPage, iterateMetricPages } from './metrics';
import { SUB_DAILY_INTERVALS, type Interval, type Metric, type MetricQueryInput, type MetricResponse } from './schemas';

export type WalkedPage<M extends Metric = Metric> = MetricResponse<M> & {
  /** The server refused the filters for this interval; they were applied to its windows in the browser. */
  filteredLocally?: true;
};

type Query = Omit<MetricQueryInput, 'cursor'>;

/** A page as the server sent it (TypeScript cannot relate the two generic shapes by itself). */
const asWalked = <M extends Metric>(page: MetricResponse<M>) => page as WalkedPage<M>;

export async function* iterateMetricPagesEitherReading<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: Query,
  signal?: AbortSignal,
): AsyncGenerator<WalkedPage<M>, void, undefined> {
  const filtered = iterateMetricPages(client, metric, locationId, query, signal);
  const unfiltered = iterateMetricPages(client, metric, locationId, withoutFilters(query), signal);
  const first = await withFilterFallback(
    query,
    () => filtered.next(),
    () => unfiltered.next(),
  );
  const pages = first.refused ? unfiltered : filtered;
  const walked = (page: MetricResponse<M>) => (first.refused ? applyFilters(page, query) : asWalked(page));
  if (first.value.done) return;
  yield walked(first.value.value);
  for await (const page of pages) yield walked(page);
}

/**
 * One page (the table's), by either reading. `filtersRefused` says an earlier page of the same walk was
 * refused with filters: its cursor belongs to the request without them.
 */
export async function fetchMetricPageEitherReading<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: MetricQueryInput,
  signal?: AbortSignal,
  filtersRefused = false,
): Promise<WalkedPage<M>> {
  const unfiltered = () => fetchMetricPage(client, metric, locationId, withoutFilters(query), signal);
  if (filtersRefused) return applyFilters(await unfiltered(), query);
  const page = await withFilterFallback(
    query,
    () => fetchMetricPage(client, metric, locationId, query, signal),
    unfiltered,
  );
  return page.refused ? applyFilters(page.value, query) : asWalked(page.value);
}

/**
 * `attempt`, or, when the server refuses sub-daily filters, `retry` (the same without them). If the retry is
 * refused too, the filters were not the problem, and the first answer is the one to report.
 */
async function withFilterFallback<T>(
  query: Query,
  attempt: () => Promise<T>,
  retry: () => Promise<T>,
): Promise<{ value: T; refused: boolean }> {
  try {
    return { value: await attempt(), refused: false };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && hasFilters(query) && isSubDaily(query))) throw error;
    try {
      return { value: await retry(), refused: true };
    } catch (retryError) {
      throw retryError instanceof ApiError && retryError.status === 400 ? error : retryError;
    }
  }
}

/** Keeps the windows that start inside the filters, by their own wall clock, and echoes what was applied. */
export function applyFilters<M extends Metric>(page: MetricResponse<M>, query: Query): WalkedPage<M> {
  const hours = {
    start: Math.max(query.start_hour_filter ?? page.hour_range.start, page.hour_range.start),
    end: Math.min(query.end_hour_filter ?? page.hour_range.end, page.hour_range.end),
  };
  const asked = query.days_filter ? new Set([...query.days_filter].map(Number)) : null;
  const days = page.days_of_week.filter((day) => asked === null || asked.has(day));
  const keep = (point: { window_start: string }) => {
    const wall = new Date(parseLocalDateTime(point.window_start).wallMs);
    const hour = wall.getUTCHours();
    return hour >= hours.start && hour <= hours.end && days.includes(wall.getUTCDay() + 1);
  };
  const filtered = {
    ...page,
    data: (page.data as { window_start: string }[]).filter(keep),
    hour_range: hours,
    days_of_week: days,
  } as MetricResponse<M>;
  return { ...asWalked(filtered), filteredLocally: true };
}

function withoutFilters<Q extends Query>(query: Q): Q {
  return { ...query, start_hour_filter: undefined, end_hour_filter: undefined, days_filter: undefined };
}

function hasFilters(query: Query): boolean {
  return (
    query.start_hour_filter !== undefined || query.end_hour_filter !== undefined || query.days_filter !== undefined
  );
}

function isSubDaily(query: Query): boolean {
  return SUB_DAILY_INTERVALS.includes((query.interval ?? 'daily') as Interval);
}
