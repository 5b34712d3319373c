/**
 * Deterministic, hash-based pseudo-randomness. Every "random" value in the synthetic data is a pure
 * function of its coordinates (location, day, sample index, seed, ...), so identical requests always
 * give identical bodies and nothing depends on evaluation order. `Math.random` is never used here.
 * Simulated failures (failures.ts) draw from here too, by the request's position.
 */

/** Folds one 32-bit integer into a running hash (murmur3 block mixing). */
function mixWord(hash: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let h = hash ^ k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Folds one integer into a running hash; values beyond 32 bits (seeds, epoch minutes) in two halves. */
function mix(hash: number, value: number): number {
  const high = Math.floor(value / 0x1_0000_0000) | 0;
  return mixWord(mixWord(hash, value | 0), high);
}

/** The murmur3 finaliser: spreads every input bit over the whole output. */
function finalize(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** An unsigned 32-bit hash of the given integers (order matters). */
export function hashInts(...values: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) h = mix(h, value);
  return finalize(h ^ values.length);
}

/** A uniform number in [0, 1) determined by the given integers. */
export function unitHash(...values: readonly number[]): number {
  return hashInts(...values) / 0x1_0000_0000;
}

/**
 * A stream of uniform numbers in [0, 1): `draw(i)` equals `unitHash(...coordinates, i)`, but the
 * coordinates are hashed once, so each draw costs one mixing step (the per-sample hot path).
 */
export function uniformStream(...coordinates: readonly number[]): (index: number) => number {
  let prefix = 0x9e3779b9;
  for (const value of coordinates) prefix = mix(prefix, value);
  const length = coordinates.length + 1;
  return (index) => finalize(mix(prefix, index) ^ length) / 0x1_0000_0000;
}

/** Distinguishes the independent random streams drawn from the same coordinates. */
export const Stream = {
  sampleNoise: 1,
  dayLevel: 2,
  turnover: 3,
  outageCount: 4,
  outageStart: 5,
  outageLength: 6,
  meetingStart: 7,
  meetingLength: 8,
  meetingSize: 9,
  eventPlan: 10,
  eventAttendance: 11,
  peakDwell: 12,
  /** Not data: which API requests `--fail-rate` fails (failures.ts). */
  failure: 13,
  /** The generated locations of `--portfolio` (portfolio.ts): their layout, names and parameters. */
  portfolio: 14,
  /** The day's visit-length level (model.ts, dwellFactor). */
  dwellLevel: 15,
} as const;
