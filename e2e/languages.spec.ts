/**
 * German and Japanese, whole: on the portfolio, each location page and the kiosk, `?lang=de` and `?lang=ja` show no
 * word of the interface outside the language's catalog (visible text, text for screen readers, accessible names and
 * the tab's title: every word is the catalog's, the data's — location and zone names —, or a date's, a weekday's or a
 * month's from Intl; text marked with another `lang` is that language's), `<html lang>` is the language, and nothing
 * is cut or drawn over anything else at a laptop's and a phone's size; axe finds nothing serious on the pages of
 * AXE_PAGES. A string left out of the catalogs shows in English and fails here. One page load per page and language;
 * the phone's check resizes the same page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { catalog, type Translated } from './catalog';
import { expect, test, walk } from './fixtures';
import { clippedText, overlaps, pageWidth } from './layout-checks';

const WEEK = 'from=2026-11-11&to=2026-11-17';
const PAGES = [
  '/portfolio',
  `/locations/20/utilization?${WEEK}`,
  `/locations/20/occupancy?${WEEK}`,
  `/locations/20/traffic?${WEEK}`,
  `/locations/20/dwell-time?${WEEK}`,
  `/locations/20/availability?${WEEK}`,
  '/kiosk?locations=20&panels=now,figures,heatmap,traffic,children&rotate=0',
];

/** The pages axe also checks, with every rule (a serious or critical violation fails): two in each language. */
const AXE_PAGES: Record<Translated, readonly string[]> = { de: [PAGES[0]!, PAGES[1]!], ja: [PAGES[1]!, PAGES[6]!] };

/** Latin words of three letters or more (Japanese text is the catalog's by construction; English words in it are not). */
const WORD = /[A-Za-zÀ-ÖØ-öø-ÿ]{3,}/g;
const words = (text: string) => text.match(WORD) ?? [];

/** Names that are the same in every language: formats, standards, and the languages' own names in the switch. */
const NAMES = ['CSV', 'PNG', 'API', 'UTC', 'GMT', 'ISO', 'RFC', 'English', 'Deutsch'];

/** Every word the page may show in `language` besides the data's: its catalog's, and Intl's dates. */
function allowedWords(language: Translated): Set<string> {
  const allowed = new Set(NAMES);
  for (const translation of catalog(language).values()) for (const word of words(translation)) allowed.add(word);
  const locale = language === 'de' ? 'de-DE' : 'ja-JP';
  for (let month = 0; month < 12; month++) {
    for (const style of ['long', 'short'] as const) {
      const date = new Date(Date.UTC(2026, month, 10 + (month % 7)));
      const text = `${date.toLocaleDateString(locale, { month: style, weekday: style })} ${date.toLocaleString(locale, { timeZoneName: 'short' })}`;
      for (const word of words(text)) allowed.add(word);
    }
  }
  return allowed;
}

/** The words of every location's name and zone, as sent by the API (data is never translated). */
async function dataWords(request: Parameters<typeof walk>[0], baseURL: string): Promise<Set<string>> {
  const { data } = await walk<{ name: string; time_zone?: string | null }>(request, baseURL, '/locations');
  return new Set(data.flatMap((record) => [...words(record.name), ...words(record.time_zone ?? '')]));
}

/** The page's words as a reader meets them: visible text, screen-reader text, names, descriptions and the title. */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title];
    // Words marked as another language's (a language's own name in the switch, a formula in the API's terms).
    const inPageLanguage = (element: Element) =>
      element.closest('[lang]')?.getAttribute('lang') === document.documentElement.lang;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [hidden], [aria-hidden="true"]')) continue;
      if (!inPageLanguage(parent)) continue;
      if (parent.tagName !== 'OPTION' && !parent.checkVisibility()) continue;
      parts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [alt], [placeholder], [aria-valuetext]',
    )) {
      if (element.closest('[hidden], [aria-hidden="true"]') || !inPageLanguage(element)) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder', 'aria-valuetext']) {
        parts.push(element.getAttribute(name) ?? '');
      }
    }
    return parts.join('\n');
  });
}

/** The outermost elements that reach past the screen's right edge, outside regions that scroll sideways. */
function tooWide(page: Page): Promise<string> {
  return page.evaluate(() => {
    const past = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 1;
    const scrolls = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const found: string[] = [];
    const visit = (element: Element) => {
      for (const child of element.children) {
        if (past(child) && !child.querySelector(':scope > *')) found.push(child.outerHTML.slice(0, 120));
        else if (past(child) && !scrolls(child)) visit(child);
      }
    };
    visit(document.body);
    return found.slice(0, 3).join(' | ');
  });
}

/** What is sideways, cut or overlapping on the page as it is now. */
async function layoutProblems(page: Page): Promise<string[]> {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  const wide = scrollWidth > innerWidth ? [`the page is ${scrollWidth} px wide: ${await tooWide(page)}`] : [];
  return [...wide, ...(await clippedText(page)), ...(await overlaps(page))];
}

/** Settled: nothing still loading, and the page's figures or rows are in. */
async function settled(page: Page) {
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('[data-kpi][data-value]:not([data-value=""])').first()).toBeAttached({ timeout: 60_000 });
}

for (const language of ['de', 'ja'] as const) {
  test(`${language}: every page speaks it whole, and fits a laptop and a phone`, async ({ page, request, baseURL }) => {
    test.slow();
    const allowed = allowedWords(language);
    const data = await dataWords(request, baseURL);
    const strangers: string[] = [];
    const layout: string[] = [];
    for (const path of PAGES) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // What a phone installs is named in the language too (offline/web-app-manifest.ts).
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', new RegExp(`manifest-${language}\\.`));
      await settled(page);
      const unknown = new Set(words(await pageText(page)).filter((word) => !allowed.has(word) && !data.has(word)));
      if (unknown.size > 0) strangers.push(`${path}: ${[...unknown].join(', ')}`);
      if (AXE_PAGES[language].includes(path)) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')) {
          layout.push(
            `${path}: axe ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        }
      }
      for (const size of [
        { width: 1366, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        const at = `${path} at ${size.width}×${size.height}`;
        // The page lays itself out again after a resize (media queries in script too): measured until it is clean,
        // for a few seconds, and what is still wrong then is reported.
        let problems: string[] = [];
        await expect
          .poll(async () => (problems = await layoutProblems(page)), { timeout: 5_000 })
          .toEqual([])
          .catch(() => undefined);
        layout.push(...problems.map((problem) => `${at}: ${problem}`));
      }
    }
    expect(layout, 'cut, overlapping, sideways or inaccessible').toEqual([]);
    expect(strangers, 'words outside the catalog and the data').toEqual([]);
  });
}
