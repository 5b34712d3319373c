/**
 * When a page is ready for its picture (scripts/screenshots.ts). Readiness is generic so that it survives changes to
 * the pages' wording and toolbars: a location page waits for a chart (`figure canvas`), then, for a while, for
 * nothing to be `aria-busy` and every `[data-kpi]` to have its `data-value`, then for the charts to settle; a step
 * that must happen fails after MUST_MS.
 */
import type { Page } from '@playwright/test';

/** How long a step that must happen may take before the picture fails. */
export const MUST_MS = 30_000;
/** How long to wait for what may never come (a figure that stays empty) before taking the picture anyway. */
const MAY_MS = 15_000;

export const portfolioReady = async (page: Page) => {
  await page.locator('[data-portfolio-count]').waitFor({ timeout: MUST_MS });
  await page
    .getByRole('status')
    .filter({ hasNotText: /so far/ })
    .first()
    .waitFor({ timeout: MUST_MS });
  await page
    .locator('tr[data-location-id] [data-kpi="average-utilization"]')
    .first()
    .getByText(/%/)
    .waitFor({ timeout: MUST_MS });
};

/**
 * Every chart near the first screen drawn: a chart further down is drawn when scrolled to (panels/lazy-chart.tsx),
 * and stands as its figure, not drawn, until then.
 */
export async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // Inline, not a named function: tsx would wrap one in a helper the page does not have.
      const charts = [...document.querySelectorAll('figure.chart')];
      return (
        charts.length > 0 &&
        charts.every((chart) => chart.querySelector('canvas') !== null || chart.matches('.chart-not-drawn')) &&
        !document.querySelector('[aria-label="Loading chart"]')
      );
    },
    null,
    { timeout: MUST_MS },
  );
}

/**
 * A location page: its charts near the first screen drawn, then (for at most MAY_MS) nothing still `aria-busy` and
 * every headline figure with its number; some figures stay empty until every window is in, or for good, so that
 * wait does not fail.
 */
export const locationReady = async (page: Page) => {
  await chartsDrawn(page);
  try {
    await page.waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        [...document.querySelectorAll('[data-kpi]')].every((element) => element.getAttribute('data-value') !== ''),
      null,
      { timeout: MAY_MS },
    );
  } catch {
    console.log(`  (still busy or a figure empty after ${MAY_MS / 1000} s; taking the picture anyway)`);
  }
};

export const kioskReady = (page: Page) => chartsDrawn(page);

/**
 * Small series are animated as they come in: wait until the data is complete (no download button still says it is
 * loading) and every canvas shows the same picture twice, 300 ms apart.
 */
export async function chartsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-disabled="true"]')?.closest('.download'), null, {
    timeout: MUST_MS,
  });
  const picture = () =>
    page.evaluate(() => [...document.querySelectorAll('canvas')].map((canvas) => canvas.toDataURL()).join('|'));
  const deadline = Date.now() + MUST_MS;
  let before = await picture();
  for (;;) {
    await page.waitForTimeout(300);
    const now = await picture();
    if (now === before || Date.now() > deadline) return;
    before = now;
  }
}
