import { afterEach, describe, expect, it, vi } from 'vitest';

import { TAKE_OVER_WAIT_MS, takeOver } from './service-worker';
import { SW_MESSAGES } from './sw-routes';

afterEach(() => {
  vi.useRealTimers();
});

/** A waiting worker: its state changes when the test says, and it records what it is told. */
function waitingWorker() {
  const target = new EventTarget();
  const worker = Object.assign(target, {
    state: 'installed' as ServiceWorkerState,
    posted: [] as unknown[],
    postMessage(message: unknown) {
      worker.posted.push(message);
    },
    becomes(state: ServiceWorkerState) {
      worker.state = state;
      target.dispatchEvent(new Event('statechange'));
    },
  });
  return worker;
}

describe('takeOver', () => {
  it('tells the worker to skip waiting, and goes on once it is active, once', () => {
    vi.useFakeTimers();
    const worker = waitingWorker();
    const then = vi.fn();
    takeOver(worker as unknown as ServiceWorker, then);
    expect(worker.posted).toEqual([{ type: SW_MESSAGES.skipWaiting }]);
    worker.becomes('activating');
    expect(then).not.toHaveBeenCalled();
    worker.becomes('activated');
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TAKE_OVER_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('goes on at once for a worker already active, and for one replaced by a newer one', () => {
    const active = waitingWorker();
    active.state = 'activated';
    const then = vi.fn();
    takeOver(active as unknown as ServiceWorker, then);
    expect(then).toHaveBeenCalledTimes(1);

    const replaced = waitingWorker();
    const thenReplaced = vi.fn();
    takeOver(replaced as unknown as ServiceWorker, thenReplaced);
    replaced.becomes('redundant');
    expect(thenReplaced).toHaveBeenCalledTimes(1);
  });

  it('goes on all the same when the browser keeps the worker waiting (the active one still busy)', () => {
    vi.useFakeTimers();
    const worker = waitingWorker();
    const then = vi.fn();
    takeOver(worker as unknown as ServiceWorker, then);
    vi.advanceTimersByTime(TAKE_OVER_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
    worker.becomes('activated');
    expect(then).toHaveBeenCalledTimes(1);
  });
});
