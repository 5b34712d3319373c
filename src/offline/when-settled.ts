/**
 * When the page's data is in: no query of the cache is being fetched. The service worker's first install (the
 * whole build, far larger than a page's own code) waits for it, so that it never shares the network and the server
 * with a page's first answers (a year of data is a hundred pages).
 */
import type { QueryClient } from '@tanstack/react-query';

import { afterNextPaint, onNextFrameShown } from '../lib/scheduling/after-paint';

/** The longest the install waits for a cache that is never quiet (a kiosk refreshing without pause). */
export const SETTLED_MAX_WAIT_MS = 30_000;

/** Resolves once no query is fetching (at once if none is), or after `maxWaitMs`. */
export function whenQueriesSettled(queryClient: QueryClient, maxWaitMs = SETTLED_MAX_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    if (queryClient.isFetching() === 0) return done();
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      // A query that is fetching settles nothing; a portfolio's thousands of rows make counting at each event costly.
      if (event.query.state.fetchStatus === 'fetching') return;
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/**
 * Once the page's first answers are drawn: it has painted, no query is fetching (or `maxWaitMs` has passed), and
 * the frame that drew what they answered is on screen. What the first screen does not need (the code that keeps a view for offline
 * use, views/use-kept-view.ts) is asked for then, so that it neither queues before the answers nor shares the
 * network with them.
 */
export async function whenAnswersDrawn(queryClient: QueryClient, maxWaitMs = SETTLED_MAX_WAIT_MS): Promise<void> {
  await afterNextPaint();
  await whenQueriesSettled(queryClient, maxWaitMs);
  await new Promise<void>((resolve) => onNextFrameShown(resolve));
}
