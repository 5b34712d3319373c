/**
 * What the layout and language specs check on a screen (e2e/layout.spec.ts, e2e/languages.spec.ts): no sideways
 * scrolling, no text cut, pushed off screen or too small, no two controls or figures drawn over each other, what is on
 * the first screen, the time zone named once, the chips opening within the screen.
 */
import type { Page } from '@playwright/test';

import { expect, openChip, textSmallerThan, type ChipName } from './fixtures';

/** The page scrolls only downwards. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(scrollWidth, 'the page’s width').toBeLessThanOrEqual(innerWidth);
}

export function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/**
 * No text cut off: every visible heading, button, tab, summary and label has room for its text (its content is no
 * wider than its box, which is what an `overflow: hidden` or `text-overflow` would cut), and lies within the
 * screen's width unless it is inside a region that scrolls sideways (tables, a phone's row of tabs).
 */
export async function expectNoClippedText(page: Page) {
  expect(await clippedText(page), 'elements whose text is cut or off screen').toEqual([]);
}

/** The elements whose text is cut or off screen (expectNoClippedText), one line each. */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'h1, h2, h3, button, summary, label, nav a, .brand';
    const scrollsSideways = (element: HTMLElement) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    };
    return (
      [...document.querySelectorAll<HTMLElement>(selector)]
        // Drawn: not inside a closed disclosure (whose content Chromium skips, yet gives boxes) or anything hidden.
        .filter((element) => element.checkVisibility({ visibilityProperty: true }) && element.offsetParent !== null)
        .filter((element) => !scrollsSideways(element))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          // A box of a pixel or two is text for screen readers only, clipped on purpose.
          const cut = element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 2;
          return cut || box.left < -1 || box.right > window.innerWidth + 1;
        })
        .map((element) => `${element.tagName.toLowerCase()} “${element.textContent?.trim().slice(0, 40) ?? ''}”`)
    );
  });
}

/**
 * No two of the page's drawn headings, buttons, labels or figures overlap where they are shown (one inside the other
 * is not an overlap, nor a part an ancestor clips), outside regions that scroll sideways, where a sticky column covers
 * what slides under it by design.
 */
export async function expectNoOverlaps(page: Page) {
  expect(await overlaps(page), 'elements drawn over each other').toEqual([]);
}

/** The pairs of elements drawn over each other (expectNoOverlaps), one line each. */
export function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'h1, h2, h3, button, summary, label, nav a, [data-kpi]';
    const inScroller = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const { overflowX } = getComputedStyle(box);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    /** The part of an element's box its ancestors do not clip (a wall's panels hide their overflow). */
    function shownPart(element: HTMLElement) {
      const box = element.getBoundingClientRect();
      let { left, top, right, bottom } = box;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    }
    const drawn = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }) && element.offsetParent !== null)
      .filter((element) => !inScroller(element))
      .map((element) => ({ element, box: shownPart(element) }))
      // Text for screen readers only is a 1-pixel box by design.
      .filter(({ box }) => box.width > 2 && box.height > 2);
    const found: string[] = [];
    const name = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 30)}”`;
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        const a = drawn[i]!;
        const b = drawn[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 2 && height > 2) found.push(`${name(a.element)} over ${name(b.element)}`);
      }
    }
    return found;
  });
}

/** Figures (`[data-kpi]` in the headline figures, or another region's) whose whole card is on the first screen. */
export async function wholeFiguresOnFirstScreen(page: Page, region = 'Headline figures'): Promise<number> {
  return page
    .getByRole('region', { name: region })
    .locator('[data-kpi]')
    .evaluateAll(
      (cards) =>
        cards.filter((card) => {
          const box = card.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
}

/** Rows of the portfolio table wholly on the first screen: under the table's header, above the screen's bottom. */
export async function rowsOnFirstScreen(scroller: ReturnType<Page['locator']>): Promise<number> {
  return scroller.evaluate((element) => {
    const header = element.querySelector('thead')!.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, element.getBoundingClientRect().bottom);
    return [...element.querySelectorAll('tbody tr[data-location-id]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= header.bottom - 1 && box.bottom <= bottom + 1;
    }).length;
  });
}

/**
 * Text of the portfolio table that is cut: a header or cell whose content is wider than its box, a location's
 * name cut at its end or after its lines, or a header on more than one line (taller than its row's cells).
 */
export async function cutTableText(scroller: ReturnType<Page['locator']>): Promise<string[]> {
  return scroller.evaluate((element) => {
    const cut: string[] = [];
    const name = (node: Element) => `“${node.textContent?.trim().slice(0, 40) ?? ''}”`;
    for (const cell of element.querySelectorAll<HTMLElement>('thead th, tbody tr[data-location-id] > *')) {
      if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`cell ${name(cell)}`);
    }
    for (const link of element.querySelectorAll<HTMLElement>('tbody th a')) {
      if (link.scrollWidth > link.clientWidth + 1 || link.scrollHeight > link.clientHeight + 1) {
        cut.push(`name ${name(link)}`);
      }
    }
    for (const label of element.querySelectorAll<HTMLElement>('thead .column-label')) {
      if (label.getClientRects().length > 1 || label.getBoundingClientRect().height > 24) {
        cut.push(`header on more than one line ${name(label)}`);
      }
    }
    return cut;
  });
}

/** The chart's drawing shows at least `px` of its height on the first screen. */
export async function expectChartOnFirstScreen(page: Page, chart: ReturnType<Page['locator']>, px: number) {
  const box = await chart.locator('canvas').first().boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'the chart').not.toBeNull();
  expect(height - box!.y, `the chart's height on a ${height} px high first screen`).toBeGreaterThanOrEqual(px);
}

