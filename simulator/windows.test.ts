import { describe, expect, it } from 'vitest';

import { WindowList } from './windows';

const TOTALS = { slots: 3, present: 2, occupancySum: 10, occupancyPeak: 6, entries: 4, emptySamples: 1 };

function bounds(index: number) {
  return { startMs: index * 60_000, endMs: (index + 1) * 60_000, startOffsetMinutes: -300, endOffsetMinutes: -300 };
}

describe('WindowList', () => {
  it('starts with a 20 KiB buffer; compact() shrinks it to 80 bytes a window and keeps every window', () => {
    const list = new WindowList();
    expect(list.byteLength).toBe(256 * 80);
    for (let index = 0; index < 300; index++) list.append(bounds(index), { ...TOTALS, entries: index });
    expect(list.byteLength).toBe(512 * 80);
    list.compact();
    expect(list.byteLength).toBe(300 * 80);
    expect(list.at(299)).toEqual({ ...bounds(299), totals: { ...TOTALS, entries: 299 } });
  });

  it('holds no buffer bytes when compacted empty, and can still grow', () => {
    const list = new WindowList();
    list.compact();
    expect(list.byteLength).toBe(0);
    list.append(bounds(0), TOTALS);
    expect(list.length).toBe(1);
    expect(list.at(0).totals).toEqual(TOTALS);
  });
});
