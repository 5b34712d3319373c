/**
 * The frame the pages carry before their scripts have run (index.html, kiosk.html: vite.config.ts framePlugin), and
 * that nothing shifts as the app takes over and its data arrives.
 */
import type { Locator, Page } from '@playwright/test';

import { drawnChart, expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

/** The boxes people see first: the header's name and the loading panel (top, height and left of each). */
async function frameBoxes(page: Page) {
  const box = async (selector: string) => {
    const rect = await page.locator(selector).first().boundingBox();
    return rect && { top: Math.round(rect.y), left: Math.round(rect.x), height: Math.round(rect.height) };
  };
  return { brand: await box('.app-header .brand'), panel: await box('main > .skeleton') };
}

/** Whether the app's typeface is in (lib/typeface.ts asks for it once the first screen is painted). */
function interLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.fonts].some((face) => face.family.includes('Inter Variable') && face.status === 'loaded'),
  );
}

test.describe('before the scripts have run', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
  });

  test('a page shows the header and a loading panel', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Location analytics' })).toBeVisible();
    await expect(page.getByLabel('Loading')).toBeVisible();
  });

  test('the kiosk shows its loading panel, with no header', async ({ page }) => {
    await page.goto('/kiosk?locations=11');
    await expect(page.getByLabel('Loading')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

/**
 * Resolves once the page knows whether `figure` is near the screen, and has drawn what follows: an
 * IntersectionObserver made now, with the lazy chart's margin, has had its first answer for the figure's box, and
 * the page has painted a frame and run a task since. The lazy chart's own observer of the box
 * (lib/scheduling/use-near-viewport.ts), made before, is answered in the same task or an earlier one, so a chart it found near
 * has been put in hand by then.
 */
function afterNearnessKnown(figure: Locator): Promise<void> {
  return figure.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          () => {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(resolve, 0));
          },
          { rootMargin: '200px 0px' },
        );
        observer.observe(element.parentElement ?? element);
      }),
  );
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the charts below the first screen are drawn when scrolled to, not before', async ({ page }) => {
    await page.goto('/locations/10/utilization');
    const overTime = page.getByRole('figure', { name: /^Utilization of .+ against its capacity/ });
    // Named by its summary while not drawn, as when drawn; waiting to be scrolled to (panels/lazy-chart.tsx), which
    // it is only once the first screen is painted and its code may load.
    await expect(overTime).toBeAttached({ timeout: 30_000 });
    await expect(overTime).toHaveClass(/chart-not-drawn/);
    await afterNearnessKnown(overTime);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(overTime).toHaveClass(/chart-not-drawn/);
    await drawnChart(overTime);
    // The one scrolled to, and not the two further down.
    const heatmap = page.getByRole('figure', { name: /^Busiest times/ });
    await expect(heatmap.locator('canvas')).toHaveCount(0);
    await drawnChart(heatmap);
  });
});

test("the typeface is asked for once the first screen's words are painted, not with the app's start", async ({
  page,
}) => {
  // What a kiosk showed when the browser asked for Inter: its live number and its headline figures (the first
  // screen, use-kiosk-data.ts) were on screen by then.
  const shownAtRequest: boolean[] = [];
  await page.route('**/*.woff2', async (route) => {
    shownAtRequest.push(
      (await page.locator('[data-kpi="occupancy-now"]:not([data-value=""])').count()) > 0 &&
        (await page.locator('section[aria-label="Headline figures"]:not([aria-busy="true"])').count()) > 0,
    );
    await route.continue();
  });
  await page.goto('/kiosk?locations=11');
  await expect.poll(() => shownAtRequest.length).toBeGreaterThan(0);
  // The page's request, and the chart worker's once the page has it (src/panels/wall-chart.tsx), which may still be
  // in the handler above: it is let finish, not cut off by the test's end.
  await page.unrouteAll({ behavior: 'wait' });
  expect(shownAtRequest).not.toContain(false);
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`at ${viewport.width}×${viewport.height}, the app's first render has the frame's layout`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport, baseURL });
    try {
      const frame = await context.newPage();
      await frame.route('**/*.js', (route) => route.abort());
      await frame.goto('/portfolio');
      const before = await frameBoxes(frame);

      // The app running, its answers held back: its first render, which stays until the location list arrives.
      const app = await context.newPage();
      await app.route('**/v2/**', () => undefined);
      await app.goto('/portfolio');
      await expect(app.getByLabel('Loading locations')).toBeVisible();
      expect(await frameBoxes(app)).toEqual(before);
    } finally {
      await context.close();
    }
  });

  test(`at ${viewport.width}×${viewport.height}, the typeface's arrival moves nothing`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport, baseURL });
    try {
      // Both with the location list held back, so both stay at the app's first render.
      await context.route('**/v2/**', () => undefined);
      const withFallback = await context.newPage();
      await withFallback.route('**/*.woff2', (route) => route.abort());
      await withFallback.goto('/portfolio');
      await expect(withFallback.getByLabel('Loading locations')).toBeVisible();
      expect(await interLoaded(withFallback)).toBe(false);

      const withInter = await context.newPage();
      await withInter.goto('/portfolio');
      await expect(withInter.getByLabel('Loading locations')).toBeVisible();
      await expect.poll(() => interLoaded(withInter)).toBe(true);
      expect(await frameBoxes(withInter)).toEqual(await frameBoxes(withFallback));
    } finally {
      await context.close();
    }
  });
}

