/**
 * The kiosk (/kiosk): a wall screen configured by its address alone. It fills the screen without scrolling at
 * the usual wall sizes and on a phone or a door tablet (fewer figures there, the most telling first), rotates
 * through its locations on the clock and names what it ignored in its address (an outage and a refused token:
 * e2e/kiosk-outage.spec.ts). Time moves with `page.clock` only.
 */
import type { Locator, Page } from '@playwright/test';

import { wallFigures } from '../src/features/kiosk/wall-figures';
import { apiGet, expect, test, textSmallerThan } from './fixtures';
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
