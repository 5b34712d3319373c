/**
 * The test fixture: the browser's clock fixed to the simulator's (`--now`), so "last 7 days" means the
 * same to both, and helpers to ask the simulator for the numbers a page should show.
 */
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { FIXED_NOW, SERVERS } from './servers';

type ServerName = keyof typeof SERVERS;

export const test = base.extend<{ server: ServerName; baseURL: string; clockAt: string }>({
  server: ['main', { option: true }],
  /**
   * The instant the browser's clock starts at (it then runs on in real time): the simulator's `--now` unless a
   * test says otherwise with `test.use({ clockAt })`.
   */
  clockAt: [FIXED_NOW, { option: true }],
  baseURL: async ({ server }, use) => use(SERVERS[server].url),
  page: async ({ page, clockAt }, use) => {
    await page.clock.install({ time: new Date(clockAt) });
    await use(page);
  },
});

export { expect };

/**
 * How often the tests' own GETs are sent again after ECONNRESET (the only error Playwright retries): a kept-alive
 * socket the server closes just as it is reused is a race of the transport, not an answer. Seen once in a full run,
 * fetching config.json while the machine was busy.
 */
export const TEST_GET_RETRIES = 2;

/** The default token of public/config.json, read from the served config. */
export async function apiToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const response = await request.get(`${baseURL}/config.json`, { maxRetries: TEST_GET_RETRIES });
  const config = (await response.json()) as { token: string };
  return config.token;
}

/** GET an API path with the dashboard's token, as JSON. */
export async function apiGet<T>(request: APIRequestContext, baseURL: string, path: string): Promise<T> {
  const response = await request.get(`${baseURL}/v2${path}`, {
    headers: { Authorization: `Bearer ${await apiToken(request, baseURL)}` },
    maxRetries: TEST_GET_RETRIES,
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

interface Pagination {
  has_more: boolean;
  next_cursor: string | null;
}
export interface Envelope<P> {
  name: string;
  capacity: number;
  data: P[];
  pagination: Pagination;
}

/** Every page of a list, following `next_cursor` while `has_more`. */
export async function walk<P>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
): Promise<{ first: Envelope<P>; data: P[]; pages: number }> {
  const separator = path.includes('?') ? '&' : '?';
  let first: Envelope<P> | undefined;
  const data: P[] = [];
  let pages = 0;
  for (let cursor: string | null = null; pages === 0 || cursor !== null; pages++) {
    const body: Envelope<P> = await apiGet(
      request,
      baseURL,
      `${path}${cursor === null ? '' : `${separator}cursor=${encodeURIComponent(cursor)}`}`,
    );
    first ??= body;
    data.push(...body.data);
    cursor = body.pagination.has_more ? body.pagination.next_cursor : null;
    expect(pages, `pages of ${path}`).toBeLessThan(200);
  }
  return { first: first!, data, pages };
}

/**
 * A chart's canvas once it is drawn. A chart is drawn when it comes near the screen (panels/lazy-chart.tsx): as a
 * person must, this scrolls to it first.
 */
export async function drawnChart(figure: Locator, timeout = 30_000): Promise<Locator> {
  const canvas = figure.locator('canvas').first();
  // Scrolled to again if the figure is re-rendered meanwhile (the placeholder is replaced by the drawn chart).
  await expect(async () => {
    await figure.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(canvas).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout });
  return canvas;
}

/**
 * Opens one of a location page's toolbar chips, "Date range" (presets, calendar, From and To), "More filters" (hours,
 * days, closed hours) or "More" (links, downloads, the comparison), unless it is open: what a chip holds is drawn
 * when it first opens, and hidden again when it closes.
 */
export async function openChip(page: Page, label: ChipName | (string & {})): Promise<void> {
  const panel = page.getByRole('group', { name: label, exact: true });
  if (await panel.isVisible()) return;
  await chip(page, label).click();
  await expect(panel).toBeVisible();
}

/** A chip's English name; a page in another language is given its translation (e2e/catalog.ts `say`). */
export type ChipName = 'Date range' | 'More filters' | 'More';

/** A toolbar chip, by its name (the date range's is for screen readers only: its chip shows the range). */
export function chip(page: Page, label: ChipName | (string & {})) {
  return page.locator('summary.chip').filter({ has: page.getByText(label, { exact: true }) });
}

/** The filter inputs whose values a shared link must restore, by their labels. */
export const FILTER_INPUTS = ['From', 'To', 'Interval', 'From hour', 'To hour'] as const;

/** The chip that holds each filter input; the interval is on the bar itself. */
const CHIP_OF: Record<(typeof FILTER_INPUTS)[number], ChipName | null> = {
  From: 'Date range',
  To: 'Date range',
  Interval: null,
  'From hour': 'More filters',
  'To hour': 'More filters',
};

/** A filter input by its label ("From" is not "From hour"), the chip that holds it opened first. */
export async function filterInput(page: Page, name: (typeof FILTER_INPUTS)[number]) {
  const holder = CHIP_OF[name];
  if (holder) await openChip(page, holder);
  return page.getByLabel(name, { exact: name === 'From' || name === 'To' });
}

/** The comparison's select, in a location page's "More", which is opened first. */
export async function compareField(page: Page) {
  await openChip(page, 'More');
  return page.getByLabel('Compare with');
}

/** A button of a location page's "More" (Copy link, Download CSV), which is opened first. */
export async function moreButton(page: Page, name: string) {
  await openChip(page, 'More');
  return page.getByRole('group', { name: 'More', exact: true }).getByRole('button', { name, exact: true });
}

/**
 * The visible text drawn under `px` (font size), as `12 px: “the text”`: what is hidden, inside a closed disclosure
 * or has no box is not drawn; a chart's canvas is not text.
 */
export function textSmallerThan(page: Page, px: number): Promise<string[]> {
  return page.evaluate((px) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < px) found.push(`${size} px: “${node.textContent.trim().slice(0, 40)}”`);
    }
    return found;
  }, px);
}