/**
 * Layout shifts of the page so far, as the Layout Instability API reports them (not those after an input): the
 * entries buffered before the observer was made are in its buffer once `observe` returns (Performance Timeline,
 * `buffered`), so they are read at once, with no wait for a callback that does not come when nothing has shifted.
 */
async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  return page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node }[];
    })[];
    observer.disconnect();
    const counted = entries.filter((entry) => !entry.hadRecentInput);
    return {
      total: counted.reduce((sum, entry) => sum + entry.value, 0),
      shifts: counted.map(
        (entry) =>
          `${entry.value.toFixed(4)}: ${entry.sources
            .map((source) => (source.node as Element | undefined)?.className ?? source.node?.nodeName)
            .join(', ')}`,
      ),
    };
  });
}

const PAGES = [
  { path: '/portfolio', ready: (page: Page) => page.locator('[data-portfolio-count]').waitFor() },
  {
    path: '/locations/11/utilization',
    ready: (page: Page) => expect(page.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /\d/),
  },
  {
    path: '/locations/11/occupancy',
    ready: (page: Page) => expect(page.locator('[data-kpi="average-occupancy"]')).toHaveAttribute('data-value', /\d/),
  },
  { path: '/kiosk?locations=11', ready: (page: Page) => page.locator('figure canvas').first().waitFor() },
];

for (const viewport of [PHONE, LAPTOP]) {
  for (const { path, ready } of PAGES) {
    test(`${path} at ${viewport.width}×${viewport.height} shifts less than Lighthouse's 0.1 as it loads`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await ready(page);
      const { total, shifts } = await layoutShift(page);
      expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.1);
    });
  }
}

test('the kiosk on a phone: its live words arriving one by one move nothing under them', async ({ page }) => {
  // What is usual answers after the live reading, as on a slow network: the sentence comes into a room kept for it.
  let releaseUsual!: () => void;
  const usualHeld = new Promise<void>((resolve) => (releaseUsual = resolve));
  await page.route(/\/v2\/locations\/11\/occupancy\?.*days_filter=/, async (route) => {
    await usualHeld;
    await route.continue();
  });
  await page.setViewportSize(PHONE);
  await page.goto('/kiosk?locations=11');
  const now = page.getByRole('region', { name: 'Now' });
  await expect(now.locator('[data-kpi="occupancy-now"]')).toHaveAttribute('data-value', /\d/);
  await expect(now.getByText('Finding what is usual…')).toBeVisible();
  releaseUsual();
  await expect(now.locator('[data-kpi="usual-now"]')).toBeVisible();
  await page.locator('figure canvas').first().waitFor();
  const { total, shifts } = await layoutShift(page);
  expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.05);
});

for (const held of ['the live reading', 'what is usual'] as const) {
  test(`a utilization page on a phone: ${held} arriving last moves nothing under it`, async ({ page }) => {
    // One answer of the live band comes well after the rest, as on a slow network: it fills a room kept for it.
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    const late =
      held === 'the live reading' ? /\/v2\/locations\/11\/now/ : /\/v2\/locations\/11\/occupancy\?.*days_filter=/;
    await page.route(late, async (route) => {
      await answer;
      await route.continue();
    });
    await page.setViewportSize(PHONE);
    await page.goto('/locations/11/utilization');
    await expect(page.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /\d/);
    release();
    await expect(page.locator('[data-kpi="usual-now"]')).toBeVisible();
    const { total, shifts } = await layoutShift(page);
    expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.005);
  });
}

test("a lazily loaded page's code is asked for with the app's start, not once React has rendered its route", async ({
  page,
}) => {
  // React's renderer never arrives: nothing renders, so whatever asks for the portfolio's chunk is the start.
  await page.route(/\/assets\/react-dom-[^/]*\.js$/, () => undefined);
  const pageChunk = page.waitForRequest(/\/assets\/portfolio-page-[^/]*\.js$/, { timeout: 15_000 });
  await page.goto('/portfolio', { waitUntil: 'commit' });
  await pageChunk;
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toHaveCount(0);
});

test('the app is styled by the one stylesheet the page links: no page asks for a stylesheet of its own', async ({
  page,
}) => {
  const stylesheets = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || /\.css$/.test(new URL(request.url()).pathname)) {
      stylesheets.add(new URL(request.url()).pathname);
    }
  });
  for (const [address, heading] of [
    ['/kiosk?locations=11', /Main Concourse/],
    ['/portfolio', /Portfolio/],
    ['/locations/11/occupancy', /Main Concourse/],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({ timeout: 15_000 });
  }
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(linked).toHaveLength(1);
  expect([...stylesheets]).toEqual(linked);
});
