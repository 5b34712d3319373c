/** What the metric-page specs read: the API's envelope and windows, and the page's data table. */
import type { Page } from '@playwright/test';

import { expect } from './fixtures';

export interface Envelope<P> {
  name: string;
  capacity: number;
  hour_range: { start: number; end: number };
  days_of_week: number[];
  data: P[];
}
export interface Window {
  window_start: string;
  window_end: string;
}

/** The body rows of the data table: [row header, …cells]. */
export async function tableRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
}
