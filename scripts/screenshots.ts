/**
 * `npm run screenshots`: every page of the app, as `npm start` serves it, at three viewports (390×844 phone,
 * 1366×900 laptop, 1920×1080 wall) in both themes (light, dark): 7 pages × 3 × 2 = 42 PNGs named
 * `<page>-<theme>-<width>x<height>.png` (e.g. `occupancy-dark-1366x900.png`). Each is the first screen (the
 * viewport), not the whole page: what someone sees before scrolling. Then the portfolio, the utilization page and
 * the kiosk in German and Japanese, light, at 390×844 and 1366×900 (`pictures`).
 *
 * Starts `vite preview` on a free port with the simulator at a fixed clock (as the end-to-end tests do,
 * e2e/servers.ts), drives one Chromium with Playwright's library API (a new context per picture, the browser's
 * clock at the simulator's, reduced motion), and writes the PNGs to the directory given as the first argument
 * (relative to the current directory), else docs/screenshots/. Build first (the npm script does).
 *
 * Then two pictures with no network, at 1366×900 in the light theme: the kiosk and a location page opened offline
 * after a visit (`kiosk-offline-1366x900.png`, `occupancy-offline-1366x900.png`): what this browser kept, said to be
 * old. `SCREENSHOTS=offline` takes only those two.
 *
 * When a page is ready for its picture: scripts/screenshot-ready.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { isAbsolute, relative, resolve } from 'node:path';

import { chromium, type Browser, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, systemChromium } from '../e2e/browser-path.mjs';
import { FIXED_NOW } from '../e2e/servers';
import { chartsDrawn, chartsSettled, kioskReady, locationReady, MUST_MS, portfolioReady } from './screenshot-ready';

interface PageToShoot {
  name: string;
  /** Path and query; the theme is added to the query. */
  path: string;
  /** What must be on screen before the picture is taken. */
  ready(page: Page): Promise<void>;
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
  { width: 1920, height: 1080 },
] as const;

const THEMES = ['light', 'dark'] as const;

const PAGES: PageToShoot[] = [
  { name: 'portfolio', path: '/', ready: portfolioReady },
  { name: 'utilization', path: '/locations/10/utilization', ready: locationReady },
  { name: 'occupancy', path: '/locations/21/occupancy', ready: locationReady },
  { name: 'traffic', path: '/locations/11/traffic', ready: locationReady },
  { name: 'dwell-time', path: '/locations/11/dwell-time', ready: locationReady },
  // A meeting room, as e2e/metric-pages.spec.ts reads its availability.
  { name: 'availability', path: '/locations/23/availability', ready: locationReady },
  { name: 'kiosk', path: '/kiosk', ready: kioskReady },
];

type Picture = { shot: PageToShoot; theme: (typeof THEMES)[number]; viewport: (typeof VIEWPORTS)[number] };

/**
 * Every picture to take: each page in each theme at each viewport, then the portfolio, the utilization page and the
 * kiosk in German and Japanese (`<page>-de-light-1366x900.png`), light, at a phone's and a laptop's size.
 * `SCREENSHOTS=languages` takes only those, `SCREENSHOTS=offline` none of them.
 */
function pictures(only: string | undefined): Picture[] {
  const everyPage = PAGES.flatMap((shot) =>
    THEMES.flatMap((theme) => VIEWPORTS.map((viewport): Picture => ({ shot, theme, viewport }))),
  );
  const languages = ['de', 'ja'].flatMap((language) =>
    PAGES.filter(({ name }) => ['portfolio', 'utilization', 'kiosk'].includes(name)).flatMap((shot) =>
      VIEWPORTS.slice(0, 2).map((viewport): Picture => ({
        shot: { ...shot, name: `${shot.name}-${language}`, path: withParam(shot.path, 'lang', language) },
        theme: 'light',
        viewport,
      })),
    ),
  );
  if (only === 'offline') return [];
  return only === 'languages' ? languages : [...everyPage, ...languages];
}

const OUT_DIR = process.argv[2]
  ? resolve(process.cwd(), process.argv[2])
  : resolve(import.meta.dirname, '..', 'docs', 'screenshots');

/** A written file as the user would type it: relative to the current directory when under it. */
function shown(file: string): string {
  const path = relative(process.cwd(), file);
  return path.startsWith('..') || isAbsolute(path) ? file : path;
}

