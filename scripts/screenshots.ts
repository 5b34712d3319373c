/**
 * `npm run screenshots`: the README's pictures, from the built app as `npm start` serves it. Starts `vite preview`
 * on a free port with the simulator at a fixed clock (as the end-to-end tests do, e2e/servers.ts), drives Chromium
 * with Playwright's library API, and writes PNGs to docs/screenshots/. Build first (the npm script does).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

import { chromium, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, systemChromium } from '../e2e/browser-path.mjs';
import { FIXED_NOW } from '../e2e/servers';

interface Shot {
  file: string;
  path: string;
  width: number;
  height: number;
  /** What must be on screen before the picture is taken. */
  ready(page: Page): Promise<void>;
}

const utilizationReady = async (page: Page) => {
  await page.getByRole('region', { name: 'Headline figures' }).getByText(/\d/).first().waitFor();
  await page
    .getByRole('figure', { name: /^Utilization of / })
    .locator('canvas')
    .first()
    .waitFor();
};

const portfolioReady = async (page: Page) => {
  await page.locator('[data-portfolio-count]').waitFor();
  await page
    .getByRole('status')
    .filter({ hasNotText: /so far/ })
    .first()
    .waitFor();
  await page.locator('tr[data-location-id] [data-kpi="average-utilization"]').first().getByText(/%/).waitFor();
};

const SHOTS: Shot[] = [
  { file: 'portfolio-1366x900.png', path: '/', width: 1366, height: 900, ready: portfolioReady },
  {
    file: 'landing-1366x900.png',
    path: '/locations/10/utilization',
    width: 1366,
    height: 900,
    ready: utilizationReady,
  },
  { file: 'phone-390x844.png', path: '/locations/10/utilization', width: 390, height: 844, ready: utilizationReady },
  {
    file: 'kiosk-1920x1080.png',
    path: '/kiosk',
    width: 1920,
    height: 1080,
    ready: (page) => page.locator('figure canvas').first().waitFor(),
  },
  {
    file: 'occupancy-dark-1366x900.png',
    path: '/locations/21/occupancy?range=30d&interval=daily&theme=dark',
    width: 1366,
    height: 900,
    ready: (page) => page.getByRole('region', { name: 'Occupancy chart' }).locator('canvas').first().waitFor(),
  },
];

/**
 * Small series are animated as they come in: wait until the data is complete (no download button still says it is
 * loading) and every canvas shows the same picture twice, 300 ms apart.
 */
async function chartsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-disabled="true"]')?.closest('.download'), null, {
    timeout: 30_000,
  });
  const picture = () =>
    page.evaluate(() => [...document.querySelectorAll('canvas')].map((canvas) => canvas.toDataURL()).join('|'));
  const deadline = Date.now() + 30_000;
  let before = await picture();
  for (;;) {
    await page.waitForTimeout(300);
    const now = await picture();
    if (now === before || Date.now() > deadline) return;
    before = now;
  }
}

const OUT_DIR = resolve(import.meta.dirname, '..', 'docs', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const vite = resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'vite');
  const server = spawn(vite, ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    env: { ...process.env, SIMULATOR_ARGS: `--now ${FIXED_NOW}`, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(url, 60_000);
    const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
    try {
      mkdirSync(OUT_DIR, { recursive: true });
      for (const shot of SHOTS) {
        const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
        // The browser's clock at the simulator's, so "the last 7 days" are the same days in every picture.
        await page.clock.install({ time: new Date(FIXED_NOW) });
        await page.goto(url + shot.path);
        await shot.ready(page);
        await chartsSettled(page);
        await page.screenshot({ path: resolve(OUT_DIR, shot.file) });
        console.log(`docs/screenshots/${shot.file} (${shot.width}×${shot.height}, ${shot.path})`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
}

await main();
