import { describe, expect, it } from 'vitest';

import { matchLocationRoute, parseLocationId } from './location-route';

describe('matchLocationRoute: /locations/:locationId/:metric as the router matches it', () => {
  it('reads the two segments, in either case, with or without a trailing slash', () => {
    expect(matchLocationRoute('/locations/12/occupancy')).toEqual({ locationId: '12', view: 'occupancy' });
    expect(matchLocationRoute('/Locations/12/dwell-time/')).toEqual({ locationId: '12', view: 'dwell-time' });
  });

  it('percent-decodes the segments, and refuses what cannot be decoded', () => {
    expect(matchLocationRoute('/locations/%31%32/traffic')).toEqual({ locationId: '12', view: 'traffic' });
    expect(matchLocationRoute('/locations/%E0%A4%A/occupancy')).toBeNull();
  });

  it('matches nothing else', () => {
    for (const path of ['/', '/portfolio', '/locations/12', '/locations/12/occupancy/extra', '/kiosk']) {
      expect(matchLocationRoute(path), path).toBeNull();
    }
  });

  it('leaves the id to parseLocationId', () => {
    expect(parseLocationId(matchLocationRoute('/locations/x/traffic')?.locationId)).toBeNull();
    expect(parseLocationId(matchLocationRoute('/locations/7/traffic')?.locationId)).toBe(7);
  });
});
