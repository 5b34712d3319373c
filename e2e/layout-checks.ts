/**
 * Layout checks the layout and language specs share: no sideways scrolling, no text cut or pushed off screen, no two
 * controls or figures drawn over each other.
 */
import type { Page } from '@playwright/test';

import { expect } from './fixtures';

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
