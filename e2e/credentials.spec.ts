/**
 * The API token: typed into the prompt a 401 opens, it is sent in the Authorization header and kept in
 * sessionStorage only: never in a URL, a history entry, a copied link, a console line or localStorage. A token
 * refused while a view is open (revoked at run time: POST /__control/tokens on the `credentials` server) prompts
 * again, and the view keeps its filters in the URL and its data on screen.
 */
import { randomUUID } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';
import { sign } from 'hono/jwt';

import { DEFAULT_JWT_SECRET } from '../simulator/auth';
import { expect, moreButton, test } from './fixtures';

test.use({ server: 'credentials' });

/** A valid token no other test holds (a revocation is by token, so tests cannot refuse each other's). */
function uniqueToken(): Promise<string> {
  return sign({ sub: 'e2e-user', jti: randomUUID(), iat: Math.floor(Date.now() / 1000) }, DEFAULT_JWT_SECRET, 'HS256');
}

async function revoke(request: APIRequestContext, baseURL: string, token: string) {
  const response = await request.post(`${baseURL}/__control/tokens`, { data: { revoke: token } });
  expect(response.status()).toBe(200);
}

/** config.json without its token, so the first API request answers 401 and the prompt opens. */
async function serveConfigWithoutToken(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const { token: _token, ...config } = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: config });
  });
}

/** Types `token` into the first token prompt on screen. */
async function typeToken(page: Page, token: string) {
  await page.getByLabel('API token').first().fill(token);
  await page.getByRole('button', { name: 'Use token' }).first().click();
}

/** Everything the page could leak a token through, recorded from its start. */
function record(page: Page) {
  const seen = { requestUrls: [] as string[], navigations: [] as string[], console: [] as string[], authorized: 0 };
  page.on('request', (request) => {
    seen.requestUrls.push(request.url());
    if (request.headers()['authorization']?.startsWith('Bearer ')) seen.authorized++;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.navigations.push(frame.url());
  });
  page.on('console', (message) => seen.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => seen.console.push(`pageerror: ${error.message}\n${error.stack ?? ''}`));
  return seen;
}

const chart = (page: Page) => page.getByRole('figure', { name: /Occupancy of/ });
const signInNeeded = (page: Page) => page.getByRole('heading', { name: 'Sign-in needed' });

test('a typed token is in no URL, history entry, copied link, console line or localStorage', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const token = await uniqueToken();
  await serveConfigWithoutToken(page);
  const seen = record(page);

  await page.goto('/locations/22/occupancy?range=7d&interval=60min');
  await expect(signInNeeded(page).first()).toBeVisible();
  await typeToken(page, token);
  await expect(chart(page)).toBeVisible();
  await expect(signInNeeded(page)).toHaveCount(0);

  // Navigate: a filter change (a history entry), another metric, the table, Back.
  await page.getByRole('link', { name: 'Traffic' }).click();
  await expect(page.getByRole('figure', { name: /Traffic of/ })).toBeVisible();
  await page.goBack();
  await expect(chart(page)).toBeVisible();
  await page.goto('/locations/22/occupancy?range=7d&interval=60min&view=table');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();

  await (await moreButton(page, 'Copy link')).click();
  const copied = await page.getByLabel('Link copied').inputValue();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(copied);

  const storage = await page.evaluate(() => ({
    local: JSON.stringify(Object.entries(localStorage)),
    session: JSON.stringify(Object.entries(sessionStorage)),
    cookie: document.cookie,
    historyState: JSON.stringify(history.state),
    historyLength: history.length,
    url: location.href,
  }));

  // It was used, and kept where it belongs: the header of API requests, sessionStorage.
  expect(seen.authorized).toBeGreaterThan(0);
  expect(storage.session).toContain(token);
  // The history has the entries visited (the first page, Traffic, the table), each one of the URLs seen.
  expect(storage.historyLength).toBeGreaterThanOrEqual(3);
  expect(seen.navigations.length).toBeGreaterThanOrEqual(storage.historyLength - 1);

  const secretParts = [token, token.split('.')[2]!];
  const places = {
    'a request URL': seen.requestUrls.join('\n'),
    'a URL visited': seen.navigations.join('\n'),
    'the address': storage.url,
    'the history state': storage.historyState,
    'the copied link': copied,
    'the clipboard': clipboard,
    'the console': seen.console.join('\n'),
    localStorage: storage.local,
    'a cookie': storage.cookie,
  };
  for (const [place, text] of Object.entries(places)) {
    for (const part of secretParts) expect(text.includes(part), `the token in ${place}`).toBe(false);
  }
  expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/locations\/22\/occupancy\?/);
});

test('a token refused while a view is open prompts again; the view keeps its filters and its data', async ({
  page,
  request,
  baseURL,
}) => {
  const first = await uniqueToken();
  const second = await uniqueToken();
  await serveConfigWithoutToken(page);
  const seen = record(page);
  // A range that reaches today refreshes every 5 minutes: that refresh is the first request the revoked token makes.
  const address = '/locations/21/occupancy?range=7d&interval=60min&hours=8-18&days=23456';
  await page.goto(address);
  await typeToken(page, first);
  await expect(chart(page)).toBeVisible();
  const summary = await chart(page).getAttribute('aria-label');
  const url = page.url();

  // From here on the chart must never leave the screen, not even for a moment: the page records when it did.
  await page.evaluate(() => {
    const w = window as unknown as { phase: string; chartGone: string | null };
    w.phase = 'loaded';
    w.chartGone = null;
    new MutationObserver(() => {
      if (!document.querySelector('.chart-panel figure')) w.chartGone ??= w.phase;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const phase = (name: string) =>
    page.evaluate((value) => ((window as unknown as { phase: string }).phase = value), name);

  await revoke(request, baseURL, first);
  await phase('refused');
  await page.clock.fastForward('05:30');
  await expect(signInNeeded(page).first()).toBeVisible();
  // The server's reason is for support, inside the panel's Details.
  await page.getByRole('alert', { name: 'Error' }).first().getByText('Details', { exact: true }).click();
  await expect(page.getByText(/revoked/).first()).toBeVisible();
  await expect(chart(page)).toBeVisible();
  expect(page.url()).toBe(url);

  await phase('second token typed');
  await typeToken(page, second);
  await expect(signInNeeded(page)).toHaveCount(0);
  await expect(chart(page)).toBeVisible();
  await expect(chart(page)).toHaveAttribute('aria-label', summary!);
  expect(page.url()).toBe(url);
  expect(new URL(url).search).toBe(new URL(address, baseURL).search);
  expect(await page.evaluate(() => (window as unknown as { chartGone: string | null }).chartGone)).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('location-metrics.token'))).toBe(second);
  for (const token of [first, second]) {
    expect(seen.requestUrls.join('\n')).not.toContain(token);
    expect(seen.console.join('\n')).not.toContain(token);
  }
});
