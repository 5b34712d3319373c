// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useThrottledValue } from './use-throttled-value';

describe('useThrottledValue', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('passes the first change at once, then at most one every interval, and the settled value at once', () => {
    const { result, rerender } = renderHook(({ value, settled }) => useThrottledValue(value, 750, settled), {
      initialProps: { value: 0, settled: false },
    });
    rerender({ value: 1, settled: false });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(1);

    rerender({ value: 2, settled: false });
    rerender({ value: 3, settled: false });
    act(() => vi.advanceTimersByTime(700));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(3);

    rerender({ value: 4, settled: true });
    expect(result.current).toBe(4);
  });

  it('passes nothing (undefined) at once, and the first value after it at once', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottledValue<string | undefined>(value, 750, false), {
      initialProps: { value: 'old walk, page 1' as string | undefined },
    });
    rerender({ value: 'old walk, page 2' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('old walk, page 2');

    rerender({ value: 'old walk, page 3' });
    rerender({ value: undefined });
    expect(result.current).toBeUndefined();

    rerender({ value: 'new walk, page 1' });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('new walk, page 1');
  });
});

describe('useThrottledValue under a key', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('passes the first value under a new key at once, even while the old one waits its turn', () => {
    const { result, rerender } = renderHook(({ value, key }) => useThrottledValue(value, 2_000, false, key), {
      initialProps: { value: 'interval A, page 1', key: 'A' },
    });
    rerender({ value: 'interval A, page 2', key: 'A' });
    act(() => vi.advanceTimersByTime(0));
    rerender({ value: 'interval A, page 3', key: 'A' });
    expect(result.current).toBe('interval A, page 2');

    // Another request whose walk is partly in the cache: its pages, never A's, from the first render on.
    rerender({ value: 'interval B, pages 1–5', key: 'B' });
    expect(result.current).toBe('interval B, pages 1–5');
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('interval B, pages 1–5');

    rerender({ value: 'interval B, pages 1–6', key: 'B' });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('interval B, pages 1–5');
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('interval B, pages 1–6');
  });
});
