/**
 * Both readings of the spec's filter rule (4.3, rule 3). One sentence says the hour and day filters apply to
 * every interval; the parameter descriptions say daily, weekly and monthly only, and the real API's error docs
 * list "filters with an interval that does not support them" as a 400 cause.
 *
 * Against a server of the strict reading, a sub-daily request whose filters are refused (400) is asked again
 * without them, and its windows are filtered here by their own local start hour and weekday, exactly as a
 * server of the broad reading filters them. Without filters such a server applies the location's operating
 * hours and days, so hours outside them cannot be shown; the echo then says what was really applied.
 */
import { dayCode } from '../lib/time';
import type { ApiClient } from './client';
import { ApiError } from './errors';
import { fetchMetricPage, iterateMetricPages } from './metrics';
import { SUB_DAILY_INTERVALS, type Interval, type Metric, type MetricQueryInput, type MetricResponse } from './schemas';

export type WalkedPage<M extends Metric = Metric> = MetricResponse<M> & {
  /** The server refused the filters for this interval; they were applied to its windows in the browser. */
  filteredLocally?: true;
};

/** A page as the server sent it (TypeScript cannot relate the two generic shapes by itself). */
const asWalked = <M extends Metric>(page: MetricResponse<M>) => page as WalkedPage<M>;

type Query = Omit<MetricQueryInput, 'cursor'>;

export async function* iterateMetricPagesEitherReading<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: Query,
  signal?: AbortSignal,
): AsyncGenerator<WalkedPage<M>, void, undefined> {
  const pages = iterateMetricPages(client, metric, locationId, query, signal);
  let first: IteratorResult<MetricResponse<M>, void>;
  try {
    first = await pages.next();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && hasFilters(query) && isSubDaily(query))) throw error;
    yield* filteredInBrowser(client, metric, locationId, query, error, signal);
    return;
  }
  if (first.done) return;
  yield asWalked(first.value);
  for await (const page of pages) yield asWalked(page);
}

async function* filteredInBrowser<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: Query,
  refusal: ApiError,
  signal?: AbortSignal,
): AsyncGenerator<WalkedPage<M>, void, undefined> {
  const pages = iterateMetricPages(client, metric, locationId, withoutFilters(query), signal);
  let first: IteratorResult<MetricResponse<M>, void>;
  try {
    first = await pages.next();
  } catch (error) {
    // Refused without filters too: the filters were not the problem, so the first answer is the one to show.
    if (error instanceof ApiError && error.status === 400) throw refusal;
    throw error;
  }
  if (first.done) return;
  yield applyFilters(first.value, query);
  for await (const page of pages) yield applyFilters(page, query);
}

/** One page (the table's), by either reading: a refused filtered page is asked again without filters. */
export async function fetchMetricPageEitherReading<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: MetricQueryInput,
  signal?: AbortSignal,
): Promise<WalkedPage<M>> {
  try {
    return asWalked(await fetchMetricPage(client, metric, locationId, query, signal));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && hasFilters(query) && isSubDaily(query))) throw error;
    try {
      return applyFilters(await fetchMetricPage(client, metric, locationId, withoutFilters(query), signal), query);
    } catch (retryError) {
      throw retryError instanceof ApiError && retryError.status === 400 ? error : retryError;
    }
  }
}

/** Keeps the windows that start inside the filters, by their own wall clock, and echoes what was applied. */
export function applyFilters<M extends Metric>(page: MetricResponse<M>, query: Query): WalkedPage<M> {
  const hours = {
    start: Math.max(toNumber(query.start_hour_filter) ?? page.hour_range.start, page.hour_range.start),
    end: Math.min(toNumber(query.end_hour_filter) ?? page.hour_range.end, page.hour_range.end),
  };
  const asked = query.days_filter ? new Set([...query.days_filter].map(Number)) : null;
  const days = page.days_of_week.filter((day) => asked === null || asked.has(day));
  const keep = (point: { window_start: string }) => {
    const hour = Number(point.window_start.slice(11, 13));
    return hour >= hours.start && hour <= hours.end && days.includes(dayCode(point.window_start.slice(0, 10)));
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

function toNumber(value: number | string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
