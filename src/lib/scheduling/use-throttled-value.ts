import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most once every `everyMs` while `settled` is false, and at once when it is true.
 * A chart growing page by page redraws a few times a second, not once per page: drawing 35 pages of a
 * year one by one costs the square of the work.
 *
 * `undefined` (nothing yet: a new request's first page is loading) is passed on at once, and so is the first
 * value after it, and the first value under a new `key` (another request, even one partly in the cache): what was
 * shown before belongs to another request and must not stay on screen under its labels.
 * Use it for a value that grows while it loads and is costly to draw (a chart's series as its pages stream in).
 */
export function useThrottledValue<T>(value: T, everyMs: number, settled: boolean, key?: string): T {
  const [shown, setShown] = useState({ value, key });
  const lastShownAt = useRef(0);
  // Render-time updates: the old value is dropped before this render commits, not after a timer.
  if (key !== shown.key || (value === undefined && shown.value !== undefined)) setShown({ value, key });
  useEffect(() => {
    if (shown.value === value) return;
    const wait = settled || shown.value === undefined ? 0 : Math.max(0, lastShownAt.current + everyMs - Date.now());
    const timer = setTimeout(() => {
      lastShownAt.current = Date.now();
      setShown({ value, key });
    }, wait);
    return () => clearTimeout(timer);
  }, [value, everyMs, settled, shown, key]);
  return settled || value === undefined || key !== shown.key ? value : shown.value;
}
