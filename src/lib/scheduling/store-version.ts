/**
 * What React reads of a store kept outside React (`useStoreVersion`): a version that changes with the store, and who
 * to tell. A store that changes many times a second tells its subscribers at most once per `coalesceMs`
 * (`changedSoon`), so that React renders a batch of changes once, in slices (`useStoreVersion`).
 * Use it for a store outside React that changes many times while a page loads (the portfolio's rows and readings);
 * a query's own data needs none of it.
 */
import { startTransition, useEffect, useState } from 'react';

export class StoreVersion {
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly coalesceMs: number) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new number whenever the store has changed; the same between changes. */
  readonly getVersion = (): number => this.version;

  /** Tells the subscribers now (a change not yet told goes with it). */
  changed(): void {
    this.cancel();
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** Tells the subscribers within `coalesceMs`, once for all the changes until then. */
  changedSoon(): void {
    this.timer ??= setTimeout(() => this.changed(), this.coalesceMs);
  }

  /** Forgets a change not yet told (the store has stopped). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** A store read through its version (StoreVersion's `subscribe` and `getVersion`). */
export interface VersionedStore {
  subscribe(listener: () => void): () => void;
  getVersion(): number;
}

/**
 * The store's version, as React state set in a transition: what reads it re-renders in slices React yields between,
 * not in one task (the portfolio's page re-renders its summary and rows as they load; with useSyncExternalStore each
 * is one task React cannot slice, a long one on a phone). A render may read the store a change newer than its
 * version: a store's state only moves forward, and the next version renders it again.
 */
export function useStoreVersion(store: VersionedStore): number {
  const [seen, setSeen] = useState(() => ({ store, version: store.getVersion() }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setSeen((current) =>
          current.store === store && current.version === store.getVersion()
            ? current
            : { store, version: store.getVersion() },
        ),
      );
    // A change between the render and this subscription.
    update();
    return store.subscribe(update);
  }, [store]);
  return seen.store === store ? seen.version : store.getVersion();
}
