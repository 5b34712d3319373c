/**
 * The latest of a stream of values, handed on at most once every `everyMs` (the first at once, on the next tick):
 * a walk publishing a snapshot per page re-renders its page a few times a second, not once per page.
 * `flush` hands on what is pending now; `cancel` drops it (the caller has something newer to say).
 * Use it outside React, where a source publishes faster than a page should re-render; inside a component,
 * use-throttled-value.ts does the same for a value.
 */
export interface Coalescer<T> {
  push(value: T): void;
  flush(): void;
  cancel(): void;
}

export function createCoalescer<T>(handOn: (value: T) => void, everyMs: number): Coalescer<T> {
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastAt = -Infinity;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastAt = Date.now();
    handOn(value);
  };
  return {
    push(value) {
      pending = { value };
      if (timer === undefined) timer = setTimeout(flush, Math.max(0, lastAt + everyMs - Date.now()));
    },
    flush,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
