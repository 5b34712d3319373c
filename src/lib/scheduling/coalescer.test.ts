import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createCoalescer } from './coalescer';

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('hands on the first value on the next tick, then the latest at most once every interval', () => {
    const seen: number[] = [];
    const coalescer = createCoalescer((value: number) => seen.push(value), 200);
    coalescer.push(1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([1]);
    coalescer.push(2);
    coalescer.push(3);
    vi.advanceTimersByTime(199);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 3]);
  });

  it('flushes what is pending at once, and cancels it so that nothing older comes after', () => {
    const seen: string[] = [];
    const coalescer = createCoalescer((value: string) => seen.push(value), 200);
    coalescer.push('page 1');
    vi.advanceTimersByTime(0);
    coalescer.push('page 2');
    coalescer.flush();
    expect(seen).toEqual(['page 1', 'page 2']);
    coalescer.push('page 3');
    coalescer.cancel();
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(['page 1', 'page 2']);
  });
});
