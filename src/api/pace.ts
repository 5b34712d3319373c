/**
 * The pace at which one API client starts its requests, learned from the server's refusals (429 Too Many Requests),
 * as TCP learns a link's capacity (AIMD):
 *
 * - **Full speed until refused.** Until the first 429, and again once the limit has lifted, `turn` lets every request
 *   start at once: no timer, no promise, nothing added to a request's way.
 * - **Multiplicative decrease.** A 429 halves the rate at which requests may start: the rate in force, or, at full
 *   speed, the requests started over the last second (the rate the app was asking at). Requests already in flight
 *   were sent at the old pace: their refusals extend the wait but do not halve it again (one decrease per round, as
 *   TCP's).
 * - **Retry-After.** No request starts before the moment a 429's `Retry-After` names (at most MAX_RETRY_AFTER_MS).
 * - **Additive increase.** From the end of that wait the rate grows linearly, back to the rate refused after RAMP_MS.
 * - **Back to full** RECOVERY_MS after the last refusal, and no sooner than RAMP_MS after its wait: a limit that has
 *   lifted costs at most that.
 *
 * Paced starts are spaced 1/rate apart, first come first served; a request whose signal aborts while it waits leaves
 * the line at once. Whether the pace is slowed is subscribable (`subscribe`, `getSnapshot`: useSyncExternalStore),
 * for the status lines that say so. No globals: the clock is injected (`PaceClock`), so tests run it on their own.
 */
import { MAX_RETRY_AFTER_MS } from './retry';

/** The rate is halved on a refusal. */
export const DECREASE = 0.5;
/** After a refusal's wait, the rate is back to the rate refused in this long, and grows on at that slope. */
export const RAMP_MS = 4_000;
/** Full speed again this long after the last refusal (and RAMP_MS after its Retry-After wait at the earliest). */
export const RECOVERY_MS = 10_000;
/** The slowest pace: requests a second. */
export const MIN_RATE = 1;
/** At full speed, a refusal halves the requests started over this window. */
const RATE_WINDOW_MS = 1_000;

export interface PaceClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: PaceClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PaceSnapshot {
  /** A 429 slowed the requests down, and they are not back to full speed yet. */
  readonly slowed: boolean;
}

/** What the UI may read of a pace: its state, and word when it changes. */
export interface PaceState {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PaceSnapshot;
}

/** A request the server refused for its rate (429). */
export interface Refusal {
  /** When the request started (the moment its `turn` let it go). */
  startedAtMs: number;
  /** Its `Retry-After`, in milliseconds from its answer; null when it sent none (or an unreadable one). */
  retryAfterMs: number | null;
}

export interface Pace extends PaceState {
  /**
   * The request's turn to start: undefined when it may start now (always, at full speed), else a promise that
   * resolves at its turn, or rejects with the signal's reason as soon as the signal aborts.
   */
  turn(signal?: AbortSignal): Promise<void> | undefined;
  /** The server answered 429 to a request that `turn` let start. Nothing else changes the pace. */
  refused(refusal: Refusal): void;
  /** Requests a second that may start now; Infinity at full speed. */
  rate(): number;
  /** Requests waiting for their turn. */
  readonly waiting: number;
}

const FULL: PaceSnapshot = Object.freeze({ slowed: false });
const SLOWED: PaceSnapshot = Object.freeze({ slowed: true });

interface Waiter {
  start(): void;
  abandon(): void;
}

export function createPace(clock: PaceClock = systemClock): Pace {
  let paced = false;
  /** The rate just after the last decrease, and the moment it starts to grow again (the end of its wait). */
  let floorRate = Infinity;
  let rampFromMs = -Infinity;
  let decreasedAtMs = -Infinity;
  /** No request starts before this (a Retry-After). */
  let blockedUntilMs = -Infinity;
  /** The earliest the next paced request may start. */
  let nextStartMs = -Infinity;
  let fullAtMs = -Infinity;
  /** When the requests of the last RATE_WINDOW_MS started, oldest first. */
  const starts: number[] = [];
  const queue: Waiter[] = [];
  const listeners = new Set<() => void>();
  let startTimer: unknown = null;
  let recoveryTimer: unknown = null;

  const rateAt = (ms: number): number => {
    if (!paced) return Infinity;
    if (ms <= rampFromMs) return floorRate;
    // Linear, from the halved rate back to the rate refused (the halved rate / DECREASE) in RAMP_MS, and on.
    return floorRate * (1 + ((1 / DECREASE - 1) * (ms - rampFromMs)) / RAMP_MS);
  };
  const startsAt = (): number => (paced ? Math.max(nextStartMs, blockedUntilMs) : blockedUntilMs);
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const startsLastSecond = (now: number): number => {
    while (starts.length > 0 && starts[0]! <= now - RATE_WINDOW_MS) starts.shift();
    return starts.length;
  };
  const started = (ms: number) => {
    starts.push(ms);
    startsLastSecond(ms);
    if (paced) nextStartMs = ms + 1000 / rateAt(ms);
  };

  /** Starts every waiter whose turn has come, and sets a timer for the next one. */
  const pump = () => {
    if (startTimer !== null) clock.clearTimeout(startTimer);
    startTimer = null;
    while (queue.length > 0) {
      const now = clock.now();
      const at = startsAt();
      if (now < at) {
        startTimer = clock.setTimeout(() => {
          startTimer = null;
          pump();
        }, at - now);
        return;
      }
      started(now);
      queue.shift()!.start();
    }
  };

  const recover = () => {
    recoveryTimer = null;
    if (clock.now() < fullAtMs) return scheduleRecovery();
    paced = false;
    floorRate = Infinity;
    notify();
    pump();
  };
  const scheduleRecovery = () => {
    if (recoveryTimer !== null) clock.clearTimeout(recoveryTimer);
    recoveryTimer = clock.setTimeout(recover, Math.max(fullAtMs - clock.now(), 0));
  };

  return {
    turn(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      if (queue.length === 0 && now >= startsAt()) {
        started(now);
        return undefined;
      }
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index < 0) return;
          queue.splice(index, 1);
          waiter.abandon();
          // The one behind may be next now.
          if (index === 0) pump();
        };
        const waiter: Waiter = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          abandon: () => reject(signal?.reason),
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        if (queue.length === 1) pump();
      });
    },

    refused({ startedAtMs, retryAfterMs }) {
      const now = clock.now();
      const wait = retryAfterMs === null ? 0 : Math.min(Math.max(retryAfterMs, 0), MAX_RETRY_AFTER_MS);
      blockedUntilMs = Math.max(blockedUntilMs, now + wait);
      const wasPaced = paced;
      // At full speed any refusal slows down; when paced, only one of a request sent at the pace in force.
      if (!paced || startedAtMs >= decreasedAtMs) {
        const refusedRate = paced ? rateAt(now) : startsLastSecond(now);
        floorRate = Math.max(MIN_RATE, refusedRate * DECREASE);
        decreasedAtMs = now;
        paced = true;
        nextStartMs = Math.max(nextStartMs, blockedUntilMs, now + 1000 / floorRate);
      }
      rampFromMs = Math.max(rampFromMs, blockedUntilMs, now);
      fullAtMs = Math.max(fullAtMs, now + RECOVERY_MS, blockedUntilMs + RAMP_MS);
      scheduleRecovery();
      if (!wasPaced) notify();
      pump();
    },

    rate: () => rateAt(clock.now()),

    get waiting() {
      return queue.length;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => (paced ? SLOWED : FULL),
  };
}
