import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most once every `everyMs` while `settled` is false, and at once when it is true.
 * A chart growing page by page redraws a few times a second, not once per page: drawing 35 pages of a
 * year one by one costs the square of the work.
 *
 * `undefined` (nothing yet: a new request's first page is loading) is passed on at once, and so is the first
 * value after it: what was shown before belongs to another request and must not stay on screen under its labels.
 */
export function useThrottledValue<T>(value: T, everyMs: number, settled: boolean): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(0);
  // A render-time update: the old value is dropped before this render commits, not after a timer.
  if (value === undefined && shown !== undefined) setShown(value);
  useEffect(() => {
    if (shown === value) return;
    const wait = settled || shown === undefined ? 0 : Math.max(0, lastShownAt.current + everyMs - Date.now());
    const timer = setTimeout(() => {
      lastShownAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, everyMs, settled, shown]);
  return settled || value === undefined ? value : shown;
}
