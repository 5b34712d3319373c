import { describe, expect, it } from 'vitest';

import {
  buildLockName,
  entryScriptOf,
  everyTabRuns,
  isApiPath,
  isAppNavigation,
  isConfigPath,
  offlinePageFor,
} from './sw-routes';

describe('what the service worker answers', () => {
  it('never the API nor the control switch, at the root or below a base', () => {
    for (const path of ['/v2', '/v2/', '/v2/locations/21/occupancy', '/__control/failures']) {
      expect(isApiPath(path), path).toBe(true);
      expect(isAppNavigation(path), path).toBe(false);
    }
    expect(isApiPath('/dash/v2/locations', '/dash/')).toBe(true);
    expect(isAppNavigation('/dash/v2/locations', '/dash/')).toBe(false);
  });

  it('every page address of the app, which opens offline on the precached index.html', () => {
    for (const path of ['/', '/portfolio', '/kiosk', '/locations/21/occupancy', '/v2x', '/no/such/page']) {
      expect(isAppNavigation(path), path).toBe(true);
    }
    expect(isAppNavigation('/dash', '/dash/')).toBe(true);
    expect(isAppNavigation('/elsewhere', '/dash/')).toBe(false);
  });

  it('config.json beside index.html only', () => {
    expect(isConfigPath('/config.json')).toBe(true);
    expect(isConfigPath('/dash/config.json', '/dash/')).toBe(true);
    expect(isConfigPath('/locations/12/config.json')).toBe(false);
  });
});

describe('entryScriptOf: what a build is', () => {
  it('is the module script index.html starts, whatever the order of its attributes', () => {
    expect(
      entryScriptOf(
        '<link rel="modulepreload" href="/assets/shell-x.js"><script type="module" crossorigin src="/assets/index-Bp.js"></script>',
      ),
    ).toBe('/assets/index-Bp.js');
    expect(entryScriptOf("<script src='/assets/a.js' type=module></script>")).toBe('/assets/a.js');
    expect(entryScriptOf('<script src="/legacy.js"></script>')).toBeNull();
  });

  it('falls back to the kiosk’s own page for the kiosk, to the app’s for every other address', () => {
    expect(offlinePageFor('/kiosk')).toBe('kiosk.html');
    expect(offlinePageFor('/kiosk/')).toBe('kiosk.html');
    expect(offlinePageFor('/app/kiosk', '/app/')).toBe('kiosk.html');
    expect(offlinePageFor('/kiosks')).toBe('index.html');
    expect(offlinePageFor('/locations/11/occupancy')).toBe('index.html');
    expect(offlinePageFor('/')).toBe('index.html');
  });
});

describe('everyTabRuns: whether a worker may take over quietly, or drop the files of other builds', () => {
  const next = buildLockName('/assets/index-next.js');
  const old = buildLockName('/assets/index-old.js');

  it('is true when every window holds the lock of that build', () => {
    expect(everyTabRuns('/assets/index-next.js', 2, [next, next, 'another app lock'])).toBe(true);
    expect(everyTabRuns('/assets/index-next.js', 0, [])).toBe(true);
  });

  it('is false while a tab of another build is open, or a window holds no lock (loading, or an older build)', () => {
    expect(everyTabRuns('/assets/index-next.js', 2, [next, old])).toBe(false);
    expect(everyTabRuns('/assets/index-next.js', 2, [next])).toBe(false);
    expect(everyTabRuns(null, 1, [next])).toBe(false);
  });
});
