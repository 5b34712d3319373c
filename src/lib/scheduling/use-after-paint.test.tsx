// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useAfterPaint } from './use-after-paint';

afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('passes a value on after the next frame and a task after it, never an earlier value in its place', async () => {
    vi.useFakeTimers();
    const first = { n: 1 };
    const second = { n: 2 };
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), {
      initialProps: { value: first as { n: number } | undefined },
    });
    expect(result.current).toBeUndefined();
    act(() => void vi.advanceTimersToNextFrame());
    expect(result.current).toBeUndefined();
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(result.current).toBe(first);

    rerender({ value: second });
    expect(result.current).toBeUndefined();
    act(() => void vi.advanceTimersToNextFrame());
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(result.current).toBe(second);

    rerender({ value: undefined });
    expect(result.current).toBeUndefined();
  });
});
