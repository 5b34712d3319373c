// Where the system Chromium is, if there is one, and how to launch it. Shared by scripts/ensure-browser.mjs,
// playwright.config.ts and the benchmarks.
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for Chromium on these machines: root, no GPU, no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** $CHROMIUM_PATH when set (it must exist), else /usr/bin/chromium when present, else undefined. */
export function systemChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return existsSync(DEFAULT_CHROMIUM_PATH) ? DEFAULT_CHROMIUM_PATH : undefined;
}
