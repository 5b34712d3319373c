import { useEffect, useState } from 'react';

import { onNextPaint } from './after-paint';

/**
 * `value`, passed on only after the browser has painted the frame that follows it: for work that must not hold up
 * what that frame draws (a chart draws on the next animation frame; a deferred React render still runs before it).
 * Until then, and for `undefined`, it is `undefined`: never an earlier value in place of a newer one.
 * Use it for a costly render that can come a frame late (a metric page's figures after its chart, the portfolio's
 * rows after the table's frame).
 */
export function useAfterPaint<T>(value: T | undefined): T | undefined {
  const [painted, setPainted] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (value === undefined) return;
    return onNextPaint(() => setPainted({ value }));
  }, [value]);
  return painted !== null && painted.value === value ? value : undefined;
}
