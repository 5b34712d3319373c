/**
 * A small least-recently-used cache bounded by total weight (entry count by default). A Map keeps
 * insertion order, so the first key is always the least recently used one.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxWeight: number;
  readonly #weigh: (value: V) => number;
  #totalWeight = 0;

  constructor(maxWeight: number, weigh: (value: V) => number = () => 1) {
    this.#maxWeight = maxWeight;
    this.#weigh = weigh;
  }

  get size(): number {
    return this.#entries.size;
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
    this.delete(key);
    const weight = this.#weigh(value);
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
}
