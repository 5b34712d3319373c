/**
 * The few statistics the analysis modules share, each with its one definition:
 * - `weightedMean`: Σ value × weight / Σ weight over entries with a positive weight; null when none.
 * - `nearestRank`: the p-th percentile by nearest rank, rank = ⌈p × n⌉ (1-based) in ascending order; null when
 *   empty. It picks an observed value: right-size capacity is a number of places some hour really needed.
 * - `percentileInc`: the p-th quantile interpolated between ranks (R-7, a spreadsheet's PERCENTILE.INC): the median
 *   and quartiles of what is usual (usual.ts), where a value between two observations is the right answer.
 * - `meansByKey` / `bestKey`: the mean of values per integer key, and the key with the highest mean (ties → the
 *   lowest key).
 */

export interface Weighted {
  value: number;
  weight: number;
}

export function weightedMean(entries: Iterable<Weighted>): number | null {
  let sum = 0;
  let weights = 0;
  for (const { value, weight } of entries) {
    if (!(weight > 0)) continue;
    sum += value * weight;
    weights += weight;
  }
  return weights > 0 ? sum / weights : null;
}

export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? null;
}

export interface KeyedValue {
  key: number;
  value: number;
}

/** Mean value per key, with how many values each mean is over. */
export function meansByKey(entries: Iterable<KeyedValue>): Map<number, { mean: number; count: number }> {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const { key, value } of entries) {
    const acc = sums.get(key) ?? { sum: 0, count: 0 };
    acc.sum += value;
    acc.count += 1;
    sums.set(key, acc);
  }
  return new Map([...sums].map(([key, { sum, count }]) => [key, { mean: sum / count, count }]));
}

/** The key with the highest mean; ties go to the lowest key. Null without entries. */
export function bestKey(means: ReadonlyMap<number, { mean: number }>): number | null {
  let best: { key: number; mean: number } | null = null;
  for (const [key, { mean }] of means) {
    if (best === null || mean > best.mean || (mean === best.mean && key < best.key)) best = { key, mean };
  }
  return best?.key ?? null;
}

/**
 * The p-th quantile (0..1) of ascending `sorted` values by R-7 (PERCENTILE.INC): position p × (n − 1), interpolated
 * between its two neighbours. Null when empty.
 */
export function percentileInc(sorted: readonly number[], p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const position = Math.min(1, Math.max(0, p)) * (n - 1);
  const below = Math.floor(position);
  const a = sorted[below]!;
  const b = sorted[Math.min(n - 1, below + 1)]!;
  // The clamp only guards against rounding: the exact value lies between its neighbours.
  return Math.min(b, a + (b - a) * (position - below));
}
