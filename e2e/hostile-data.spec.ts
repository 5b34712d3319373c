/**
 * Hostile data (`--hostile-names`): a room (23) and its floor (22) whose names and statuses carry HTML, script,
 * template and formula payloads, very long text and RTL overrides. One browser page walks every view that shows
 * them: the four metric pages (chart with a tooltip, table, CSV and PNG), the utilization pages of the room, the
 * floor and the site above it (figures, charts with tooltips, children table and its CSV), the kiosk with every
 * panel, the location picker, and an error panel whose problem names the location. Throughout: no dialog opens,
 * `window.__pwned` stays undefined (a payload that ran would set it), no content-policy violation, no element a
 * payload would create exists, and each name is shown as the literal text the API sent.
 */

import type { Locator, Page } from '@playwright/test';

import { HOSTILE_FLOOR_ID, HOSTILE_ROOM_ID, HOSTILE_STRINGS } from '../simulator/hostile-names';
import { splitExport } from '../src/test/test-parse-csv';
import { hoverChart } from './chart-tooltip';
import { download } from './download';
import { expect, moreButton, test } from './fixtures';

declare global {
  interface Window {
    __pwned?: unknown;
    __violations?: string[];
  }
}

const ROOM = HOSTILE_STRINGS[HOSTILE_ROOM_ID]!;
const FLOOR = HOSTILE_STRINGS[HOSTILE_FLOOR_ID]!;
const RANGE = 'from=2026-11-11&to=2026-11-17';
/** What a payload rendered as markup would have created. */
const PAYLOAD_ELEMENTS = 'img[src="x"], svg[onload], [onerror], [onload], script:not([src])';

test.use({ server: 'hostile' });
// Many views on one page; a loaded 2-core machine needs its time for the utilization pages.
test.describe.configure({ timeout: 180_000 });

/** Records dialogs and policy violations from before the app's first script; `check` asserts nothing ran. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations!.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`);
    });
  });
  return async function check(where: string) {
    const state = await page.evaluate(
      (selector) => ({
        pwned: window.__pwned,
        violations: window.__violations ?? ['the init script did not run'],
        elements: [...document.querySelectorAll(selector)].map((element) => element.outerHTML.slice(0, 80)),
      }),
      PAYLOAD_ELEMENTS,
    );
    expect(state, where).toEqual({ pwned: undefined, violations: [], elements: [] });
    expect(dialogs, where).toEqual([]);
  };
}

/** The exact text of an element (textContent: whitespace and control characters as sent). */
async function textOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => element.textContent ?? '');
}

function csv(bytes: Buffer) {
  return splitExport(bytes.toString('utf8'));
}

const METRICS = [
  ['Occupancy', 'occupancy'],
  ['Traffic', 'traffic'],
  ['Dwell time', 'dwell-time'],
  ['Availability', 'availability'],
] as const;

test('metric pages of the room and its floor: chart, tooltip, table, CSV and PNG', async ({ page }) => {
  const check = await watch(page);
  for (const [id, strings] of [
    [HOSTILE_ROOM_ID, ROOM],
    [HOSTILE_FLOOR_ID, FLOOR],
  ] as const) {
    await page.goto(`/locations/${id}/occupancy?${RANGE}`);
    for (const [label, slug] of METRICS) {
      // Tabs keep the filters: one page load per location, client-side navigation between metrics.
      await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/locations/${id}/${slug}\\?`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => textOf(heading)).toBe(strings.name);
      // The status is not "active": the caveat quotes it, as text.
      await expect(page.getByText(strings.status, { exact: false }).first()).toBeVisible();
      const chart = page.getByRole('region', { name: `${label} chart` }).getByRole('figure');
      await expect(chart).toHaveAccessibleName(new RegExp(`^${label} of `));
      expect(await chart.getAttribute('aria-label')).toContain(strings.name);
      await hoverChart(page, chart);
      await check(`${id} ${slug} chart`);
      if (slug === 'occupancy') {
        const png = await download(await moreButton(page, 'Download chart as PNG'));
        expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect(png.name).toMatch(/^[a-z0-9-]+\.png$/);
      }
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
      await expect(
        page
          .getByRole('region', { name: `${label} table` })
          .locator('tbody tr')
          .first(),
      ).toBeVisible({
        timeout: 60_000,
      });
      await check(`${id} ${slug} table`);
      if (slug === 'occupancy') {
        const file = await download(await moreButton(page, 'Download CSV'));
        expect(file.name).toMatch(/^[a-z0-9-]+\.csv$/);
        const { meta } = csv(file.bytes);
        // Both names start with a formula character (=, tab): the cell gets a leading ' and is otherwise verbatim.
        expect(meta.get('location_name')).toBe(`'${strings.name}`);
      }
      await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Chart' }).click();
    }
  }
  await check('the end');
});

