import { useMemo } from 'react';

/** `{ start, end }` as one object while its dates are the same, so what is memoised on a range is not redone. */
export function useDateSpan(start: string, end: string): { start: string; end: string } {
  return useMemo(() => ({ start, end }), [start, end]);
}
