/**
 * The kiosk (/kiosk): a wall screen configured by its address alone. It fills the screen without scrolling at
 * the usual wall sizes and on a phone or a door tablet (fewer figures there, the most telling first), rotates through its locations on the clock, names what it ignored in its address,
 * keeps the last good data on screen (marked stale) through an outage and recovers from it, and recovers from a
 * refused token once config.json has a good one, without a reload. Time moves with `page.clock` only.
 */
import type { Locator, Page } from '@playwright/test';

import { wallFigures } from '../src/features/kiosk/wall-figures';
import { apiGet, expect, test, TEST_GET_RETRIES, textSmallerThan } from './fixtures';
import { FIXED_NOW } from './servers';

interface LocationRecord {
  location_id: number;
  name: string;
}

const locationName = async (request: Parameters<typeof apiGet>[0], baseURL: string, id: number) =>
  (await apiGet<LocationRecord>(request, baseURL, `/locations/${id}`)).name;

const headline = (page: Page) => page.getByRole('region', { name: 'Headline figures' });
/** The kiosk's "Updated hh:mm" line (with " · stale: …" while the API fails). */
const updated = (page: Page) => page.getByRole('status').filter({ hasText: /^(Updated|Loading…)/ });

/**
 * A chart drawn in a panel: its figure (named by its summary) and a canvas of a size one can read, drawn `scale`
 * times as large as on a page (labels, margins and lines alike), at as many more pixels, so it stays sharp.
 */
async function expectChart(panel: Locator, scale: number) {
  const chart = panel.getByRole('figure');
  await expect(chart).toBeVisible();
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await chart.boundingBox())!;
  expect(box.height, 'chart height').toBeGreaterThanOrEqual(150);
  expect(box.width, 'chart width').toBeGreaterThanOrEqual(300);
  const drawn = await canvas.evaluate((element: HTMLCanvasElement) => ({
    pixels: element.width,
    shown: element.getBoundingClientRect().width,
    laidOut: element.offsetWidth,
  }));
  expect(drawn.shown, 'the canvas fills the chart’s width').toBeCloseTo(box.width, -1);
  expect(drawn.shown / drawn.laidOut, 'drawn larger than on a page by').toBeCloseTo(scale, 1);
  expect(drawn.pixels / drawn.shown, 'canvas pixels per screen pixel').toBeCloseTo(1, 1);
}

/** `box` lies inside `outer` (a pixel of rounding allowed). */
function expectInside(
  box: { x: number; y: number; width: number; height: number },
  outer: { x: number; y: number; width: number; height: number },
  what: string,
) {
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(outer.y - 1);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(outer.x + outer.width + 1);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(outer.y + outer.height + 1);
}

// ---------------------------------------------------------------------------------------------------

const FOUR_PANELS = ['Occupancy today against capacity', 'Headline figures', 'Busiest times', 'Entries today'];
/**
 * Each screen with a kiosk's panels: the default three (no `panels=`) on the commonest wall, a phone and a door
 * tablet, four on the others; the least text size allowed on it (docs/kiosk.md), where there is one.
 */
