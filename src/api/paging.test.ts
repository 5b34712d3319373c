import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rejectionOf } from '../test/fetch-fakes';
import { PagingError } from './errors';
import { fetchAllPages, iteratePages } from './paging';
import type { Pagination } from './schemas';

interface Page {
  id: number;
  pagination: Pagination;
}

/**
 * A server whose pages are given in order: page i is answered to the i-th request, whatever the cursor.
 * Records the cursor and signal of every request; refuses a request beyond the script.
 */
function scriptedPages(paginations: Pagination[]) {
  const calls: { cursor: string | undefined; signal: AbortSignal | undefined }[] = [];
  const fetchPage = async (cursor: string | undefined, signal?: AbortSignal): Promise<Page> => {
    calls.push({ cursor, signal });
    const pagination = paginations[calls.length - 1];
    if (!pagination) throw new Error(`unexpected request ${calls.length} with cursor ${String(cursor)}`);
    return { id: calls.length, pagination };
  };
  return { fetchPage, calls };
}

const more = (next: string, prev: string | null = null): Pagination => ({
  has_more: true,
  next_cursor: next,
  prev_cursor: prev,
});
const last = (next: string | null = null, prev: string | null = null): Pagination => ({
  has_more: false,
  next_cursor: next,
  prev_cursor: prev,
});

describe('fetchAllPages', () => {
  it('walks until has_more is false, sending no cursor first and then each next_cursor', async () => {
    const server = scriptedPages([more('c2'), more('c3', 'c1'), last(null, 'c2')]);
    const pages = await fetchAllPages(server.fetchPage);
    expect(pages.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(server.calls.map((c) => c.cursor)).toEqual([undefined, 'c2', 'c3']);
  });

  it('makes exactly one request for a single page', async () => {
    const server = scriptedPages([last()]);
    expect((await fetchAllPages(server.fetchPage)).map((p) => p.id)).toEqual([1]);
    expect(server.calls).toEqual([{ cursor: undefined, signal: undefined }]);
  });

  it('stops at has_more false even when the page carries a next_cursor, which is never requested', async () => {
    const server = scriptedPages([more('c2'), last('c3-stale'), more('c4')]);
    const pages = await fetchAllPages(server.fetchPage);
    expect(pages.map((p) => p.id)).toEqual([1, 2]);
    expect(server.calls.map((c) => c.cursor)).toEqual([undefined, 'c2']);
    expect(server.calls.map((c) => c.cursor)).not.toContain('c3-stale');
  });

  it('fails with PagingError when has_more is true but next_cursor is null', async () => {
    const server = scriptedPages([more('c2'), { has_more: true, next_cursor: null, prev_cursor: 'c1' }, last()]);
    const error = await rejectionOf(fetchAllPages(server.fetchPage));
    expect(error).toBeInstanceOf(PagingError);
    expect((error as PagingError).message).toContain('Page 2');
    expect(server.calls).toHaveLength(2);
  });

  it('fails with PagingError, blaming the server, when has_more is true but next_cursor is empty', async () => {
    const server = scriptedPages([{ has_more: true, next_cursor: '', prev_cursor: null }, last()]);
    const error = await rejectionOf(fetchAllPages(server.fetchPage));
    expect(error).toBeInstanceOf(PagingError);
    expect(server.calls).toHaveLength(1);
  });

  it('fails with PagingError on a repeated cursor (A → B → A) and stops asking', async () => {
    const server = scriptedPages([more('A'), more('B'), more('A'), more('B'), more('A'), last()]);
    const error = await rejectionOf(fetchAllPages(server.fetchPage));
    expect(error).toBeInstanceOf(PagingError);
    expect((error as PagingError).message).toContain('Page 3');
    expect(server.calls.map((c) => c.cursor)).toEqual([undefined, 'A', 'B']);
  });

  it('fails with PagingError when a page points at itself (A → A)', async () => {
    const server = scriptedPages([more('A'), more('A'), last()]);
    await expect(fetchAllPages(server.fetchPage)).rejects.toBeInstanceOf(PagingError);
    expect(server.calls.map((c) => c.cursor)).toEqual([undefined, 'A']);
  });

  it('passes the signal to every page request', async () => {
    const server = scriptedPages([more('c2'), more('c3'), last()]);
    const controller = new AbortController();
    await fetchAllPages(server.fetchPage, controller.signal);
    expect(server.calls).toHaveLength(3);
    for (const call of server.calls) expect(call.signal).toBe(controller.signal);
  });

  it('passes through the error of a failing page and asks no further', async () => {
    const failure = new Error('boom');
    let calls = 0;
    const error = await rejectionOf(
      fetchAllPages(async () => {
        calls++;
        if (calls === 2) throw failure;
        return { pagination: more(`c${calls + 1}`) };
      }),
    );
    expect(error).toBe(failure);
    expect(calls).toBe(2);
  });
});

describe('iteratePages', () => {
  it('yields each page as it arrives and asks for the next only when pulled', async () => {
    const server = scriptedPages([more('c2'), more('c3'), last()]);
    const pages = iteratePages(server.fetchPage);
    const first = await pages.next();
    expect(first).toEqual({ done: false, value: { id: 1, pagination: more('c2') } });
    expect(server.calls).toHaveLength(1);
    const second = await pages.next();
    expect(second.value).toEqual({ id: 2, pagination: more('c3') });
    expect(server.calls.map((c) => c.cursor)).toEqual([undefined, 'c2']);
    await pages.return(undefined);
    expect(server.calls).toHaveLength(2);
  });

  it('yields the pages before a cycle, then throws PagingError', async () => {
    const server = scriptedPages([more('A'), more('B'), more('A')]);
    const seen: number[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const page of iteratePages(server.fetchPage)) seen.push(page.id);
      })(),
    );
    expect(error).toBeInstanceOf(PagingError);
    expect(seen).toEqual([1, 2, 3]);
    expect(server.calls).toHaveLength(3);
  });
});

describe('cursor handling: properties', () => {
  const cursorArb = fc.string({ minLength: 1, maxLength: 8 });

  it('a chain of distinct cursors is walked in order, one request per page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(cursorArb, { maxLength: 20 }),
        fc.option(cursorArb, { nil: null }),
        async (cursors, staleCursor) => {
          const server = scriptedPages([...cursors.map((c) => more(c)), last(staleCursor)]);
          const pages = await fetchAllPages(server.fetchPage);
          expect(pages).toHaveLength(cursors.length + 1);
          expect(server.calls.map((c) => c.cursor)).toEqual([undefined, ...cursors]);
        },
      ),
    );
  });

  it('a chain that repeats any cursor fails with PagingError after at most one request per distinct cursor + 1', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uniqueArray(cursorArb, { minLength: 1, maxLength: 20 })
          .chain((cursors) => fc.tuple(fc.constant(cursors), fc.nat({ max: cursors.length - 1 }))),
        async ([cursors, repeatIndex]) => {
          const repeated = cursors[repeatIndex]!;
          // After the distinct cursors, the server points back at one already followed, then loops forever.
          const script = [...cursors.map((c) => more(c)), ...Array.from({ length: 50 }, () => more(repeated))];
          const server = scriptedPages(script);
          await expect(fetchAllPages(server.fetchPage)).rejects.toBeInstanceOf(PagingError);
          expect(server.calls.map((c) => c.cursor)).toEqual([undefined, ...cursors]);
        },
      ),
    );
  });
});
