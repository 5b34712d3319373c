import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { PALETTES } from '../lib/theme';
import { APP_ICONS, MANIFEST_WORDS, manifestFile, WEB_APP_MANIFEST } from './web-app-manifest';

const root = join(import.meta.dirname, '..', '..');

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('is installable as a standalone app that opens the kiosk', () => {
    expect(WEB_APP_MANIFEST).toMatchObject({ name: 'Location analytics', start_url: '/kiosk', display: 'standalone' });
    expect(WEB_APP_MANIFEST.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has its words in each language, each its own, and a file for each', () => {
    const { en, de, ja } = MANIFEST_WORDS;
    for (const words of [de, ja]) {
      for (const field of ['name', 'short_name', 'description'] as const) expect(words[field]).not.toBe(en[field]);
      expect(words.short_name.length).toBeLessThanOrEqual(12);
    }
    expect(['en', 'de', 'ja'].map((language) => manifestFile(language as 'en'))).toEqual([
      'manifest.webmanifest',
      'manifest-de.webmanifest',
      'manifest-ja.webmanifest',
    ]);
  });

  it('takes its colours from the design tokens, as index.html’s theme-color does', () => {
    expect(WEB_APP_MANIFEST.theme_color).toBe(PALETTES.light.accent);
    expect(WEB_APP_MANIFEST.background_color).toBe(PALETTES.light.bg);
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${PALETTES.light.accent}" />`);
  });

  it('names icons that are in public/, the PNGs at their stated sizes', () => {
    for (const icon of APP_ICONS) {
      const file = join(root, 'public', icon.src);
      if (icon.type === 'image/png') expect(pngSize(file), icon.src).toBe(icon.sizes);
      else expect(readFileSync(file, 'utf8')).toMatch(/^<svg[^>]+viewBox="0 0 512 512"/);
    }
    expect(APP_ICONS.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});
