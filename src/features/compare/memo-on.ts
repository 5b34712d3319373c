/**
 * What is computed from a series, computed once per series: kept beside the object it is computed from (a walk's
 * points, a set of series), under a key for everything else it depends on, and forgotten with that object.
 */
const kept = new WeakMap<object, Map<string, unknown>>();

export function memoOn<T>(anchor: object, key: string, make: () => T): T {
  let entries = kept.get(anchor);
  if (!entries) kept.set(anchor, (entries = new Map()));
  if (entries.has(key)) return entries.get(key) as T;
  const made = make();
  entries.set(key, made);
  return made;
}
