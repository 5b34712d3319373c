/**
 * Cursor paging. `has_more` is the end signal (spec 4.3 rule 4): a page with `has_more: false` ends the walk
 * even if it carries a `next_cursor`. A cursor seen twice is a server bug and an error, never an endless loop.
 */
import { t } from '@lingui/core/macro';

import { PagingError } from './errors';
import type { Pagination } from './schemas';

export type FetchPage<T> = (cursor: string | undefined, signal?: AbortSignal) => Promise<T>;

export async function* iteratePages<T extends { pagination: Pagination }>(
  fetchPage: FetchPage<T>,
  signal?: AbortSignal,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(cursor, signal);
    yield page;
    const { has_more: hasMore, next_cursor: next } = page.pagination;
    if (!hasMore) return;
    if (!next) throw new PagingError(t`Page ${pageNumber} says has_more but gives no next_cursor.`);
    if (seen.has(next)) throw new PagingError(t`Page ${pageNumber} repeats a cursor already followed.`);
    seen.add(next);
    cursor = next;
  }
}

/** Every page; with `maxPages`, a walk longer than that is an error rather than an unbounded one. */
export async function fetchAllPages<T extends { pagination: Pagination }>(
  fetchPage: FetchPage<T>,
  signal?: AbortSignal,
  maxPages = Infinity,
): Promise<T[]> {
  const pages: T[] = [];
  for await (const page of iteratePages(fetchPage, signal)) {
    pages.push(page);
    if (pages.length >= maxPages && page.pagination.has_more) {
      throw new PagingError(t`The list goes on past ${maxPages} pages; the dashboard reads at most that many.`);
    }
  }
  return pages;
}
