// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MINUTE_MS } from './time-spans';
import { useNow } from './use-now';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('moves on with the clock’s minute, not a minute after the screen opened', () => {
    vi.setSystemTime(Date.parse('2026-11-18T10:30:40.500Z'));
    const { result } = renderHook(() => useNow(MINUTE_MS));
    act(() => vi.advanceTimersByTime(19_499));
    expect(new Date(result.current).toISOString()).toBe('2026-11-18T10:30:40.500Z');
    act(() => vi.advanceTimersByTime(1));
    expect(new Date(result.current).toISOString()).toBe('2026-11-18T10:31:00.000Z');
    act(() => vi.advanceTimersByTime(MINUTE_MS));
    expect(new Date(result.current).toISOString()).toBe('2026-11-18T10:32:00.000Z');
  });

  it('ticks on every whole second when asked to', () => {
    vi.setSystemTime(Date.parse('2026-11-18T10:30:09.750Z'));
    const { result } = renderHook(() => useNow(1_000));
    act(() => vi.advanceTimersByTime(250));
    expect(new Date(result.current).toISOString()).toBe('2026-11-18T10:30:10.000Z');
  });
});
