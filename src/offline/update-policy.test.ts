import { describe, expect, it } from 'vitest';

import { MINUTE_MS } from '../lib/time-spans';
import { bringsNewBuild, nextMultiple, updateAction } from './update-policy';

const AT = Date.parse('2026-11-18T15:30:07Z');

describe('updateAction: when a ready build reaches a screen', () => {
  it('never reloads a page a person uses: it offers the new version', () => {
    expect(updateAction({ kind: 'page' }, AT)).toEqual({ kind: 'prompt' });
  });

  it('reloads a rotating kiosk at its next rotation boundary', () => {
    const kiosk = { kind: 'kiosk', rotateSeconds: 30, locations: 2, refreshSeconds: 60 } as const;
    expect(updateAction(kiosk, AT)).toEqual({ kind: 'reload-at', atMs: Date.parse('2026-11-18T15:30:30Z') });
    // On a boundary, the next one: the screen that just came up gets its time.
    expect(updateAction(kiosk, Date.parse('2026-11-18T15:30:30Z'))).toEqual({
      kind: 'reload-at',
      atMs: Date.parse('2026-11-18T15:31:00Z'),
    });
  });

  it('reloads a kiosk that does not rotate (rotate=0, or one location) at its next refresh', () => {
    const still = { kind: 'kiosk', rotateSeconds: 0, locations: 3, refreshSeconds: 15 } as const;
    expect(updateAction(still, AT)).toEqual({ kind: 'reload-at', atMs: Date.parse('2026-11-18T15:30:15Z') });
    const alone = { kind: 'kiosk', rotateSeconds: 30, locations: 1, refreshSeconds: 60 } as const;
    expect(updateAction(alone, AT)).toEqual({ kind: 'reload-at', atMs: Date.parse('2026-11-18T15:31:00Z') });
  });

  it('switches within one period of the moment the build is ready, whatever that moment', () => {
    const kiosk = { kind: 'kiosk', rotateSeconds: 0, locations: 1, refreshSeconds: 60 } as const;
    for (let offset = 0; offset < 120_000; offset += 7_919) {
      const action = updateAction(kiosk, AT + offset);
      if (action.kind !== 'reload-at') throw new Error('a kiosk reloads');
      expect(action.atMs).toBeGreaterThan(AT + offset);
      expect(action.atMs - (AT + offset)).toBeLessThanOrEqual(MINUTE_MS);
      expect(action.atMs % MINUTE_MS).toBe(0);
    }
  });
});

describe('nextMultiple', () => {
  it('is the first multiple of the period after the instant', () => {
    expect(nextMultiple(0, 15_000)).toBe(15_000);
    expect(nextMultiple(14_999, 15_000)).toBe(15_000);
    expect(nextMultiple(15_000, 15_000)).toBe(30_000);
  });
});

describe('bringsNewBuild', () => {
  it('is false only when the page already runs the waiting build', () => {
    expect(bringsNewBuild('/assets/index-a.js', '/assets/index-a.js')).toBe(false);
    expect(bringsNewBuild('/assets/index-a.js', '/assets/index-b.js')).toBe(true);
    expect(bringsNewBuild(null, '/assets/index-b.js')).toBe(true);
    expect(bringsNewBuild('/assets/index-a.js', null)).toBe(true);
  });
});
