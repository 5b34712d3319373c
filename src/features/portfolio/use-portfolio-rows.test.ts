import { describe, expect, it, vi } from 'vitest';

import type { Filters } from '../../filters/model';
import { RowStore } from './use-portfolio-rows';

const filters: Filters = {
  range: { kind: 'preset', preset: '7d' },
  interval: '60min',
  startHour: null,
  endHour: null,
  days: null,
  view: 'chart',
};

describe('RowStore, as useSyncExternalStore reads it', () => {
  it('gives a new version and tells its subscribers when its rows change, and no longer once unsubscribed', () => {
    const store = new RowStore('range=7d', filters, Date.UTC(2026, 10, 18), true);
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
