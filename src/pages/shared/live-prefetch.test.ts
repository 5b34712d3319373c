import { describe, expect, it } from 'vitest';

import { liveLocationAt } from './live-prefetch';

const at = (pathname: string, search = '') => liveLocationAt({ pathname, search });

describe('liveLocationAt', () => {
  it("is the kiosk's first location when its now panel is shown", () => {
    expect(at('/kiosk', '?locations=20,11')).toBe(20);
    expect(at('/kiosk/', '?locations=11&panels=now,figures')).toBe(11);
  });

  it('is nothing for a kiosk without the now panel, or without a location named', () => {
    expect(at('/kiosk', '?locations=20&panels=figures,heatmap')).toBeNull();
    expect(at('/kiosk', '')).toBeNull();
  });

  it('is a utilization page’s location unless its dates are pinned', () => {
    expect(at('/locations/11/utilization', '?range=30d')).toBe(11);
    expect(at('/locations/11/utilization', '?from=2026-01-01&to=2026-01-31')).toBeNull();
  });

  it('is nothing on the other pages', () => {
    expect(at('/locations/11/occupancy')).toBeNull();
    expect(at('/portfolio')).toBeNull();
    expect(at('/')).toBeNull();
  });
});