/** The path with one query parameter set (the theme, the language). */
function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}

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

/**
 * `Math.random` seeded the same in every picture: ECharts draws an axis break's zigzag with it, so two runs of the
 * same build would otherwise differ there (by 500–2,200 pixels on the occupancy and availability charts).
 */
const SEEDED_RANDOM = `(() => {
  let seed = 0x2f6b4a1d;
  Math.random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();`;

/** Pictures of pages opened with no network, after a visit that kept them: [name, path, what they kept it in]. */
const OFFLINE_PAGES = [
  ['kiosk', '/kiosk', 'dashboard-kiosk'],
  ['occupancy', '/locations/21/occupancy', 'dashboard-views'],
] as const;

/** Visits `path`, waits until it is kept and the app's service worker is active, then opens it again offline. */
async function shootOffline(browser: Browser, url: string): Promise<string[]> {
  const written: string[] = [];
  const viewport = { width: 1366, height: 900 };
  for (const [name, path, db] of OFFLINE_PAGES) {
    const context = await browser.newContext({ viewport, colorScheme: 'light', reducedMotion: 'reduce' });
    await context.addInitScript(SEEDED_RANDOM);
    try {
      const visit = await context.newPage();
      await visit.clock.install({ time: new Date(FIXED_NOW) });
      await visit.goto(url + path);
      await visit.locator('figure canvas').first().waitFor({ timeout: MUST_MS });
      await visit.waitForFunction(
        async (db) =>
          (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' &&
          (await indexedDB.databases()).some((known) => known.name === db),
        db,
        { timeout: MUST_MS, polling: 500 },
      );
      // Written a moment after the last answer.
      await visit.waitForTimeout(3_000);
      await visit.close();
      await context.setOffline(true);
      const page = await context.newPage();
      // An hour and a half later, with the screen's Wi-Fi down.
      await page.clock.install({ time: new Date(Date.parse(FIXED_NOW) + 90 * 60_000) });
      await page.goto(url + path);
      await chartsDrawn(page);
      await chartsSettled(page);
      const file = resolve(OUT_DIR, `${name}-offline-${viewport.width}x${viewport.height}.png`);
      await page.screenshot({ path: file });
      written.push(file);
      console.log(`${shown(file)} (${path}, no network)`);
    } finally {
      await context.close();
    }
  }
  return written;
}

async function main(): Promise<void> {
  const started = Date.now();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const vite = resolve(import.meta.dirname, '..', 'node_modules', '.bin', 'vite');
  const server = spawn(vite, ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    env: { ...process.env, SIMULATOR_ARGS: `--now ${FIXED_NOW}`, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const failed: string[] = [];
  let written = 0;
  try {
    await waitForServer(url, 60_000);
    const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
    try {
      mkdirSync(OUT_DIR, { recursive: true });
      for (const { shot, theme, viewport } of pictures(process.env.SCREENSHOTS)) {
        const file = resolve(OUT_DIR, `${shot.name}-${theme}-${viewport.width}x${viewport.height}.png`);
        const path = withParam(shot.path, 'theme', theme);
        const page = await browser.newPage({ viewport, colorScheme: theme, reducedMotion: 'reduce' });
        try {
          // The browser's clock at the simulator's, so "the last 7 days" are the same days in every picture.
          await page.clock.install({ time: new Date(FIXED_NOW) });
          await page.addInitScript(SEEDED_RANDOM);
          await page.goto(url + path);
          await shot.ready(page);
          await chartsSettled(page);
          await page.screenshot({ path: file });
          written += 1;
          console.log(`${shown(file)} (${path})`);
        } catch (error) {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
          failed.push(`${shot.name} ${theme} ${viewport.width}×${viewport.height} (${path}): ${reason}`);
          console.error(`FAILED ${failed.at(-1)}`);
        } finally {
          await page.close();
        }
      }
      try {
        if (process.env.SCREENSHOTS !== 'languages') written += (await shootOffline(browser, url)).length;
      } catch (error) {
        failed.push(`offline: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        console.error(`FAILED ${failed.at(-1)}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
  console.log(`${written} pictures in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed.length > 0) throw new Error(`${failed.length} pictures failed:\n${failed.join('\n')}`);
}

await main();
