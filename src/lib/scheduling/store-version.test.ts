// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StoreVersion, useStoreVersion } from './store-version';

describe('StoreVersion', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells its subscribers once for the changes of one interval, with a new version', () => {
    const updates = new StoreVersion(300);
    const listener = vi.fn();
    updates.subscribe(listener);
    updates.changedSoon();
    updates.changedSoon();
    vi.advanceTimersByTime(299);
    expect(listener).not.toHaveBeenCalled();
    expect(updates.getVersion()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(updates.getVersion()).toBe(1);
  });

  it('tells now what it would have told later, once; tells nothing once cancelled or unsubscribed', () => {
    const updates = new StoreVersion(300);
    const listener = vi.fn();
    const unsubscribe = updates.subscribe(listener);
    updates.changedSoon();
    updates.changed();
    vi.advanceTimersByTime(300);
    expect(listener).toHaveBeenCalledTimes(1);
    updates.changedSoon();
    updates.cancel();
    vi.advanceTimersByTime(300);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    updates.changed();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(updates.getVersion()).toBe(2);
  });
});

describe('useStoreVersion', () => {
  it('follows the store’s version, and a new store’s from its first render', () => {
    const first = new StoreVersion(300);
    const { result, rerender } = renderHook(({ store }) => useStoreVersion(store), { initialProps: { store: first } });
    expect(result.current).toBe(0);
    act(() => first.changed());
    expect(result.current).toBe(1);
    act(() => first.changed());
    expect(result.current).toBe(2);
    const second = new StoreVersion(300);
    rerender({ store: second });
    expect(result.current).toBe(0);
    // The old store is no longer heard.
    act(() => first.changed());
    expect(result.current).toBe(0);
  });

  it('hears a change made between its render and its subscription', () => {
    const store = new StoreVersion(300);
    const { result } = renderHook(() => {
      const version = useStoreVersion(store);
      // A change during the first render, before the effect subscribes.
      if (store.getVersion() === 0) store.changed();
      return version;
    });
    expect(result.current).toBe(1);
  });
});
