/**
 * The series loader: every page of a metric request, once, as fast as the server allows, and resumable.
 *
 * - Parallel where the spec allows it: a daily or sub-daily range is split into sub-ranges on local-day
 *   boundaries (no window crosses a local midnight), each walked by its own cursor, and merged in range order.
 *   Weekly and monthly ranges are one walk (their windows would be cut). Fan-out waits until the server's
 *   filter reading is known (server-capabilities.ts), so a refusal is learned once, not once per sub-range.
 * - No gaps: a page's successor is requested as soon as its cursor is known, before the page is handed on.
 * - One cap on requests in flight and one pace for the whole app, both the client's own (client.ts): a walk takes
 *   no slot itself.
 * - Resumable: a failed page is retried by itself with backoff (retry.ts: network errors, 429, 5xx, honouring
 *   Retry-After); if it still fails, the walk so far is kept, and walking it again (`resume`) starts at the page
 *   that failed. A 400 on a resumed cursor (the server may have let it expire) restarts that sub-range once.
 * - Refreshed by what can have changed: given the location's `today` (from the clock and the zone, never from a
 *   response), the days from today on get a sub-range of their own, and each sub-range records whether it was
 *   walked after its last day had ended (`final`: a finished local day does not change). A refresh of a whole walk
 *   (`refresh`) keeps the final sub-ranges and walks only the others again, cut at the new today. A sub-range
 *   walked while its last day was today is not final, even once that day is over (the midnight trap): the next
 *   refresh walks it once more, and from then on it is.
 *
 * The walk is a plain value (`SeriesWalk`), replaced, never mutated, at every page: a snapshot per page for the UI.
 */
import { t } from '@lingui/core/macro';

import type { ApiClient } from './client';
import { ApiError, InvalidRequestError, PagingError } from './errors';
import { fetchMetricPageEitherReading, type WalkedPage } from './filter-fallback';
import { isRetryable, MAX_RETRIES, retryDelayMs } from './retry';
import { metricQuerySchema, type Metric, type PointOf } from './schemas';
import { capabilitiesOf } from './server-capabilities';
import { freshChain, refreshStart, splitRange, WINDOWS_PER_DAY } from './walk-ranges';
import type { ChainState, Query, SeriesWalk } from './walk-state';

