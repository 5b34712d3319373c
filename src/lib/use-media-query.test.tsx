// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useMediaQuery } from './use-media-query';

/** A screen whose width the test sets: `matchMedia` answers `(max-width: Npx)` against it and says when it changes. */
function fakeScreen(width: number) {
  const listeners = new Set<() => void>();
  const matches = (query: string) => width <= Number(/max-width: (\d+)px/.exec(query)![1]);
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches(query);
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

describe('useMediaQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says whether the query matches, follows the screen, and stops listening when unmounted', () => {
    const screen = fakeScreen(390);
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width: 640px)'));
    expect(result.current).toBe(true);
    act(() => screen.resize(1366));
    expect(result.current).toBe(false);
    unmount();
    expect(screen.listeners.size).toBe(0);
  });

  it('is false where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery('(max-width: 640px)'));
    expect(result.current).toBe(false);
  });
});
