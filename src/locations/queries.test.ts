import { describe, expect, it } from 'vitest';

import type { ApiClient } from '../api/client';
import { locationKeyKind, locationQueries } from './queries';

const client = {} as ApiClient;

describe('locationKeyKind', () => {
  it('reads the keys the location factories write, and no other', () => {
    expect(locationKeyKind(locationQueries.list(client).queryKey)).toBe('list');
    expect(locationKeyKind(locationQueries.localDay(client, 21, '2026-01-12').queryKey)).toBe('local-day');
    expect(locationKeyKind(['locations', 'list', 'extra'])).toBeNull();
    expect(locationKeyKind(['locations', '21', 'local-day', '2026-01-12'])).toBeNull();
    expect(locationKeyKind(['metrics', 'list'])).toBeNull();
  });
});