export interface WalkOptions<M extends Metric> {
  signal?: AbortSignal;
  /** A walk that stopped on a failure: its pages are kept and its cursors followed on. */
  resume?: SeriesWalk<M>;
  /**
   * A whole walk of the same request, to bring up to date: its final sub-ranges are kept as they are, the others
   * walked again (cut at `today`). Nothing is published until the new walk is whole (no `onProgress` needed).
   */
  refresh?: SeriesWalk<M>;
  /**
   * The location's date now (YYYY-MM-DD), from the clock and the zone, never from a response: the days from it on
   * are walked as a sub-range of their own, and sub-ranges that end before it are final. Unknown: nothing is final.
   */
  today?: string;
  /** Called with a new snapshot after every page. */
  onProgress?: (walk: SeriesWalk<M>) => void;
  /** Most sub-ranges (1 walks the range as one). */
  maxChains?: number;
  /** Retries of a failed page (retry.ts's MAX_RETRIES unless told). */
  retries?: number;
  /** Waits before a retry (tests pass a fake). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Every sub-range is final: nothing in the walk can change any more. */
export function isWalkFinal(walk: SeriesWalk): boolean {
  return walk.chains.every((chain) => chain.final && chain.done);
}

export function isWalkComplete(walk: SeriesWalk): boolean {
  return walk.chains.every((chain) => chain.done);
}

const merged = new WeakMap<SeriesWalk, WalkedPage[]>();

/**
 * The walk's pages in range order, as one walk of the whole range would give them. With several sub-ranges, the
 * first page's `time_range` is widened to the whole range (the first sub-range's start, the last one's end).
 * The same walk gives the same array, so a chart memoised on it is not rebuilt.
 */
export function walkPages<M extends Metric>(walk: SeriesWalk<M>): WalkedPage<M>[] {
  const known = merged.get(walk);
  if (known) return known as WalkedPage<M>[];
  const pages = walk.chains.flatMap((chain) => chain.pages);
  const first = pages[0];
  // The last sub-range that has a page so far: no window already in lies outside the range drawn.
  const lastChainFirst = walk.chains.findLast((chain) => chain.pages.length > 0)?.pages[0];
  if (first && lastChainFirst && walk.chains.length > 1) {
    const timeRange = { start: first.time_range.start, end: lastChainFirst.time_range.end };
    pages[0] = { ...first, time_range: timeRange } as WalkedPage<M>;
  }
  merged.set(walk, pages as WalkedPage[]);
  return pages;
}

const pointsOfWalk = new WeakMap<SeriesWalk, readonly object[]>();

/** Every window of the walk, in range order; the same walk gives the same array. */
export function walkPoints<M extends Metric>(walk: SeriesWalk<M>): readonly PointOf<M>[] {
  let points = pointsOfWalk.get(walk);
  if (!points) pointsOfWalk.set(walk, (points = walkPages(walk).flatMap((page): readonly object[] => page.data)));
  return points as readonly PointOf<M>[];
}

export async function walkSeries<M extends Metric>(
  client: ApiClient,
  metric: M,
  locationId: number,
  query: Query,
  options: WalkOptions<M> = {},
): Promise<SeriesWalk<M>> {
  const { signal, onProgress } = options;
  // Checked before the range is cut into days: an impossible date must be refused, not rolled over.
  const checked = metricQuerySchema(metric).safeParse(query);
  if (!checked.success) throw new InvalidRequestError(checked.error);
  const sleep = options.sleep ?? abortableSleep;
  const retries = options.retries ?? MAX_RETRIES;
  const { today } = options;
  const initial = options.refresh
    ? refreshStart(options.refresh, query, today)
    : (options.resume ?? {
        chains: splitRange(query, options.maxChains, today).map((range) => freshChain<M>(range, today)),
      });
  let walk: SeriesWalk<M> = initial;
  const publish = (index: number, chain: ChainState<M>) => {
    walk = { chains: walk.chains.map((old, i) => (i === index ? chain : old)) };
    onProgress?.(walk);
  };

  const fetchPage = async (chain: ChainState<M>): Promise<WalkedPage<M>> => {
    const pageQuery = { ...query, start_date: chain.start_date, end_date: chain.end_date, cursor: chain.cursor };
    for (let attempt = 0; ; attempt++) {
      try {
        return await fetchMetricPageEitherReading(client, metric, locationId, pageQuery, signal, chain.filtersRefused);
      } catch (error) {
        if (attempt >= retries || !isRetryable(error) || signal?.aborted) throw error;
        // A 429 has slowed the client's pace (pace.ts) for every request; this page waits its Retry-After, then its
        // turn like any other.
        await sleep(retryDelayMs(attempt, error), signal);
      }
    }
  };

  const walkChain = async (index: number, onFirstPage: () => void): Promise<void> => {
    let chain = walk.chains[index]!;
    if (chain.done) return onFirstPage();
    const seen = new Set(chain.pages.map((page) => page.pagination.next_cursor).filter(Boolean));
    let mayRestart = chain.cursor !== undefined;
    let handedOn = false;
    let pending: Promise<WalkedPage<M>> | null = fetchPage(chain);
    while (pending) {
      let page: WalkedPage<M>;
      try {
        page = await pending;
      } catch (error) {
        if (!(mayRestart && error instanceof ApiError && error.status === 400)) throw error;
        // The cursor we resumed from is refused (expired, or the server restarted): this sub-range starts over.
        mayRestart = false;
        seen.clear();
        chain = { ...chain, pages: [], cursor: undefined, filtersRefused: false };
        publish(index, chain);
        pending = fetchPage(chain);
        continue;
      }
      mayRestart = false;
      const next = nextCursor(page, chain.pages.length + 1, seen);
      chain = {
        ...chain,
        pages: [...chain.pages, page],
        cursor: next,
        done: next === undefined,
        filtersRefused: page.filteredLocally === true,
      };
      // The next page leaves before this one is handed on: parsing and drawing overlap the network.
      pending = next === undefined ? null : fetchPage(chain);
      publish(index, chain);
      if (!handedOn) {
        handedOn = true;
        onFirstPage();
      }
    }
  };

  const [first, ...rest] = walk.chains.map((_, index) => index);
  let firstPageIn!: () => void;
  const firstPage = new Promise<void>((resolve) => (firstPageIn = resolve));
  const firstChain = walkChain(first!, firstPageIn).finally(firstPageIn);
  // Fan out once the server's filter reading is known, so a refusal is learned by one request, not by each.
  if (rest.length > 0 && mustLearnFilterReading(client, query)) await firstPage;
  const results = await Promise.allSettled([firstChain, ...rest.map((index) => walkChain(index, () => undefined))]);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return walk;
}

/** The cursor to follow after `page`, or undefined at the end (spec 4.3 rule 4: `has_more` decides). */
function nextCursor(page: WalkedPage, pageNumber: number, seen: Set<string | null>): string | undefined {
  const { has_more: hasMore, next_cursor: next } = page.pagination;
  if (!hasMore) return undefined;
  if (!next) throw new PagingError(t`Page ${pageNumber} says has_more but gives no next_cursor.`);
  if (seen.has(next)) throw new PagingError(t`Page ${pageNumber} repeats a cursor already followed.`);
  seen.add(next);
  return next;
}

function mustLearnFilterReading(client: ApiClient, query: Query): boolean {
  const filtered =
    query.start_hour_filter !== undefined || query.end_hour_filter !== undefined || query.days_filter !== undefined;
  const subDaily = (WINDOWS_PER_DAY[query.interval ?? 'daily'] ?? 0) > 1;
  return filtered && subDaily && capabilitiesOf(client).subDailyFilters === 'unknown';
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
