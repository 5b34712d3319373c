/**
 * The one cap on requests in flight to a server: the API client (client.ts) owns one and takes a slot for every
 * request it sends, so a view of 200 rooms never fires 200 requests at once, whoever asks. One limiter per API
 * client (one client per app, so one per server). Slots are handed out first come, first served; a task whose
 * signal aborts while it waits gives its place up at once.
 */

/** Browsers open about six connections per host over HTTP/1.1: more in flight would only queue in the browser. */
export const REQUESTS_IN_FLIGHT = 6;

export interface Limiter {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly inFlight: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  let inFlight = 0;
  const queue: { start(): void; abandon(): void }[] = [];

  const release = () => {
    inFlight--;
    queue.shift()?.start();
  };

  return {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          inFlight++;
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            // A task that throws before returning a promise still frees its slot.
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(release);
        };
        const entry = { start, abandon: () => reject(signal?.reason) };
        const onAbort = () => {
          const index = queue.indexOf(entry);
          if (index >= 0) queue.splice(index, 1);
          entry.abandon();
        };
        if (inFlight < max) start();
        else {
          queue.push(entry);
          signal?.addEventListener('abort', onAbort, { once: true });
        }
      });
    },
  };
}