test('utilization, children table, kiosk, picker and an error panel naming the location', async ({ page }) => {
  const check = await watch(page);

  // The floor's utilization page: its own name, its room in the children table, chart and CSV.
  await page.goto(`/locations/${HOSTILE_FLOOR_ID}/utilization?${RANGE}`);
  await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe(FLOOR.name);
  const overTime = page.getByRole('region', { name: 'Utilization over time' }).getByRole('figure');
  expect(await overTime.getAttribute('aria-label')).toContain(FLOOR.name);
  await hoverChart(page, overTime);
  const spaces = page.getByRole('region', { name: 'Spaces table' });
  const roomRow = spaces.locator(`tbody tr[data-location-id="${HOSTILE_ROOM_ID}"]`);
  await expect(roomRow).toBeVisible({ timeout: 60_000 });
  const roomLink = roomRow.getByRole('link').first();
  expect(await textOf(roomLink)).toBe(ROOM.name);
  expect(await roomLink.getAttribute('href')).toMatch(new RegExp(`^/locations/${HOSTILE_ROOM_ID}/`));
  // The small multiples: one per space (three in a row), titled with its truncated name; the room's is the first,
  // and its tooltip names it in full, as text.
  const multiples = page.getByRole('figure', { name: /^Average utilization over time of 3 spaces/ });
  expect(await hoverChart(page, multiples, [0.15, 0.2, 0.25, 0.1, 0.3])).toContain(ROOM.name);
  await check('floor utilization');
  const spacesCsv = csv((await download(page.getByRole('button', { name: 'Download spaces as CSV' }))).bytes);
  const roomCells = spacesCsv.rows.find((row) => row[0] === String(HOSTILE_ROOM_ID))!;
  expect(roomCells[1]).toBe(`'${ROOM.name}`);
  expect(roomCells).toContain(`'${ROOM.status}`);
  const figuresCsv = csv((await download(page.getByRole('button', { name: 'Download figures as CSV' }))).bytes);
  expect(figuresCsv.meta.get('location_name')).toBe(`'${FLOOR.name}`);

  // The site above, chosen in the picker by its name: the floor in its children table and in the picker.
  const picker = page.getByRole('combobox', { name: 'Location' });
  const listbox = page.getByRole('listbox', { name: 'Locations' });
  await picker.fill('Friedrichstraße');
  await listbox.getByRole('option', { name: 'Berlin Office Friedrichstraße' }).click();
  await expect(page).toHaveURL(/\/locations\/20\/utilization/);
  const floorRow = page
    .getByRole('region', { name: 'Spaces table' })
    .locator(`tbody tr[data-location-id="${HOSTILE_FLOOR_ID}"]`);
  await expect(floorRow).toBeVisible({ timeout: 60_000 });
  expect(await textOf(floorRow.getByRole('link').first())).toBe(FLOOR.name);
  // Opened, the picker lists the whole tree (the simulator's dozen locations are all rendered), each name as text.
  await picker.click();
  await expect(listbox.getByRole('option', { selected: true })).toHaveAttribute('data-location-id', '20');
  const options = await listbox
    .getByRole('option')
    .evaluateAll((elements) => elements.map((option) => option.textContent ?? ''));
  expect(options).toContain(FLOOR.name);
  expect(options).toContain(ROOM.name);
  await check('site utilization and the picker open');
  // The picker's search takes a payload as text: it matches the room, listed below the site and the floor.
  await picker.fill('<script>');
  const found = listbox.getByRole('option');
  await expect(found).toHaveCount(3);
  expect(await found.evaluateAll((elements) => elements.map((option) => option.dataset.locationId))).toEqual([
    '20',
    String(HOSTILE_FLOOR_ID),
    String(HOSTILE_ROOM_ID),
  ]);
  const roomOption = listbox.locator(`[data-location-id="${HOSTILE_ROOM_ID}"]`);
  expect(await textOf(roomOption)).toBe(ROOM.name);
  await expect(roomOption).toHaveAttribute('aria-selected', 'true');
  await check('site utilization and picker');

  // The room's own utilization page: the match the search made active, chosen with Enter.
  await picker.press('Enter');
  await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe(ROOM.name);
  await expect(page.getByRole('region', { name: 'Headline figures' }).locator('[data-kpi]').first()).toHaveAttribute(
    'data-value',
    /\d/,
    { timeout: 60_000 },
  );
  await hoverChart(page, page.getByRole('region', { name: 'Utilization over time' }).getByRole('figure'));
  await check('room utilization');

  // The kiosk: the floor with every panel (its room among the children), then the room.
  await page.goto(
    `/kiosk?locations=${HOSTILE_FLOOR_ID},${HOSTILE_ROOM_ID}&panels=now,figures,heatmap,traffic,children&rotate=0`,
  );
  await expect.poll(() => textOf(page.getByRole('heading', { level: 1 }))).toBe(FLOOR.name);
  const children = page.getByRole('region', { name: /spaces/i }).last();
  await expect(children).toContainText('Room', { timeout: 60_000 });
  expect(await children.evaluate((element) => element.textContent)).toContain(ROOM.name);
  await hoverChart(page, page.getByRole('region', { name: 'Occupancy today against capacity' }).getByRole('figure'));
  await check('kiosk');

  // An error panel: the API refuses one request with a problem whose title and detail name the location.
  await page.route(`**/v2/locations/${HOSTILE_ROOM_ID}/traffic?**`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://simulator.local/problems/internal-error',
        title: `Failed for ${ROOM.name}`,
        status: 500,
        detail: `Location ${ROOM.name} (${ROOM.status}) could not be read`,
        instance: `/v2/locations/${HOSTILE_ROOM_ID}/traffic`,
        request_id: ROOM.name,
      }),
    }),
  );
  await page.goto(`/locations/${HOSTILE_ROOM_ID}/traffic?${RANGE}`);
  const alert = page.getByRole('alert', { name: 'Error' });
  await expect(alert).toBeVisible({ timeout: 60_000 });
  // The panel speaks in its own words; the server's title, detail and request id are under Details, as text.
  await alert.getByText('Details', { exact: true }).click();
  const details = alert.locator('details');
  await expect(details).toHaveAttribute('open', '');
  expect(await textOf(details)).toContain(`Failed for ${ROOM.name}`);
  expect(await textOf(details)).toContain(`Location ${ROOM.name} (${ROOM.status}) could not be read`);
  expect(await textOf(details.locator('code'))).toBe(ROOM.name);
  await check('error panel');
});
