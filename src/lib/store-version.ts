/**
 * What `useSyncExternalStore` reads of a store kept outside React: a version that changes with the store, and who to
 * tell. A store that changes many times a second tells its subscribers at most once per `coalesceMs` (`changedSoon`),
 * so that React renders a batch of changes once.
 */
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
