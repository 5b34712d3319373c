/**
 * Both readings of the spec's filter rule (4.3, rule 3). One sentence says the hour and day filters apply to
 * every interval; the parameter descriptions say daily, weekly and monthly only, and the real API's error docs
 * list "filters with an interval that does not support them" as a 400 cause.
 *
 * Which reading a server follows is learned once (server-capabilities.ts). A sub-daily request with filters that
 * is refused (400) is checked: the same filters at `daily` (one window). If they pass there, the server refuses
 * sub-daily filters, which is remembered; the request is asked again without them, and its windows are filtered
 * here by their own local start hour and weekday, exactly as a server of the broad reading filters them. If they
 * fail at `daily` too, the 400 is about the filters' values and is shown as it is. Once the server is known to
 * refuse them, sub-daily requests go without filters from the start, and every cursor is sent with the
 * parameters of the request it came from (rule 4). Without filters such a server applies the location's
 * operating hours and days, so hours outside them cannot be shown; the echo then says what was really applied.
 */
import { parseLocalDateTime } from '../lib/time';
import type { ApiClient } from './client';
import { ApiError } from './errors';
import { fetchMetricPage } from './metrics';
import { capabilitiesOf } from './server-capabilities';
import { SUB_DAILY_INTERVALS, type Interval, type Metric, type MetricQueryInput, type MetricResponse } from './schemas';

export type WalkedPage<M extends Metric = Metric> = MetricResponse<M> & {
  /** The server refused the filters for this interval; they were applied to its windows in the browser. */
  filteredLocally?: true;
};

type Query = Omit<MetricQueryInput, 'cursor'>;

/** A page as the server sent it (TypeScript cannot relate the two generic shapes by itself). */
const asWalked = <M extends Metric>(page: MetricResponse<M>) => page as WalkedPage<M>;

/**
 * One page (the table's), by either reading. `filtersRefused` says an earlier page of the same walk went
 * without filters: its cursor belongs to the request without them.
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
  const page = await withFilterFallback(client, metric, locationId, query, signal, {
    attempt: () => fetchMetricPage(client, metric, locationId, query, signal),
    withoutFilters: unfiltered,
  });
  return page.refused ? applyFilters(page.value, query) : asWalked(page.value);
}

/**
 * `attempt`, or `withoutFilters` where the server is known, or found, to refuse sub-daily filters (see the top
 * of this file). Every other failure is the caller's to show.
 */
async function withFilterFallback<T>(
  client: ApiClient,
  metric: Metric,
  locationId: number,
  query: Query,
  signal: AbortSignal | undefined,
  ask: { attempt: () => Promise<T>; withoutFilters: () => Promise<T> },
): Promise<{ value: T; refused: boolean }> {
  if (!hasFilters(query) || !isSubDaily(query)) return { value: await ask.attempt(), refused: false };
  const capabilities = capabilitiesOf(client);
  if (capabilities.subDailyFilters === 'refused') return { value: await ask.withoutFilters(), refused: true };
  try {
    const value = await ask.attempt();
    capabilities.learnSubDailyFilters('accepted');
    return { value, refused: false };
  } catch (error) {
    const mayBeRefusal = error instanceof ApiError && error.status === 400;
    if (!mayBeRefusal || capabilities.subDailyFilters === 'accepted') throw error;
    const daily = { ...query, cursor: undefined, interval: 'daily' as const, limit: 1 };
    try {
      await fetchMetricPage(client, metric, locationId, daily, signal);
    } catch (dailyError) {
      // Refused at daily too: the filters' values are wrong, not the interval; that is the answer to show.
      throw dailyError instanceof ApiError && dailyError.status === 400 ? error : dailyError;
    }
    capabilities.learnSubDailyFilters('refused');
    return { value: await ask.withoutFilters(), refused: true };
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
