/**
 * The dashboard against location records in the real vendor's shape (`--vendor-records`: no time zone, no
 * operating hours or days) with a configuration that names no zone either: the path a real customer takes. The
 * location's date then comes from the server's own day bounds (one probe request), so the main flows are run once
 * here; the local date at the instants around DST changes is checked in e2e/vendor-local-date.spec.ts, and a closed
 * place in e2e/vendor-closed.spec.ts. Expected dates are computed with date-fns-tz, never with the app's code.
 */
import { formatInTimeZone } from 'date-fns-tz';

import { apiGet, chip, expect, FILTER_INPUTS, filterInput, moreButton, openChip, test } from './fixtures';
import { FIXED_NOW } from './servers';
import {
  addDays,
  BERLIN,
  clockHeader,
  crashHeading,
  dates,
  type Envelope,
  isProbe,
  type ListedRecord,
  METRICS,
  NEW_YORK,
  offsetLabel,
  rangeText,
  recordMetricRequests,
  SYDNEY,
  type Window,
} from './vendor-fixtures';

test.use({ server: 'vendor' });

test.describe('main flows', () => {
  test('the landing page lists every location; the first opens its utilization, with figures and a chart', async ({
    page,
    request,
    baseURL,
  }) => {
    const list = await apiGet<{ data: ListedRecord[] }>(request, baseURL, '/locations');
    // The vendor's six fields and nothing else: no time zone, hours or days for the dashboard to lean on.
    for (const record of list.data) {
      expect(Object.keys(record).sort()).toEqual([
        'capacity',
        'location_id',
        'name',
        'parent_id',
        'start_date',
        'status',
      ]);
    }
    const first = list.data[0]!;

    await page.goto('/');
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.locator('[data-portfolio-count]')).toHaveAttribute('data-value', String(list.data.length));
    await page.getByRole('link', { name: first.name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/locations/${first.location_id}/utilization`));
    const figures = page.getByRole('region', { name: 'Headline figures' });
    await expect(figures.locator('[data-kpi="average-utilization"]')).toHaveAttribute('data-value', /^\d/);
    const chart = page.getByRole('figure', { name: /^Utilization of .+ against its capacity/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(
      page.getByText(/^Times in the location’s local time, now UTC[+−]\d\d:\d\d \(from the server’s/),
    ).toBeVisible();
    await expect(crashHeading(page)).toHaveCount(0);
  });

  test('each metric page shows a chart of the last 7 local days, with one probe for all four', async ({ page }) => {
    // FIXED_NOW is 10:30 on 18 Nov in New York.
    const today = formatInTimeZone(FIXED_NOW, NEW_YORK.zone, 'yyyy-MM-dd');
    const range = rangeText(addDays(today, -6), today);
    const seen = recordMetricRequests(page, NEW_YORK.id);

    await page.goto(`/locations/${NEW_YORK.id}/occupancy`);
    for (const { slug, label, endpoint } of METRICS) {
      if (slug !== 'occupancy') await page.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/locations/${NEW_YORK.id}/${slug}$`));
      const chart = page.getByRole('figure', {
        name: new RegExp(`^${label} of Main Concourse, ${range}, \\d+ (days|hours|quarter-hours)`),
      });
      await expect(chart).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(seen.filter((q) => !isProbe(q)).map(dates), endpoint).toContainEqual([addDays(today, -6), today]);
    }
    await expect(page.getByText(clockHeader(offsetLabel(FIXED_NOW, NEW_YORK.zone)))).toBeVisible();
    // The location's clock is settled once; switching metrics does not ask again.
    expect(seen.filter(isProbe).length).toBeLessThanOrEqual(1);
    // One daily request a metric, and occupancy's hourly windows for its time over capacity.
    expect(seen.filter((q) => !isProbe(q) && q.get('interval') === 'daily')).toHaveLength(4);
    await expect
      .poll(() => seen.filter((q) => q.get('interval') === '60min').map(dates))
      .toEqual([[addDays(today, -6), today]]);
  });

  test('the table shows the API’s numbers for the local week, with no request beyond the chart’s', async ({
    page,
    request,
    baseURL,
  }) => {
    const today = formatInTimeZone(FIXED_NOW, NEW_YORK.zone, 'yyyy-MM-dd');
    const api = await apiGet<Envelope<Window & { traffic: number }>>(
      request,
      baseURL,
      `/locations/${NEW_YORK.id}/traffic?start_date=${addDays(today, -6)}&end_date=${today}&interval=daily`,
    );
    expect(api.data).toHaveLength(7);
    const seen = recordMetricRequests(page, NEW_YORK.id);

    await page.goto(`/locations/${NEW_YORK.id}/traffic`);
    await expect(page.getByRole('figure', { name: /^Traffic of / })).toBeVisible();
    const requestsForChart = seen.length;
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(7);
    const entries = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('th, td')[1]?.textContent ?? ''));
    // The table groups thousands in English, whatever the browser's language (src/lib/format.ts).
    expect(entries).toEqual(api.data.map((point) => point.traffic.toLocaleString('en-US')));
    expect(seen).toHaveLength(requestsForChart);
  });

  test('a copied link opened in a fresh browser shows the same filters and data', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto(`/locations/${SYDNEY.id}/occupancy?range=30d&interval=60min&hours=8-18&days=246`);
    const chart = page.getByRole('figure', { name: /^Occupancy of / });
    await expect(chart).toBeVisible();
    await (await moreButton(page, 'Copy link')).click();
    const link = await page.getByLabel('Link copied').inputValue();
    expect(link).toContain(`/locations/${SYDNEY.id}/occupancy?`);
    expect(link).toContain('range=30d');
    expect(link).not.toMatch(/token|Bearer/i);

    const fresh = await browser.newContext({ baseURL });
    const other = await fresh.newPage();
    await other.clock.install({ time: await page.evaluate(() => Date.now()) });
    await other.goto(link);
    await expect(other.getByRole('figure', { name: /^Occupancy of / })).toHaveAttribute(
      'aria-label',
      (await chart.getAttribute('aria-label'))!,
    );
    await expect(chip(other, 'Date range')).toHaveText((await chip(page, 'Date range').textContent())!);
    for (const name of FILTER_INPUTS) {
      const value = await (await filterInput(page, name)).inputValue();
      await expect(await filterInput(other, name)).toHaveValue(value);
    }
    await openChip(other, 'More filters');
    const days = other.getByRole('group', { name: 'Days of week' });
    for (const day of ['Mon', 'Wed', 'Fri'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Sun', 'Tue', 'Thu', 'Sat'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');
    await expect(other.getByText(clockHeader(offsetLabel(FIXED_NOW, SYDNEY.zone)))).toBeVisible();
    await fresh.close();
  });

  test('a shared link with explicit filters opens exactly that view, across Berlin’s DST change', async ({
    page,
    request,
    baseURL,
  }) => {
    const query =
      'start_date=2026-10-19&end_date=2026-10-30&interval=60min&start_hour_filter=9&end_hour_filter=11&days_filter=246';
    const api = await apiGet<Envelope<Window & { avg_occupancy: number; peak_occupancy: number }>>(
      request,
      baseURL,
      `/locations/${BERLIN.id}/occupancy?${query}`,
    );
    expect(api.data).toHaveLength(18); // Mon, Wed, Fri of two weeks × 09:00, 10:00, 11:00
    const seen = recordMetricRequests(page, BERLIN.id);

    await page.goto(
      `/locations/${BERLIN.id}/occupancy?from=2026-10-19&to=2026-10-30&interval=60min&hours=9-11&days=246&view=table`,
    );
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(api.data.length);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
    cells.forEach((row, i) => {
      const point = api.data[i]!;
      // The window's own wall clock: 09:00 stays 09:00 on both sides of 25 October.
      expect(row[0]).toContain(`${point.window_start.slice(11, 16)}–`);
      expect(row[1]).toBe(String(point.avg_occupancy));
      expect(row[3]).toBe(String(point.peak_occupancy));
    });

    // Dates of the link's own, no preset: the chip says the dates, and the popover shows no preset chosen.
    await expect(chip(page, 'Date range')).toContainText('19 Oct – 30 Oct 2026');
    await openChip(page, 'Date range');
    const presets = page.getByRole('list', { name: 'Presets' }).getByRole('button');
    await expect(presets).toHaveCount(9);
    await expect(presets.and(page.locator('[aria-pressed="true"]'))).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-10-19');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-10-30');
    await expect(page.getByLabel('Interval')).toHaveValue('60min');
    await expect(await filterInput(page, 'From hour')).toHaveValue('9');
    await expect(page.getByLabel('To hour')).toHaveValue('11');
    await openChip(page, 'More filters');
    const days = page.getByRole('group', { name: 'Days of week' });
    for (const day of ['Mon', 'Wed', 'Fri'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    for (const day of ['Sun', 'Tue', 'Thu', 'Sat'])
      await expect(days.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'false');

    const views = seen.filter((q) => !isProbe(q));
    expect(views).toHaveLength(1);
    expect(Object.fromEntries(views[0]!)).toMatchObject(Object.fromEntries(new URLSearchParams(query)));
    expect(seen.length - views.length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The local date at the edges of local days around DST changes
