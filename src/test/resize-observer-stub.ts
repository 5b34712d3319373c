import { vi } from 'vitest';

/** A ResizeObserver the code made: what it observes, whether it is disconnected, its report (the test gives it). */
export interface StubbedObserver {
  report: () => void;
  observed: Element[];
  disconnected: boolean;
}

/**
 * Replaces ResizeObserver with one whose reports the test gives (`observers[i].report()`), as the browser gives them
 * after a frame's layout. Undo with `vi.unstubAllGlobals()`.
 */
export function stubResizeObserver(): StubbedObserver[] {
  const observers: StubbedObserver[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly entry: StubbedObserver;
      constructor(report: () => void) {
        this.entry = { report, observed: [], disconnected: false };
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