const SCREENS = [
  // Charts grow with the kiosk's text (1.15vw, at least 16 px): 22 px at 1920 wide, 44 px at 3840, 16 px at 1080.
  {
    name: 'full HD landscape',
    width: 1920,
    height: 1080,
    panels: FOUR_PANELS.slice(0, 3),
    query: '',
    scale: 1.38,
    minTextPx: 20,
  },
  {
    name: '4K landscape',
    width: 3840,
    height: 2160,
    panels: FOUR_PANELS,
    query: '&panels=now,figures,heatmap,traffic',
    scale: 2.76,
    minTextPx: 20,
  },
  {
    name: 'full HD portrait',
    width: 1080,
    height: 1920,
    panels: FOUR_PANELS,
    query: '&panels=now,figures,heatmap,traffic',
    scale: 1,
    minTextPx: undefined,
  },
  // A small wall shows the figures that fit (features/kiosk/wall-figures.ts): two on a phone, eight on a door tablet.
  { name: 'phone', width: 390, height: 844, panels: FOUR_PANELS.slice(0, 3), query: '', scale: 1, minTextPx: 14 },
  {
    name: 'door tablet portrait',
    width: 800,
    height: 1280,
    panels: FOUR_PANELS.slice(0, 3),
    query: '',
    scale: 1,
    minTextPx: 14,
  },
] as const;

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name} screen (${screen.width}×${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('every panel is drawn and the page fits the screen, with no scrollbar', async ({ page, request, baseURL }) => {
      const name = await locationName(request, baseURL, 20);
      await page.goto(`/kiosk?locations=20,11&rotate=0${screen.query}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

      // The figures that fit this screen, the most telling first, each with its number.
      const shown = wallFigures(screen.width, screen.height);
      await expect(headline(page).locator('[data-kpi]')).toHaveCount(shown.length);
      for (const figure of await headline(page).locator('[data-kpi]').all()) {
        await expect(figure).toBeVisible();
        await expect(figure).not.toHaveAttribute('data-value', '');
      }
      expect(
        await headline(page)
          .locator('[data-kpi]')
          .evaluateAll((all) => all.map((e) => e.dataset.kpi)),
      ).toEqual(shown);
      for (const label of screen.panels.filter((panel) => panel !== 'Headline figures')) {
        await expectChart(page.getByRole('region', { name: label }), screen.scale);
      }
      // A wall is read, not used: the busiest times offer no switch and no table to open.
      const busiest = page.getByRole('region', { name: 'Busiest times' });
      await expect(busiest.getByText('Average utilization by weekday and hour', { exact: true })).toBeVisible();
      await expect(busiest.getByRole('group', { name: 'Heatmap value' })).toHaveCount(0);
      await expect(busiest.getByText('Busiest times as a table')).toHaveCount(0);
      await expect(updated(page)).toHaveText(/^Updated \d\d:\d\d$/);

      const size = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        scrollHeight: document.documentElement.scrollHeight,
        innerWidth,
        innerHeight,
      }));
      expect(size.scrollWidth, 'no horizontal scrollbar').toBeLessThanOrEqual(size.innerWidth);
      expect(size.scrollHeight, 'no vertical scrollbar').toBeLessThanOrEqual(size.innerHeight);

      // Nothing is cut off instead (panels hide their overflow): every panel lies on the screen, and every
      // figure's label and value inside the figures panel.
      const viewport = { x: 0, y: 0, width: size.innerWidth, height: size.innerHeight };
      let covered = 0;
      for (const label of screen.panels) {
        const box = (await page.getByRole('region', { name: label }).boundingBox())!;
        expectInside(box, viewport, label);
        covered += box.width * box.height;
      }
      // And the panels fill the screen below the header: no empty cell (three panels on a grid of four left a
      // quarter of a full HD wall blank).
      const grid = (await page.locator('.kiosk-panels').boundingBox())!;
      expect(covered / (grid.width * grid.height), 'share of the panels’ area they fill').toBeGreaterThan(0.85);
      const panel = (await headline(page).boundingBox())!;
      for (const figure of await headline(page).locator('[data-kpi]').all()) {
        const kpi = await figure.getAttribute('data-kpi');
        expectInside((await figure.locator('dt').boundingBox())!, panel, `label of ${kpi}`);
        expectInside((await figure.locator('.figure-value').boundingBox())!, panel, `value of ${kpi}`);
      }
      // No value breaks across lines ("17:00–" over "18:00"): each value's own text is one line.
      const wrapped = await headline(page)
        .locator('.figure-value')
        .evaluateAll((values) =>
          values.flatMap((value) => {
            const text = [...value.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent);
            if (!text) return [];
            const range = document.createRange();
            range.selectNodeContents(text);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return lines.size > 1 ? [text.textContent] : [];
          }),
        );
      expect(wrapped, 'values that wrap').toEqual([]);
      // Nothing is cut by a box that hides its overflow (what is usual under the big number once lost its last line
      // at 1920 × 1080): no such box in the panels holds more than it shows, but text for screen readers only.
      const clipped = await page.locator('.kiosk-panels *').evaluateAll((elements) =>
        elements
          .filter((element) => {
            const style = getComputedStyle(element);
            if (style.overflowX === 'visible' && style.overflowY === 'visible') return false;
            if (element.matches('.visually-hidden, canvas') || element.closest('.visually-hidden')) return false;
            return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
          })
          .map((element) => `${element.getAttribute('aria-label') ?? element.className}`),
      );
      expect(clipped, 'boxes that cut what they hold').toEqual([]);
      // Read from across a room: on a wall of 1920 px and wider, no text is under 20 px (the charts scale theirs);
      // on a phone or a door tablet, none under 14 px.
      if (screen.minTextPx !== undefined) {
        const small = await textSmallerThan(page, screen.minTextPx);
        expect(small, `text under ${screen.minTextPx} px`).toEqual([]);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------

test.describe('rotation', () => {
  const PERIOD_MS = 10_000;
  // Start the browser's clock where a 10-second period with index 0 (of two locations) begins: the screen shows
  // the first location for the whole first period, however long the page takes to load.
  const START = Math.floor(Date.parse(FIXED_NOW) / (2 * PERIOD_MS)) * 2 * PERIOD_MS;
  test.use({ clockAt: new Date(START).toISOString() });

  test('moves on to the next location at each 10-second boundary of the clock, and comes round again', async ({
    page,
    request,
    baseURL,
  }) => {
    const [berlin, concourse] = await Promise.all([
      locationName(request, baseURL, 20),
      locationName(request, baseURL, 11),
    ]);
    expect(berlin).not.toBe(concourse);
    const heading = page.getByRole('heading', { level: 1 });

    /** Past the next boundary of floor(now / 10 s): the rotation ticks every second, so half a second past it. */
    const pastNextBoundary = async () => {
      const now = await page.evaluate(() => Date.now());
      const next = (Math.floor(now / PERIOD_MS) + 1) * PERIOD_MS;
      await page.clock.fastForward(next - now + 500);
    };

    await page.goto('/kiosk?locations=20,11&rotate=10');
    await expect(heading).toHaveText(berlin);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);

    await pastNextBoundary();
    await expect(heading).toHaveText(concourse);
    await expect(page.getByRole('region', { name: `Kiosk: ${concourse}` })).toBeVisible();

    await pastNextBoundary();
    await expect(heading).toHaveText(berlin);
  });
});

// ---------------------------------------------------------------------------------------------------

test('bad values in the address are named in a note, and the rest of it still works', async ({
  page,
  request,
  baseURL,
}) => {
  const name = await locationName(request, baseURL, 20);
  await page.goto('/kiosk?locations=abc,20&panels=pie,figures&rotate=2');

  const note = page.getByRole('note');
  await expect(note).toContainText('Some of this kiosk’s address was ignored');
  await expect(note).toContainText('abc');
  await expect(note).toContainText('pie');
  await expect(note).toContainText('rotate');

  // Location 20 is still shown, with the one panel of the address that was good (not the default panels).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
  await expect(headline(page).locator('[data-kpi="total-entries"]')).toHaveAttribute('data-value', /^\d/);
  await expect(page.getByRole('region', { name: 'Busiest times' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Occupancy today against capacity' })).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------------

test.describe('through an outage', () => {
  test.use({ server: 'kiosk' });

  test('keeps the last good charts on screen marked stale, and clears the marker once a refresh succeeds', async ({
    page,
    request,
    baseURL,
  }) => {
    const setFailures = (mode: 'all' | 'off') => request.post(`${baseURL}/__control/failures`, { data: { mode } });
    const status = updated(page);
    const charts = [
      page.getByRole('region', { name: 'Occupancy today against capacity' }).getByRole('figure'),
      page.getByRole('region', { name: 'Entries today' }).getByRole('figure'),
    ];
    /**
     * Moves the clock on 2 s at a time (each step fires the refresh timer and the retries' 1-second
     * Retry-After waits that are due) until the status line reads `expected`.
     */
    const runUntil = async (expected: RegExp) =>
      expect
        .poll(
          async () => {
            await page.clock.runFor(2_000);
            return status.textContent();
          },
          { timeout: 30_000, intervals: [250] },
        )
        .toMatch(expected);

    try {
      await setFailures('off');
      await page.goto('/kiosk?locations=20&panels=now,traffic&refresh=15&rotate=0');
      for (const chart of charts) await expect(chart).toBeVisible();
      await expect(status).toHaveText(/^Updated \d\d:\d\d$/);
      await expect(status).not.toHaveClass(/stale/);

      await setFailures('all');
      const outageAt = await page.evaluate(() => Date.now());
      await runUntil(/stale/);
      // Marked by the failed refresh (one refresh, 15 s, then three 1-second retries), not merely by the data's
      // age, which would take 2.5 refreshes (37.5 s).
      expect((await page.evaluate(() => Date.now())) - outageAt).toBeLessThan(37_500);
      await expect(status).toHaveClass(/stale/);
      await expect(status).toHaveText(/^Updated \d\d:\d\d · stale/);
      // The last good data stays on screen.
      for (const chart of charts) await expect(chart).toBeVisible();

      await setFailures('off');
      await runUntil(/^Updated \d\d:\d\d$/);
      await expect(status).not.toHaveClass(/stale/);
      for (const chart of charts) await expect(chart).toBeVisible();
    } finally {
      await setFailures('off');
    }
  });
});

// ---------------------------------------------------------------------------------------------------

/** config.json as served, with `token` swapped for whatever the test says at the moment it is read. */
async function routeConfig(page: Page, config: Record<string, unknown>, token: () => string) {
  const reads = { count: 0 };
  await page.route('**/config.json', async (route) => {
    reads.count++;
    await route.fulfill({ json: { ...config, token: token() } });
  });
  return reads;
}

const refusedHeading = (page: Page) =>
  page.getByRole('alert').getByRole('heading', { name: 'This screen’s access to the API was refused' });

test.describe('a refused token', () => {
  test('fills the screen with a message, and a good token in config.json brings it back without a reload', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = (await (
      await request.get(`${baseURL}/config.json`, { maxRetries: TEST_GET_RETRIES })
    ).json()) as Record<string, unknown>;
    let token = 'not-a-jwt';
    const reads = await routeConfig(page, config, () => token);

    await page.goto('/kiosk?locations=20&panels=figures&rotate=0');
    await expect(refusedHeading(page)).toBeVisible();
    expect(reads.count).toBe(1);
    // A mark on this document: a reload would take it away.
    await page.evaluate(() => Object.assign(window, { kioskTestMark: true }));

    token = config.token as string;
    await recoverWithinMinutes(page, reads);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
    expect(await page.evaluate(() => 'kioskTestMark' in window), 'no reload').toBe(true);
  });

  test('recovers too when the message comes from the panels (the zone named in config.json)', async ({
    page,
    request,
    baseURL,
  }) => {
    const config = (await (
      await request.get(`${baseURL}/config.json`, { maxRetries: TEST_GET_RETRIES })
    ).json()) as Record<string, unknown>;
    let token = 'not-a-jwt';
    const reads = await routeConfig(
      page,
      { ...config, locations: [{ id: 20, timeZone: 'Europe/Berlin' }] },
      () => token,
    );

    await page.goto('/kiosk?locations=20&panels=figures&rotate=0');
    await expect(refusedHeading(page)).toBeVisible();

    token = config.token as string;
    await recoverWithinMinutes(page, reads);
    await expect(headline(page).locator('[data-kpi]')).toHaveCount(10);
  });
});

/**
 * Runs the clock a minute at a time (at most three) until config.json has been read again, the refusal is gone and
 * the figures are back: a refresh of the screen's own may still be on its way with the old token when the first
 * re-read lands (the refusal then shows again for a moment), and the kiosk then tries again the next minute.
 */
async function recoverWithinMinutes(page: Page, reads: { count: number }) {
  for (let minute = 0; minute < 3; minute++) {
    await page.clock.runFor(61_000);
    await expect.poll(() => reads.count, { message: 'config.json read again', timeout: 5_000 }).toBeGreaterThan(1);
    const recovered = await expect(headline(page).locator('[data-kpi]'))
      .toHaveCount(10, { timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (recovered) break;
  }
  await expect(refusedHeading(page)).toBeHidden();
}
