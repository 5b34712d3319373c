import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, systemChromium } from './e2e/browser-path.mjs';
import { SERVERS } from './e2e/servers';

type TraceMode = 'off' | 'on' | 'retain-on-failure' | 'on-first-retry' | 'on-all-retries' | 'retain-on-first-failure';

/**
 * End-to-end tests: the built dashboard served by `vite preview` with the simulator mounted, exactly as
 * `npm start` serves it (`npm run test:e2e` builds first). Each server below is one simulator configuration.
 */
const executablePath = systemChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three workers on two cores: the suite is CPU-bound, and a fourth only adds contention (bench/measurements.md
  // keeps the timings). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  // The kiosk soak (minutes, one worker) is queued first, so the other tests run beside it instead of after it.
  projects: [
    { name: 'kiosk-soak', testMatch: /kiosk-soak\.spec\.ts$/ },
    { name: 'chromium', testIgnore: /kiosk-soak\.spec\.ts$/ },
  ],
  use: {
    ...devices['Desktop Chrome'],
    // Off by default: recording every step of every test costs a large share of the suite's CPU
    // (bench/measurements.md). E2E_TRACE=retain-on-failure keeps one per failure.
    trace: (process.env.E2E_TRACE ?? 'off') as TraceMode,
    // Charts drawn in one frame, not a second of them, and no shimmering skeletons: every test checks states, not
    // motion. E2E_MOTION=on runs the suite as a browser that allows motion.
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
    // As a browser has them: the app registers its service worker after its first load (e2e/offline.spec.ts,
    // e2e/app-update*.spec.ts). page.route does not see what the worker fetches (config.json, a page's address once
    // the worker is active); a test that replaces config.json routes the context (context.route), which does.
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Object.values(SERVERS).map((server) => ({
    // Vite itself, not through npx: thirteen servers start at once, and npx would start npm for each of them.
    command: `node node_modules/vite/bin/vite.js preview --port ${server.port} --strictPort`,
    url: `${server.url}/config.json`,
    env: { SIMULATOR_ARGS: server.simulatorArgs, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
