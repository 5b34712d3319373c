import { describe, expect, it } from 'vitest';

import { bestKey, meansByKey, nearestRank, weightedMean } from './stats';

describe('weightedMean', () => {
  it('weights values and skips entries without a positive weight', () => {
    expect(
      weightedMean([
        { value: 1, weight: 3 },
        { value: 5, weight: 1 },
        { value: 100, weight: 0 },
        { value: 100, weight: -1 },
      ]),
    ).toBe(2);
  });

  it('is null without weight', () => {
    expect(weightedMean([])).toBeNull();
    expect(weightedMean([{ value: 1, weight: 0 }])).toBeNull();
  });
});

describe('nearestRank', () => {
  it('takes the ⌈p × n⌉-th smallest value', () => {
    expect(nearestRank([50, 10, 40, 20, 30], 0.95)).toBe(50); // ⌈4.75⌉ = 5
    expect(nearestRank([50, 10, 40, 20, 30], 0.5)).toBe(30); // ⌈2.5⌉ = 3
    expect(nearestRank([50, 10, 40, 20, 30], 0.4)).toBe(20); // ⌈2⌉ = 2
    expect(nearestRank([], 0.95)).toBeNull();
  });
});

describe('meansByKey and bestKey', () => {
  it('averages per key and picks the highest mean, ties to the lowest key', () => {
    const means = meansByKey([
      { key: 9, value: 4 },
      { key: 3, value: 2 },
      { key: 3, value: 6 },
      { key: 5, value: 1 },
    ]);
    expect(means.get(3)).toEqual({ mean: 4, count: 2 });
    expect(bestKey(means)).toBe(3);
    expect(bestKey(new Map())).toBeNull();
  });
});
