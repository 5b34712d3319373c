/**
 * The production build under its strict Content-Security-Policy (scripts/content-security-policy.ts, sent by
 * `vite preview` as `npm start` runs it): every page carries the header, and no page trips it: no
 * `securitypolicyviolation` event (recorded from before the app's first script) and no console error about it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { apiOrigin, contentSecurityPolicy, contentSecurityPolicyFor } from '../scripts/content-security-policy';
import { expect, test } from './fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Directive → its sources, from a policy header. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Records every CSP violation and CSP console error of the page; `check` asserts there were none. */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) consoleErrors.push(`${message.type()}: ${message.text()}`);
  });
  return {
    /** Opens `path`; the document's response must carry the policy. */
    async open(path: string) {
      const response = await page.goto(path);
      const header = response?.headers()['content-security-policy'] ?? '';
      const policy = directives(header);
      expect(policy.get('script-src'), `script-src of ${path}`).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    },
    async check() {
      expect(await page.evaluate(() => window.__cspViolations ?? ['the init script did not run'])).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  };
}

const CHART_PAGES = [
  ['occupancy', /Occupancy of/],
  ['traffic', /Traffic of/],
  ['dwell-time', /Dwell time of/],
  ['availability', /Availability of/],
] as const;

test.describe('every page runs under the strict policy without a violation', () => {
  // A utilization page loads a dozen series; on a loaded 2-core machine that takes its time.
  test.describe.configure({ timeout: 120_000 });
  for (const [metric, figureName] of CHART_PAGES) {
    test(`${metric}: chart, its tooltip, then the table`, async ({ page }) => {
      const policy = await watchPolicy(page);
      await policy.open(`/locations/21/${metric}?interval=daily`);
      const chart = page.getByRole('figure', { name: figureName });
      await expect(chart.locator('canvas').first()).toBeVisible();
      // ECharts' HTML tooltip is styled inline: style-src allows it, and this draws one.
      const box = (await chart.locator('canvas').first().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2);
      await policy.open(`/locations/21/${metric}?interval=daily&view=table`);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      await policy.check();
    });
  }

  test('the landing page, which opens the portfolio with its rows, figures and sparklines', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/');
    await expect(page).toHaveURL(/\/portfolio/);
    await expect(page.locator('[data-portfolio-count]')).toHaveAttribute('data-value', /^[1-9]\d*$/);
    await expect(
      page.locator('[data-location-id] [data-kpi="average-utilization"][data-value]').first(),
    ).toHaveAttribute('data-value', /\d/);
    await policy.check();
  });

  test('the utilization page with a comparison', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/locations/20/utilization?compare=previous');
    await expect(
      page
        .getByRole('figure', { name: /^Utilization of/ })
        .locator('canvas')
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: /Spaces in this location/i })).toBeVisible();
    await policy.check();
  });

  test('the kiosk', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/kiosk?locations=20&panels=now,figures,heatmap,traffic&rotate=0');
    for (const panel of ['Occupancy today against capacity', 'Busiest times', 'Entries today']) {
      await expect(
        page.getByRole('region', { name: panel }).getByRole('figure').locator('canvas').first(),
      ).toBeVisible();
    }
    await policy.check();
  });

  test('an error state: an unknown location', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/locations/999/availability');
    await expect(page.getByRole('heading', { name: 'Location not found or not accessible' }).first()).toBeVisible();
    await policy.check();
  });

  test('the token prompt after a 401', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/locations/21/occupancy');
    await expect(page.getByRole('figure', { name: /Occupancy of/ })).toBeVisible();
    await page.getByRole('button', { name: 'API token' }).click();
    await page.getByLabel('API token').fill('not-a-valid-token');
    await page.getByRole('button', { name: 'Use token' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in needed' }).first()).toBeVisible();
    await expect(page.getByLabel('API token').first()).toBeVisible();
    await policy.check();
  });

  test('a path that is no page, and a malformed link with its notice', async ({ page }) => {
    const policy = await watchPolicy(page);
    await policy.open('/no/such/page');
    await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
    await policy.open('/locations/21/dwell-time?interval=15min&days=9&theme=%3Cscript%3E');
    await expect(page.getByText(/interval “15min” is not available/)).toBeVisible();
    await policy.check();
  });
});

test('the watch can fail: an inline script injected into a page is blocked and recorded', async ({ page }) => {
  const policy = await watchPolicy(page);
  await policy.open('/no/such/page');
  await expect(page.getByRole('heading', { name: 'No such page' })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.title = "inline script ran"';
    document.head.append(script);
  });
  await expect.poll(() => page.evaluate(() => window.__cspViolations)).toEqual(['script-src-elem blocked inline']);
  await expect(page).toHaveTitle('No such page — Location analytics');
});

test.describe('the policy', () => {
  test('allows an absolute API origin in connect-src, and nothing else beyond the own origin', () => {
    expect(apiOrigin('https://api.example.com:8443/v2/')).toBe('https://api.example.com:8443');
    const policy = directives(contentSecurityPolicy('https://api.example.com/v2'));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.example.com']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  test('keeps connect-src to the own origin for a relative, missing or hostile apiBaseUrl', () => {
    for (const value of [
      '/v2',
      '',
      undefined,
      42,
      'javascript:alert(1)',
      "https://x.example/v2; script-src 'unsafe-eval'",
    ]) {
      const policy = directives(contentSecurityPolicy(value));
      expect(policy.get('script-src'), String(value)).toEqual(["'self'"]);
      expect(
        policy.get('connect-src')?.every((source) => source === "'self'" || /^https:\/\/[\w.-]+$/.test(source)),
      ).toBe(true);
    }
  });

  test('is read from the served config.json at request time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ apiBaseUrl: 'https://metrics.example.org/v2' }));
    expect(directives(contentSecurityPolicyFor(file)).get('connect-src')).toEqual([
      "'self'",
      'https://metrics.example.org',
    ]);
    writeFileSync(file, '{ not json');
    expect(directives(contentSecurityPolicyFor(file)).get('connect-src')).toEqual(["'self'"]);
  });
});
