#!/usr/bin/env node
// Makes sure a Chromium is there before the end-to-end tests (docs/development.md, "The browser for end-to-end tests"):
//   1. $CHROMIUM_PATH, or Debian's Chromium headless shell;
//   2. else, as root on Debian: apt-get install chromium chromium-headless-shell;
//   3. else a system Chromium at /usr/bin/chromium;
//   4. else: Playwright's own download.
// playwright.config.ts makes the same choice when it launches the browser (see e2e/browser-path.mjs).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { DEBIAN_CHROMIUM_PACKAGES, DEBIAN_CHROMIUM_PATHS, systemChromium } from '../e2e/browser-path.mjs';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const preferred = DEBIAN_CHROMIUM_PATHS[0];
if (process.env.CHROMIUM_PATH || existsSync(preferred)) {
  console.log(`Using Chromium at ${systemChromium()}`);
} else if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
  run('apt-get update');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${DEBIAN_CHROMIUM_PACKAGES.join(' ')}`);
  if (!existsSync(preferred)) throw new Error(`apt-get installed Chromium but ${preferred} is missing`);
} else if (systemChromium()) {
  console.log(`Using Chromium at ${systemChromium()}`);
} else {
  run('npx playwright install chromium');
}
