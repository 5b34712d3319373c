#!/usr/bin/env node
// Makes sure a Chromium is there before the end-to-end tests (README, "Tests"):
//   1. $CHROMIUM_PATH, or a system Chromium at /usr/bin/chromium;
//   2. else, as root on Debian: apt-get install chromium;
//   3. else: Playwright's own download.
// playwright.config.ts makes the same choice when it launches the browser (see e2e/browser-path.mjs).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { systemChromium } from '../e2e/browser-path.mjs';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit' });
}

const found = systemChromium();
if (found) {
  console.log(`Using Chromium at ${found}`);
} else if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
  run('apt-get update');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y chromium');
  if (!systemChromium()) throw new Error('apt-get installed chromium but /usr/bin/chromium is missing');
} else {
  run('npx playwright install chromium');
}
