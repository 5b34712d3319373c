import { useState } from 'react';

/**
 * `items`, or the array given last time while it holds the same items in the same order: a list rebuilt on every
 * render (one entry per query) keeps its identity while its entries do, so what is memoised on it is not redone.
 */
export function useSameItems<T>(items: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(items);
  const same = kept.length === items.length && kept.every((item, index) => item === items[index]);
  // Adjusting state while rendering (React re-renders at once, before anything is committed).
  if (!same) setKept(items);
  return same ? kept : items;
}
