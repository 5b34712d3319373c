/**
 * A clock the test moves by hand, for code that takes a `PaceClock` (api/pace.ts, the API client):
 *
 *   const clock = manualClock();
 *   const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch, clock });
 *   await clock.advance(1_000); // timers due by then run, in order, each at its own moment
 *
 * `advance` lets promise callbacks run after each timer and at the end, so what a timer resolved has happened.
 * `sleep` waits on it as a retry's wait does (api/series-walk.ts `sleep`), and `advanceUntilSettled` moves it on until a
 * promise has settled, for work that takes many timers (a walk whose every answer comes after a latency).
 */
import type { PaceClock } from '../api/pace';

export interface ManualClock extends PaceClock {
  /** Moves the clock on by `ms`, running every timer due on the way at its own moment. */
  advance(ms: number): Promise<void>;
  /** Timers set and not yet run or cleared. */
  readonly pending: number;
  /** Resolves `ms` later on this clock; rejects with the signal's reason when it aborts first, and clears its timer. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

/** Lets every pending promise callback run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function manualClock(startMs = 0): ManualClock {
  let now = startMs;
  let order = 0;
  const timers = new Set<Timer>();
  const next = (until: number): Timer | undefined =>
    [...timers]
      .filter((timer) => timer.at <= until)
      .sort((a, b) => a.at - b.at || a.order - b.order)
      .at(0);
  const setTimer = (callback: () => void, ms: number): Timer => {
    const timer = { at: now + Math.max(ms, 0), order: order++, callback };
    timers.add(timer);
    return timer;
  };
  const clearTimer = (handle: unknown) => void timers.delete(handle as Timer);
  return {
    now: () => now,
    setTimeout: setTimer,
    clearTimeout: clearTimer,
    async advance(ms) {
      const until = now + ms;
      await settle();
      for (let timer = next(until); timer; timer = next(until)) {
        timers.delete(timer);
        now = Math.max(now, timer.at);
        timer.callback();
        await settle();
      }
      now = until;
      await settle();
    },
    get pending() {
      return timers.size;
    },
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = () => {
          clearTimer(timer);
          reject(signal?.reason);
        };
        const timer = setTimer(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

/**
 * Moves `clock` on by `stepMs` at a time until `promise` has settled, and returns how it settled. Rejects once
 * `limitMs` of the clock have passed without it settling: what the test waits for never came.
 */
export async function advanceUntilSettled<T>(
  clock: ManualClock,
  promise: Promise<T>,
  stepMs: number,
  limitMs = 600_000,
): Promise<PromiseSettledResult<T>> {
  let outcome: PromiseSettledResult<T> | undefined;
  promise.then(
    (value) => (outcome = { status: 'fulfilled', value }),
    (reason: unknown) => (outcome = { status: 'rejected', reason }),
  );
  const until = clock.now() + limitMs;
  await settle();
  while (!outcome) {
    if (clock.now() >= until) throw new Error(`not settled after ${limitMs} ms of the manual clock`);
    await clock.advance(stepMs);
  }
  return outcome;
}
