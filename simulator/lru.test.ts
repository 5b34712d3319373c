import { describe, expect, it } from 'vitest';

import { LruCache } from './lru';

describe('LruCache', () => {
  it('evicts the least recently used entries once the total weight exceeds the budget', () => {
    const cache = new LruCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    expect(cache.totalWeight).toBe(3);
  });

  it('counts a weight of 0 as 1, so weightless entries are bounded by the budget too', () => {
    const cache = new LruCache<number, string>(10, () => 0);
    for (let key = 0; key < 1000; key++) {
      cache.set(key, 'empty');
      expect(cache.totalWeight).toBeLessThanOrEqual(10);
    }
    expect(cache.size).toBe(10);
  });

  it('rounds fractional weights up to whole units', () => {
    const cache = new LruCache<number, number>(10, (value) => value);
    cache.set(1, 0.2);
    cache.set(2, 2.5);
    expect(cache.totalWeight).toBe(4);
  });

  it.each([NaN, Infinity, -1])('refuses a weight of %s with a RangeError, and keeps what it held', (weight) => {
    const cache = new LruCache<string, number>(10, (value) => value);
    cache.set('kept', 3);
    expect(() => cache.set('bad', weight)).toThrow(RangeError);
    expect(cache.get('bad')).toBeUndefined();
    expect(cache.totalWeight).toBe(3);
    expect(cache.size).toBe(1);
  });

  it.each([0, -5, 1.5, NaN, Infinity])('refuses a budget of %s', (budget) => {
    expect(() => new LruCache(budget)).toThrow(RangeError);
  });

  it('does not store a value heavier than the whole budget, and drops the old value of its key', () => {
    const cache = new LruCache<string, number>(10, (value) => value);
    cache.set('key', 4);
    cache.set('key', 11);
    expect(cache.get('key')).toBeUndefined();
    expect(cache.totalWeight).toBe(0);
  });
});
