/**
 * A clock the test moves by hand, for code that takes a `PaceClock` (api/pace.ts, the API client):
 *
 *   const clock = manualClock();
 *   const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch, clock });
 *   await clock.advance(1_000); // timers due by then run, in order, each at its own moment
 *
 * `advance` lets promise callbacks run after each timer and at the end, so what a timer resolved has happened.
 */
import type { PaceClock } from '../api/pace';

export interface ManualClock extends PaceClock {
  /** Moves the clock on by `ms`, running every timer due on the way at its own moment. */
  advance(ms: number): Promise<void>;
  /** Timers set and not yet run or cleared. */
  readonly pending: number;
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
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const timer = { at: now + Math.max(ms, 0), order: order++, callback };
      timers.add(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers.delete(handle as Timer);
    },
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
  };
}
