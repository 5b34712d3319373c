/**
 * Every control has an accessible name, and the pages have no serious accessibility violations (axe).
 */
import AxeBuilder from '@axe-core/playwright';

import { expect, test } from './fixtures';

const VIEWS = [
  ['occupancy chart', '/locations/21/occupancy'],
  ['traffic table', '/locations/12/traffic?view=table'],
  ['a malformed link with its notice', '/locations/21/dwell-time?interval=15min&days=9'],
  ['an unknown location', '/locations/999/availability'],
] as const;

for (const [name, path] of VIEWS) {
  test(`no serious accessibility violations: ${name}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Loading chart')).toHaveCount(0);
    await expect(page.getByLabel('Loading table')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
