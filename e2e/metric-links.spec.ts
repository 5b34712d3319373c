/**
 * A metric page's address: a copied link in a fresh browser, back and forward, the date range as steps of history, a
 * malformed link, an unknown location, and a request too large to load at once.
 */
import { chip, expect, FILTER_INPUTS, filterInput, moreButton, openChip, test } from './fixtures';

test('a copied link opened in a fresh browser shows the same filters and data', async ({ page, browser, baseURL }) => {
  await page.goto('/locations/22/occupancy?range=30d&interval=60min&hours=8-18&days=246');
  const chart = page.getByRole('figure', { name: /Occupancy of/ });
  await expect(chart).toBeVisible();
  await (await moreButton(page, 'Copy link')).click();
  const link = await page.getByLabel('Link copied').inputValue();
  expect(link).toContain('range=30d');
  expect(link).not.toMatch(/token|Bearer/i);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.clock.install({ time: await page.evaluate(() => Date.now()) });
  await other.goto(link);
  await expect(chip(other, 'Date range')).toHaveText((await chip(page, 'Date range').textContent())!);
  await expect(chip(other, 'Date range')).toContainText('Last 30 days');
  for (const name of FILTER_INPUTS) {
    const value = await (await filterInput(page, name)).inputValue();
    await expect(await filterInput(other, name)).toHaveValue(value);
  }
  await openChip(other, 'More filters');
  const days = other.getByRole('group', { name: 'Days of week' });
  for (const day of ['Mon', 'Wed', 'Fri'])
    await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
  await expect(days.getByRole('button', { name: 'Tue' })).toHaveAttribute('aria-pressed', 'false');
  await expect(other.getByRole('figure', { name: /Occupancy of/ })).toHaveAttribute(
    'aria-label',
    (await chart.getAttribute('aria-label'))!,
  );
  await fresh.close();
});

test('back and forward restore each view', async ({ page }) => {
  await page.goto('/locations/21/traffic');
  const interval = page.getByLabel('Interval');
  await expect(interval).toHaveValue('daily');
  await interval.selectOption('weekly');
  await expect(page).toHaveURL(/interval=weekly/);
  await page.getByRole('link', { name: 'Occupancy' }).click();
  await expect(page).toHaveURL(/\/locations\/21\/occupancy\?interval=weekly/);

  await page.goBack();
  await expect(page).toHaveURL(/\/locations\/21\/traffic\?interval=weekly/);
  await expect(interval).toHaveValue('weekly');
  await page.goBack();
  await expect(interval).toHaveValue('daily');
  await page.goForward();
  await expect(interval).toHaveValue('weekly');
});

test('the date range: a preset, then a range picked on the calendar, each a step of history', async ({ page }) => {
  await page.goto('/locations/21/occupancy');
  await expect(chip(page, 'Date range')).toContainText('Last 7 days');
  await openChip(page, 'Date range');
  await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\?range=30d$/);
  // A choice ends the task: the popover closes and gives the focus back to its chip.
  await expect(page.getByRole('group', { name: 'Date range', exact: true })).toBeHidden();
  await expect(chip(page, 'Date range')).toBeFocused();
  await expect(chip(page, 'Date range')).toContainText('Last 30 days');

  // Berlin's calendar: today (the simulator's clock) is Wednesday 18 November 2026, the last day offered.
  await openChip(page, 'Date range');
  const calendar = page.getByRole('grid', { name: 'November 2026' });
  await expect(calendar.getByRole('button', { name: 'Thursday 19 November 2026' })).toBeDisabled();
  await calendar.getByRole('button', { name: 'Friday 13 November 2026' }).click();
  await calendar.getByRole('button', { name: 'Monday 9 November 2026' }).click();
  await expect(page).toHaveURL(/\?from=2026-11-09&to=2026-11-13$/);
  await expect(chip(page, 'Date range')).toContainText('9 Nov – 13 Nov 2026');
  await expect(page.getByRole('figure', { name: /^Occupancy of .*9 Nov – 13 Nov 2026/ })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\?range=30d$/);
  await expect(chip(page, 'Date range')).toContainText('Last 30 days');
});

test('a malformed link shows what was ignored and falls back to defaults', async ({ page }) => {
  await page.goto('/locations/21/traffic?interval=15min&hours=99-3&days=0&from=2026-13-45&to=x');
  const notice = page.getByRole('status', { name: 'Some of this link was ignored' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('figure', { name: /Traffic of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss: Some of this link was ignored' }).click();
  await expect(notice).toBeHidden();
});

test('an unknown location reads “not found or not accessible”', async ({ page }) => {
  await page.goto('/locations/999/occupancy');
  await expect(page.getByRole('alert')).toContainText('Location not found or not accessible');
  // Another location is one choice away: here typed as its number.
  const picker = page.getByRole('combobox', { name: 'Location' });
  await expect(picker).toBeVisible();
  await picker.fill('21');
  await page.getByRole('option', { name: /^Open location 21\b/ }).click();
  await expect(page).toHaveURL(/\/locations\/21\/occupancy/);
});

test('a very large request suggests a coarser interval first', async ({ page }) => {
  await page.goto('/locations/11/occupancy?from=2024-11-18&to=2026-11-17&interval=15min');
  await expect(page.getByRole('heading', { name: 'This is a large request' })).toBeVisible();
  await page.getByRole('button', { name: /^Use 30 minutes instead/ }).click();
  await expect(page).toHaveURL(/interval=30min/);
  await expect(page.getByRole('figure', { name: /Occupancy of/ })).toBeVisible();
});
