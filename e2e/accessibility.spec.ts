/**
 * Accessibility on every page and state, in both themes: axe-core with every rule it has (none disabled) finds no
 * serious or critical violation on a metric chart, a metric table long enough to scroll, the utilization page with
 * its heatmap, its children and the tables that stand in for its charts, the kiosk with every panel, an API error,
 * a malformed link's notice, an unknown location, the token prompt, a broken config.json and the portfolio. Each state is loaded in
 * `theme=light` and `theme=dark` in one test. Then: every chart has a text summary with its values, the scrolling
 * table scrolls from the keyboard, and tabbing through the filter bar and the view switch, and through the portfolio
 * table's sort headers, shows a focus ring.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { drawnChart, expect, openChip, test } from './fixtures';

const THEMES = ['light', 'dark'] as const;
const WEEK = 'from=2026-11-09&to=2026-11-15';

/** Serious and critical violations of the page as it is, one line each: rule, then where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Opens `path` in each theme, waits for `ready`, and runs axe; every violation of both themes fails the test. */
async function checkBothThemes(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}theme=${theme}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await ready(page);
    found.push(...(await seriousViolations(page)).map((line) => `${theme}: ${line}`));
  }
  expect(found).toEqual([]);
}

async function noSkeletons(page: Page) {
  for (const name of ['Loading chart', 'Loading table', 'Loading figures', 'Loading utilization']) {
    await expect(page.getByLabel(name)).toHaveCount(0, { timeout: 60_000 });
  }
}

// A utilization page loads a dozen series, twice; a loaded 2-core machine takes its time.
test.describe.configure({ timeout: 180_000 });

test('metric table, hourly over three days: it scrolls, and its scroller is reachable and scrolls by keyboard', async ({
  page,
}) => {
  // The concourse is open around the clock: 3 × 24 hourly rows, three times the scroller's height: enough to check
  // the virtualized table, few enough for axe to stay well inside the test's time on a loaded machine.
  await checkBothThemes(
    page,
    `/locations/11/occupancy?from=2026-11-13&to=2026-11-15&interval=60min&view=table`,
    async () => {
      await expect(page.getByRole('region', { name: 'Occupancy table' }).locator('tbody tr')).toHaveCount(72, {
        timeout: 60_000,
      });
    },
  );
  const scroller = page.locator('.table-scroll').first();
  expect(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight * 2)).toBe(true);
  // Reached with Tab (not clicked), then scrolled with the keyboard.
  await page.getByRole('button', { name: 'Table', pressed: true }).focus();
  let reached = false;
  for (let press = 0; press < 10 && !reached; press++) {
    await page.keyboard.press('Tab');
    reached = await scroller.evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  await expect(scroller).toHaveAccessibleName(/./);
  await page.keyboard.press('PageDown');
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
});

test('utilization page: figures, charts, heatmap and its table, children, both themes', async ({ page }) => {
  // The transit center (concourse and café) is open around the clock: a weekend is 48 hourly windows, enough for
  // the hourly table to scroll (axe's time grows with the rows).
  await checkBothThemes(page, '/locations/10/utilization?from=2026-11-14&to=2026-11-15', async () => {
    await expect(page.getByRole('region', { name: 'Headline figures' }).locator('[data-kpi]').first()).toHaveAttribute(
      'data-value',
      /\d/,
      { timeout: 60_000 },
    );
    await expect(page.getByRole('region', { name: 'Spaces table' }).locator('tbody tr')).toHaveCount(2, {
      timeout: 60_000,
    });
    // Every chart drawn, as it is once scrolled to.
    for (const figure of await page.getByRole('figure').all()) await drawnChart(figure);
    await page.evaluate(() => window.scrollTo(0, 0));
    await noSkeletons(page);
    // The tables that stand in for the charts, opened.
    await page.getByText('Busiest times as a table').click();
    await page.getByText('Utilization over time as a table').click();
    await expect(page.getByRole('region', { name: 'Busiest times table' })).toBeVisible();
    const hourly = page.getByRole('region', { name: 'Hourly utilization table' });
    await expect(hourly.locator('tbody tr')).toHaveCount(48);
    expect(await hourly.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  });
});

test('portfolio, sorted, with its summary and its virtualized table, both themes', async ({ page }) => {
  await checkBothThemes(page, '/portfolio?sort=-average-utilization', async () => {
    await expect(page.getByRole('region', { name: 'Locations' }).getByRole('status')).not.toContainText(
      /so far|loading/,
      {
        timeout: 60_000,
      },
    );
    await expect(page.getByRole('region', { name: 'Portfolio summary' })).toContainText('Busiest');
  });
  // The table scrolls: its scroller is named and reachable by keyboard.
  const scroller = page.getByRole('region', { name: 'Locations table' });
  await expect(scroller).toHaveAttribute('tabindex', '0');
});

test('portfolio: each column header is a sort button reached by Tab with a focus ring; Enter sorts, aria-sort follows', async ({
  page,
}) => {
  await page.goto('/portfolio');
  const table = page.getByRole('region', { name: 'Locations table' }).getByRole('table');
  await expect(table.locator('tr[data-location-id]').first()).toBeVisible();
  await expect(table.locator('th[aria-sort]')).toHaveCount(0);

  // Tab from the search box on: every header of the table is a stop, in order, and shows a ring.
  await page.getByRole('searchbox', { name: 'Search locations' }).focus();
  const stops: { name: string; ring: boolean }[] = [];
  for (let press = 0; press < 40 && stops.length < 7; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.closest('thead')) return null;
      const style = getComputedStyle(element);
      return {
        name: element.textContent?.replace(/[↑↓]/g, '').trim() ?? '',
        ring:
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== ''),
      };
    });
    if (focused) stops.push(focused);
  }
  expect(stops.map((stop) => stop.name)).toEqual([
    'Location',
    'Average utilization',
    'Peak utilization',
    'Change',
    'Now',
    'Right-size P95',
    'Capacity',
  ]);
  expect(stops.filter((stop) => !stop.ring)).toEqual([]);

  // Back to Average utilization: Enter sorts it, highest first, then again lowest first.
  const header = table.getByRole('columnheader', { name: 'Average utilization' });
  for (let press = 0; press < 5; press++) await page.keyboard.press('Shift+Tab');
  await expect(header.getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=-average-utilization/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('th[aria-sort]')).toHaveCount(1);
  await header.getByRole('button').press('Enter');
  await expect(page).toHaveURL(/sort=average-utilization/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
});

