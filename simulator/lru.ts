/**
 * A small least-recently-used cache bounded by total weight (entry count by default). A Map keeps
 * insertion order, so the first key is always the least recently used one.
 *
 * Weights are whole units of at least 1: a weight below 1 or fractional is rounded up, so no entry is
 * free and the entry count is bounded by the budget too. A weight that is NaN, infinite or negative is
 * a bug in the weigher and throws a RangeError (the cache is left as it was).
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxWeight: number;
  readonly #weigh: (value: V) => number;
  #totalWeight = 0;

  constructor(maxWeight: number, weigh: (value: V) => number = () => 1) {
    if (!Number.isSafeInteger(maxWeight) || maxWeight < 1) {
      throw new RangeError(`LruCache budget must be a positive integer; got ${maxWeight}`);
    }
    this.#maxWeight = maxWeight;
    this.#weigh = weigh;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The sum of the entries' weights; never more than `maxWeight`. */
  get totalWeight(): number {
    return this.#totalWeight;
  }

  get maxWeight(): number {
    return this.#maxWeight;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value unless it alone outweighs the whole cache; evicts the oldest entries as needed. */
  set(key: K, value: V): void {
    const weight = this.#weightOf(value);
    this.delete(key);
    if (weight > this.#maxWeight) return;
    this.#entries.set(key, { value, weight });
    this.#totalWeight += weight;
    for (const [oldestKey] of this.#entries) {
      if (this.#totalWeight <= this.#maxWeight) break;
      this.delete(oldestKey);
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#totalWeight -= entry.weight;
  }

  /** Returns the cached value, computing and storing it on a miss. */
  getOrCreate(key: K, create: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = create();
    this.set(key, value);
    return value;
  }

  #weightOf(value: V): number {
    const weight = this.#weigh(value);
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RangeError(`LruCache weight must be a finite number of at least 0; got ${weight}`);
    }
    return Math.max(1, Math.ceil(weight));
  }
}