/**
 * How often the visible text names `zone` (text a screen reader alone is given, visually hidden, and what is inside
 * a closed disclosure do not count; the charts' canvases are not text).
 */
export async function zoneMentions(page: Page, zone: string): Promise<number> {
  return page.evaluate((zone) => {
    let count = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.includes(zone)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      count += node.textContent.split(zone).length - 1;
    }
    return count;
  }, zone);
}

/** Every visible piece of text is drawn at 12 px or more. */
export async function expectNoSmallText(page: Page) {
  expect(await textSmallerThan(page, 12), 'text under 12 px').toEqual([]);
}

/**
 * A table's scroller scrolled sideways as far as it goes: whether it scrolls, where its left edge is, and where the
 * first cell (`firstCell`, a selector) is then and what it is painted with (a sticky column hides what scrolls under).
 */
export function scrolledSideways(scroller: ReturnType<Page['locator']>, firstCell: string) {
  return scroller.evaluate((box, selector) => {
    box.scrollLeft = box.scrollWidth;
    const cell = box.querySelector(selector)!;
    return {
      scrolls: box.scrollWidth > box.clientWidth,
      scrollerLeft: box.getBoundingClientRect().left,
      firstCellLeft: cell.getBoundingClientRect().left,
      background: getComputedStyle(cell).backgroundColor,
    };
  }, firstCell);
}

export type Region = ReturnType<Page['locator']>;

/**
 * Each of the toolbar's chips opens its panel within the screen's width (showing what `shows` names for it), with no
 * sideways scroll, cut text or text under 12 px, and Escape closes it.
 */
export async function expectChipsOpenWithin(
  page: Page,
  toolbar: Region,
  shows: Partial<Record<ChipName, (panel: Region) => Region>>,
) {
  const width = page.viewportSize()!.width;
  for (const name of ['Date range', 'More filters', 'More'] as const) {
    await openChip(page, name);
    const group = toolbar.getByRole('group', { name, exact: true });
    const inside = shows[name];
    if (inside) await expect(inside(group)).toBeVisible();
    const panel = await group.boundingBox();
    expect(panel!.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width, `${name}: right edge`).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page);
    await expectNoClippedText(page);
    await expectNoSmallText(page);
    await page.keyboard.press('Escape');
    await expect(group).toBeHidden();
  }
}

/** The top of `locator` is above the bottom of the first screen. */
export async function expectOnFirstScreen(page: Page, what: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top, in a ${height} px high screen`).toBeLessThan(height);
}
