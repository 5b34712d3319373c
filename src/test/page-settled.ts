/**
 * The point after which a page rendered in jsdom (test/render-page.tsx) has done what it does of its own accord, for
 * tests that check that nothing more was asked for:
 *
 *   const work = trackScheduledWork(); // before the page is rendered
 *   const { queryClient } = renderApp(url, { fetch: api.fetch });
 *   await screen.findByText(...);
 *   await pageSettled(queryClient, work, { requestsMade: () => api.requests.length });
 *   expect(api.requests).toHaveLength(2);
 *
 * Settled is: no timer due within SOON_MS and no animation frame is pending (work held until a paint, a turn, a
 * debounce has run), no query is fetching but the `held` ones (answers the test holds back), and over the last
 * paint the page made no request and added or changed no query. Each round waits for the page's next paint and the
 * task after it (lib/scheduling/after-paint.ts) inside `act`, so React has rendered and run its effects and TanStack Query has
 * told its observers. A request the page makes in reply to what it has (a key that changes with an answer, a query
 * enabled by another's data, work held until a paint or a short timer) has been made by then, however slow the
 * machine: the page is followed to the end of what it scheduled, not given a while.
 */
import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished } from 'vitest';

import { afterNextPaint } from '../lib/scheduling/after-paint';
import { settle } from './manual-clock';

/**
 * Timers set for this long or longer are not followed: they are refreshes and fallbacks (TanStack Query's refetch
 * intervals and garbage collection, the first screen's 4-second hold, a retry's backoff, a kept view's save after
 * 1.5 s), which a test of them drives with a clock. Shorter ones (the task after a paint, a chart's throttled
 * redraw) are waited out.
 */
export const SOON_MS = 1_000;

/** Rounds before giving up: a page still busy after this many paints is in a loop (of requests, of renders). */
const MAX_ROUNDS = 500;

export interface ScheduledWork {
  /** Timers due within SOON_MS of when they were set, and animation frames, not yet run or cancelled. */
  readonly pending: number;
}

/**
 * Counts the timers and animation frames set from now until the test ends (the globals are wrapped, then restored):
 * call it before the page is rendered.
 */
export function trackScheduledWork(): ScheduledWork {
  const original = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    requestAnimationFrame: globalThis.requestAnimationFrame,
    cancelAnimationFrame: globalThis.cancelAnimationFrame,
  };
  const soon = new Set<unknown>();
  const timeout = (callback: (...args: unknown[]) => void, delay = 0, ...args: unknown[]) => {
    const handle: unknown = original.setTimeout(() => {
      soon.delete(handle);
      callback(...args);
    }, delay);
    if (delay < SOON_MS) soon.add(handle);
    return handle;
  };
  globalThis.setTimeout = timeout as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((handle: Parameters<typeof clearTimeout>[0]) => {
    soon.delete(handle);
    original.clearTimeout(handle);
  }) as typeof clearTimeout;
  globalThis.requestAnimationFrame = (callback) => {
    const handle = original.requestAnimationFrame((time) => {
      soon.delete(handle);
      callback(time);
    });
    soon.add(handle);
    return handle;
  };
  globalThis.cancelAnimationFrame = (handle) => {
    soon.delete(handle);
    original.cancelAnimationFrame(handle);
  };
  onTestFinished(() => void Object.assign(globalThis, original));
  return {
    get pending() {
      return soon.size;
    },
  };
}

export interface SettledOptions {
  /** Requests made so far (the fake fetch's), to count what is not a query. */
  requestsMade?: () => number;
  /** Queries left fetching by answers the test holds back. */
  held?: number;
}

export async function pageSettled(
  queryClient: QueryClient,
  work: ScheduledWork,
  options: SettledOptions = {},
): Promise<void> {
  const { requestsMade = () => 0, held = 0 } = options;
  const state = () =>
    JSON.stringify([
      requestsMade(),
      queryClient
        .getQueryCache()
        .getAll()
        .map(({ queryHash, state: s }) => [queryHash, s.status, s.fetchStatus, s.dataUpdatedAt, s.errorUpdatedAt]),
    ]);
  let before = state();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await act(async () => {
      await afterNextPaint();
      await settle();
    });
    await settle();
    const after = state();
    if (after === before && work.pending === 0 && queryClient.isFetching() === held) return;
    before = after;
  }
  throw new Error(`the page did not settle in ${MAX_ROUNDS} paints: ${before}`);
}
