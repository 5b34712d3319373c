// Where the system Chromium is, if there is one. Shared by scripts/ensure-browser.mjs and playwright.config.ts.
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** $CHROMIUM_PATH when set (it must exist), else /usr/bin/chromium when present, else undefined. */
export function systemChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return existsSync(DEFAULT_CHROMIUM_PATH) ? DEFAULT_CHROMIUM_PATH : undefined;
}
