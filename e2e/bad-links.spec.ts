/**
 * 24 malformed links and paths drawn with a fixed seed, and the 11 bad paths each by itself: hostile and out-of-range values of every parameter the
 * pages, the utilization page and the kiosk read, repeated keys, junk parameters, and paths that name nothing.
 * Each opens a page that says what it ignored (or that the address names no page), never the crash screen of the
 * error boundary and never a blank screen.
 */
import type { Page } from '@playwright/test';
import fc from 'fast-check';

import { expect, test } from './fixtures';

const IDS = ['11', '12', '20', '21', '22', '23', '31'];
const METRICS = ['occupancy', 'traffic', 'dwell-time', 'availability'];

/** Values each parameter refuses, whatever the page. */
const BAD: Record<string, readonly string[]> = {
  range: ['forever', '7D', '<script>alert(1)</script>', '%zz', '-7d'],
  interval: ['1min', 'NaN', "=cmd|' /C calc'!A0", '60MIN'],
  hours: ['25-30', '19-7', 'abc', '-', '9'.repeat(40)],
  days: ['0', '89', '１２３', 'all', '1,2'],
  view: ['grid', '"><img src=x onerror=alert(1)>'],
  from: ['2026-02-30', '9999-99-99', 'yesterday'],
};
const BAD_KIOSK: Record<string, readonly string[]> = {
  rotate: ['5', '-1', '1e9', 'NaN'],
  refresh: ['0', '14', 'Infinity'],
  panels: ['clock', '<b>now</b>'],
  locations: ['abc', '-4', '1.5'],
  hours: ['25-30', 'x'],
};
/** What may come along: good values, unknown parameters, a theme, junk. */
const EXTRA = [
  'range=30d',
  'interval=daily',
  'hours=8-18',
  'days=23456',
  'view=table',
  'theme=dark',
  'theme=neon',
  'utm_source=%3Cscript%3E',
  'token=should-stay-unused',
  '%E0%A4%A=1',
  '=',
  '&&',
  'days=2&days=3',
  'interval=weekly&interval=daily',
  `x=${'%F0%9F%98%80'.repeat(20)}`,
];
const BAD_PATHS = [
  '/locations/abc/occupancy',
  '/locations/-1/traffic',
  '/locations/1e3/dwell-time',
  '/locations/21/unknown-metric',
  '/locations/21/occupancy/extra',
  '/locations/%E0%A4%A/occupancy',
  '/locations/%3Cscript%3E/availability',
  '/locations/',
  '/%00',
  '/no/such/page',
  `/locations/${'9'.repeat(30)}/traffic`,
];

const pick = (values: readonly string[]) => fc.constantFrom(...values);
const pairOf = (table: Record<string, readonly string[]>) =>
  fc.constantFrom(...Object.keys(table)).chain((name) => pick(table[name]!).map((value) => ({ name, value })));
const query = (bad: { name: string; value: string }[], extra: string[]) =>
  `?${[...bad.map(({ name, value }) => `${name}=${encodeURIComponent(value)}`), ...extra].join('&')}`;

const linkArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(pick(IDS), pick([...METRICS, 'utilization']), fc.array(pairOf(BAD), { minLength: 1, maxLength: 3 }))
      .chain(([id, view, bad]) =>
        fc.array(pick(EXTRA), { maxLength: 3 }).map((extra) => `/locations/${id}/${view}${query(bad, extra)}`),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pick(IDS), fc.array(pick(EXTRA), { maxLength: 2 }))
      .map(([id, extra]) => `/locations/${id}/utilization${query([{ name: 'compare', value: 'last-year' }], extra)}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(pairOf(BAD_KIOSK), { minLength: 1, maxLength: 3 }), fc.array(pick(EXTRA), { maxLength: 2 }))
      .map(([bad, extra]) => `/kiosk${query([{ name: 'locations', value: '21' }, ...bad], extra)}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(pick(BAD_PATHS), fc.array(pick(EXTRA), { maxLength: 2 }))
      .map(([path, extra]) => `${path}?${extra.join('&')}`),
  },
);

const LINKS = fc.sample(linkArb, { seed: 20261125, numRuns: 24 });

/** What the page says about its address: the ignored-parameter notice, the kiosk's note, or "no such page". */
function addressNotice(page: Page) {
  return page
    .getByRole('status', { name: /was ignored/ })
    .or(page.getByRole('note').filter({ hasText: 'Some of this kiosk’s address was ignored' }))
    .or(page.getByRole('heading', { name: /^(No such page|This address does not name a location and metric)$/ }));
}

const GROUPS = 3;
for (let group = 0; group < GROUPS; group++) {
  const links = LINKS.filter((_, i) => i % GROUPS === group);
  test(`malformed links, group ${group + 1} of ${GROUPS}: each shows its notice, never a crash or a blank page`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(`${page.url()}: ${error.message}`));
    for (const link of links) {
      await page.goto(link);
      await expect(addressNotice(page).first(), link).toBeVisible({ timeout: 30_000 });
      // Let the page finish what it loads, then look again: a crash while drawing would show now.
      await expect(page.getByLabel(/^Loading/), link).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: 'Something went wrong on this page' }), link).toHaveCount(0);
      expect((await page.locator('#root').innerText()).trim().length, `${link}: text on screen`).toBeGreaterThan(20);
      // Hostile values are shown as text, never run: no element was made from them.
      await expect(page.locator('img[src="x"], b:text("now")'), link).toHaveCount(0);
    }
    expect(crashes).toEqual([]);
  });
}

test('every bad path, drawn or not, says that the address names no page', async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of BAD_PATHS) {
    await page.goto(path);
    await expect(addressNotice(page).first(), path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Something went wrong on this page' }), path).toHaveCount(0);
  }
});

test('a kiosk whose only bad values are its hours and a repeated rotate names both', async ({ page }) => {
  await page.goto('/kiosk?locations=21&hours=25-30&rotate=0&rotate=20');
  const note = page.getByRole('note').filter({ hasText: 'Some of this kiosk’s address was ignored' });
  await expect(note).toContainText('hours “25-30” is out of range');
  await expect(note).toContainText('rotate is given 2 times; using the first, “0”');
  await expect(page.getByRole('region', { name: 'Headline figures' })).toBeVisible();
});

test('the seeded links cover every kind of bad input', () => {
  expect(LINKS).toHaveLength(24);
  expect(LINKS.filter((link) => link.startsWith('/kiosk')).length).toBeGreaterThanOrEqual(4);
  expect(LINKS.filter((link) => BAD_PATHS.some((path) => link.startsWith(`${path}?`))).length).toBeGreaterThanOrEqual(
    4,
  );
  expect(LINKS.filter((link) => link.includes('/utilization')).length).toBeGreaterThanOrEqual(4);
});
