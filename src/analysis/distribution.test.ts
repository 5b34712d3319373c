import { describe, expect, it } from 'vitest';

import { utilizationDistribution } from './distribution';
import { dayOf, NY_STANDARD, occupancyAt } from '../test/test-windows';

const LABELS = ['0–20 %', '20–40 %', '40–60 %', '60–80 %', '80–100 %', 'over 100 %'];

function distributionOf(values: number[]) {
  const windows = [...dayOf('2026-03-02', NY_STANDARD), ...dayOf('2026-03-03', NY_STANDARD)];
  return utilizationDistribution(values.map((util, i) => occupancyAt(windows[i]!, { util })));
}

describe('utilizationDistribution', () => {
  it('has six bands, with null shares and no hours without windows', () => {
    const bins = utilizationDistribution([]);
    expect(bins.map((bin) => bin.label)).toEqual(LABELS);
    expect(bins.every((bin) => bin.hours === 0 && bin.share === null)).toBe(true);
    expect(bins.map((bin) => [bin.from, bin.to])).toEqual([
      [0, 0.2],
      [0.2, 0.4],
      [0.4, 0.6],
      [0.6, 0.8],
      [0.8, 1],
      [1, null],
    ]);
  });

  it('puts each boundary in the band above it, except 1.0 which is in 80–100 %', () => {
    const bins = distributionOf([0, 0.1999, 0.2, 0.4, 0.6, 0.79, 0.8, 1, 1.0001, 1.5]);
    expect(bins.map((bin) => bin.hours)).toEqual([2, 1, 1, 2, 2, 2]);
    expect(bins.map((bin) => bin.share)).toEqual([0.2, 0.1, 0.1, 0.2, 0.2, 0.2]);
  });

  it('counts a closed day of zeros in 0–20 %', () => {
    const bins = distributionOf([...Array<number>(24).fill(0), 0.5, 0.5]);
    expect(bins[0]).toMatchObject({ hours: 24, share: 24 / 26 });
    expect(bins[2]).toMatchObject({ hours: 2, share: 2 / 26 });
  });
});
