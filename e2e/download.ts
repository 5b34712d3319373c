/** The one way the specs take a download: what the user presses, and the file the browser saves. */
import { readFileSync } from 'node:fs';

import type { Locator } from '@playwright/test';

import { expect } from './fixtures';

/**
 * Presses `button` once it is enabled (its data may still be loading, and a 1,000-row table is slow on a loaded
 * 2-core machine), and reads the file it gives, with the name the browser suggests.
 */
export async function download(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  await expect(button).toBeEnabled({ timeout: 60_000 });
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}
