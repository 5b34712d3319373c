import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StoreVersion } from './store-version';

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
