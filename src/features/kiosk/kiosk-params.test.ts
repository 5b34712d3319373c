import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MINUTE_MS } from '../../lib/time-spans';
import { KIOSK_DEFAULTS, KIOSK_PANELS, kioskClockStepMs, parseKioskSettings, rotationIndex } from './kiosk-params';

const parse = (search: string) => parseKioskSettings(new URLSearchParams(search));

describe('parseKioskSettings', () => {
  it('reads locations, panels, rotation and refresh', () => {
    expect(parse('locations=20,11&panels=figures,children&rotate=45&refresh=120')).toEqual({
      settings: { locations: [20, 11], panels: ['figures', 'children'], rotateSeconds: 45, refreshSeconds: 120 },
      ignored: [],
    });
  });

  it('falls back to the defaults with nothing given', () => {
    expect(parse('')).toEqual({ settings: KIOSK_DEFAULTS, ignored: [] });
  });

  it('keeps what it can of a bad address and says what it dropped', () => {
    const { settings, ignored } = parse('locations=20,abc,20,<b>&panels=figures,pie&rotate=2&refresh=soon');
    expect(settings).toEqual({ ...KIOSK_DEFAULTS, locations: [20], panels: ['figures'] });
    expect(ignored).toEqual([
      'location “abc” is not a location id',
      'location “<b>” is not a location id',
      `panel “pie” is not one of ${KIOSK_PANELS.join(', ')}`,
      'rotate “2” is not a number of seconds from 10 to 3600; using 30',
      'refresh “soon” is not a number of seconds from 15 to 3600; using 60',
    ]);
  });

  it('turns rotation off with rotate=0, and uses the default panels when none is valid', () => {
    const { settings } = parse('rotate=0&panels=nope');
    expect(settings.rotateSeconds).toBe(0);
    expect(settings.panels).toEqual(KIOSK_DEFAULTS.panels);
  });

  it('never throws and always gives valid settings, whatever the address', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (search) => {
        const { settings } = parse(search);
        expect(settings.panels.length).toBeGreaterThan(0);
        expect(settings.panels.every((panel) => KIOSK_PANELS.includes(panel))).toBe(true);
        expect(settings.locations.every(Number.isSafeInteger)).toBe(true);
        expect(settings.refreshSeconds).toBeGreaterThanOrEqual(15);
      }),
      { seed: 9, numRuns: 2000 },
    );
  });
});

describe('kioskClockStepMs', () => {
  it('falls on every rotation boundary and every minute, and is as long as it can be', () => {
    expect([10, 30, 45, 60, 90, 3600, 0].map(kioskClockStepMs)).toEqual([
      10_000, 30_000, 15_000, 60_000, 30_000, 60_000, 60_000,
    ]);
  });

  it('divides both the rotation and the minute, for any rotation the address allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 3600 }), (rotate) => {
        const step = kioskClockStepMs(rotate);
        expect((rotate * 1000) % step).toBe(0);
        expect(MINUTE_MS % step).toBe(0);
        expect(step).toBeGreaterThanOrEqual(1000);
      }),
    );
  });
});

describe('rotationIndex', () => {
  it('moves on every rotateSeconds, the same on every screen, and wraps', () => {
    expect([0, 29_999, 30_000, 60_000, 90_000].map((ms) => rotationIndex(3, 30, ms))).toEqual([0, 0, 1, 2, 0]);
  });

  it('stays on the first with one location or rotation off', () => {
    expect(rotationIndex(1, 30, 123_456_789)).toBe(0);
    expect(rotationIndex(4, 0, 123_456_789)).toBe(0);
  });
});