test('kiosk with every panel, both themes', async ({ page }) => {
  await checkBothThemes(page, '/kiosk?locations=20&panels=now,figures,heatmap,traffic,children&rotate=0', async () => {
    for (const panel of ['Occupancy today against capacity', 'Busiest times', 'Entries today']) {
      await expect(page.getByRole('region', { name: panel }).locator('canvas').first()).toBeVisible({
        timeout: 60_000,
      });
    }
    await noSkeletons(page);
  });
});

test('an API error panel, a malformed link’s notice, an unknown location, both themes', async ({ page }) => {
  await page.route('**/v2/locations/21/traffic?**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      json: {
        type: 'https://simulator.local/problems/invalid-parameter',
        title: 'Invalid parameter',
        status: 400,
        detail: 'a refusal for this test',
        instance: '/v2/locations/21/traffic',
        request_id: '00000000-0000-4000-8000-000000000000',
      },
    }),
  );
  await checkBothThemes(page, '/locations/21/traffic', async () => {
    await expect(page.getByRole('alert', { name: 'Error' }).getByRole('button', { name: 'Retry' })).toBeVisible({
      timeout: 30_000,
    });
  });
  await checkBothThemes(page, '/locations/21/dwell-time?interval=15min&days=9', async () => {
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /ignored/i })
        .first(),
    ).toBeVisible();
    await noSkeletons(page);
  });
  await checkBothThemes(page, '/locations/999/availability', async () => {
    await expect(page.getByRole('heading', { name: 'Location not found or not accessible' }).first()).toBeVisible();
  });
});

test('the token prompt (a 401) and a broken config.json, both themes', async ({ page, context }) => {
  // The context's routes also see what the service worker fetches (config.json, once it is active).
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const { token: _token, ...config } = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: config });
  });
  await checkBothThemes(page, '/locations/21/occupancy', async () => {
    await expect(page.getByLabel('API token').first()).toBeVisible({ timeout: 30_000 });
  });
  await context.unrouteAll();
  await context.route('**/config.json', (route) => route.fulfill({ json: { apiBaseUrl: 42 } }));
  await checkBothThemes(page, '/locations/21/occupancy', async () => {
    await expect(page.getByText(/config\.json/).first()).toBeVisible();
  });
});

test('metric chart in both themes: axe, a summary with its values, and a focus ring at every stop of the filter bar and view switch', async ({
  page,
}) => {
  await checkBothThemes(page, `/locations/21/traffic?${WEEK}`, async () => {
    await expect(
      page
        .getByRole('figure', { name: /^Traffic of/ })
        .locator('canvas')
        .first(),
    ).toBeVisible({
      timeout: 30_000,
    });
    await noSkeletons(page);
  });
  // The dark theme's page, as it is.
  await expect(page.getByRole('figure', { name: /^Traffic of/ })).toHaveAccessibleName(
    // An office open Monday to Friday: five days, the latest a Friday.
    /^Traffic of Open Workspace, Floor 1, 9 Nov – 15 Nov 2026, 5 days, times in Europe\/Berlin: entries lowest [\d,]+ entries \(\w{3} 1\d Nov 2026\), highest [\d,]+ entries \(\w{3} 1\d Nov 2026\), latest [\d,]+ entries \(Fri 13 Nov 2026\)\.$/,
  );

  // Tab from the top of the page through the filter bar, "More filters" open, to the view switch: every stop shows
  // a ring.
  await openChip(page, 'More filters');
  const stops: string[] = [];
  const unringed: string[] = [];
  await page.locator('body').focus();
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return {
        name: `${element.tagName.toLowerCase()}${element.getAttribute('type') ? `[${element.getAttribute('type')}]` : ''} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}`,
        inFilters: element.closest('[aria-label="Filters"]') !== null,
        inViewSwitch: element.closest('[role="group"][aria-label="View"]') !== null,
        ring:
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== ''),
      };
    });
    if (!focused) continue;
    if (!focused.inFilters && !focused.inViewSwitch) continue;
    stops.push(focused.name);
    if (!focused.ring) unringed.push(focused.name);
    if (focused.inViewSwitch && focused.name.includes('Table')) break;
  }
  // The date range, the interval, the chip, the hours, the seven days and the reset are among them.
  expect(stops.length).toBeGreaterThan(10);
  expect(stops.at(-1)).toMatch(/Table/);
  expect(unringed).toEqual([]);
});
