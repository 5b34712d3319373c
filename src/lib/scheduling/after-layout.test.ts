// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { measureAfterLayout } from './after-layout';

/** A ResizeObserver whose reports the test gives. */
function stubObserver() {
  const observers: { report: () => void; observed: Element[]; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry;
      constructor(report: () => void) {
        this.entry = { report, observed: [] as Element[], disconnected: false };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.observed.push(element);
      }
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return observers;
}

describe('measureAfterLayout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('measures at the first report, not at once, and at later ones while following', () => {
    const observers = stubObserver();
    const element = document.createElement('div');
    const measure = vi.fn();
    const stop = measureAfterLayout(element, measure, true);
    expect(measure).not.toHaveBeenCalled();
    expect(observers[0]!.observed).toEqual([element]);
    observers[0]!.report();
    observers[0]!.report();
    expect(measure).toHaveBeenCalledTimes(2);
    stop();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('stops observing after the first report when not following', () => {
    const observers = stubObserver();
    const measure = vi.fn();
    measureAfterLayout(document.createElement('div'), measure, false);
    observers[0]!.report();
    expect(measure).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const measure = vi.fn();
    measureAfterLayout(document.createElement('div'), measure, true)();
    expect(measure).toHaveBeenCalledTimes(1);
  });
});
