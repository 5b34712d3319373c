import { describe, expect, it } from 'vitest';

import { utilizationLiveLocationAt } from './utilization-prefetch';

const at = (pathname: string, search = '') => utilizationLiveLocationAt({ pathname, search });

describe('utilizationLiveLocationAt', () => {
  it('is a utilization page’s location unless its dates are pinned', () => {
    expect(at('/locations/11/utilization', '?range=30d')).toBe(11);
    expect(at('/locations/11/utilization', '?from=2026-01-01&to=2026-01-31')).toBeNull();
  });

  it('is nothing on the other pages', () => {
    expect(at('/locations/11/occupancy')).toBeNull();
    expect(at('/kiosk', '?locations=11')).toBeNull();
    expect(at('/portfolio')).toBeNull();
    expect(at('/')).toBeNull();
  });
});
