import { describe, expect, it, vi } from 'vitest';

import { WEEK_FILTERS } from '../../test/week-filters';
import { RowStore } from './use-portfolio-rows';

describe('RowStore, as useStoreVersion reads it', () => {
  it('gives a new version and tells its subscribers when its rows change, and no longer once unsubscribed', () => {
    const store = new RowStore('range=7d', WEEK_FILTERS, Date.UTC(2026, 10, 18), true);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getVersion();
    store.retryFailed();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getVersion()).toBe(before + 1);
    // The same version while nothing changes: the snapshot is stable between reads.
    expect(store.getVersion()).toBe(store.getVersion());
    unsubscribe();
    store.retryFailed();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
