// Where the system Chromium is, if there is one, and how to launch it. Shared by scripts/ensure-browser.mjs,
// playwright.config.ts, the screenshots script and the benchmarks.
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, in the order tried. The headless shell first: it is the same Blink and V8 without the
 * browser's user interface, and what Playwright itself runs for headless Chromium; a full `chromium` in its new
 * headless mode costs much more CPU for the same tests (bench/measurements.md), which the whole suite waits for.
 */
export const DEBIAN_CHROMIUM_PATHS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];

/** The Debian packages that provide them (scripts/ensure-browser.mjs). */
export const DEBIAN_CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell'];

/** Flags for Chromium on these machines: root, no GPU, no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** $CHROMIUM_PATH when set (it must exist), else the first of DEBIAN_CHROMIUM_PATHS present, else undefined. */
export function systemChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return DEBIAN_CHROMIUM_PATHS.find((path) => existsSync(path));
}
