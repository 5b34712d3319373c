import { describe, expect, it } from 'vitest';

import { compareSearch } from './compare-link';

describe('compareSearch', () => {
  it('names the locations in order and keeps the shared filters, not the page’s own parameters', () => {
    expect(compareSearch([12, 31], '?from=2026-11-09&to=2026-11-15&sort=-peak-utilization&q=lib&hours=7-19')).toBe(
      '?locations=12,31&from=2026-11-09&to=2026-11-15&hours=7-19',
    );
  });
});
