/**
 * The web app manifest (scripts/vite/service-worker.ts writes it to dist/manifest.webmanifest): what a phone or a
 * tablet installs.
 * Installed, the app opens the kiosk: a tablet at a room's door runs the wall screen it was last given
 * (features/kiosk/use-remembered-address.ts remembers its address). Colours from the design tokens (lib/theme.ts, styles.css).
 */
import type { Language } from '../lib/i18n';
import { PALETTES } from '../lib/theme';

/** The icons in public/, drawn for the manifest (icon.svg; the PNGs are renderings of it). */
export const APP_ICONS = [
  { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

/**
 * The manifest's words in each language. The build writes one manifest per language (scripts/vite/service-worker.ts:
 * English in manifest.webmanifest, the others in manifest-de.webmanifest and manifest-ja.webmanifest), and the page links the
 * one of the language it speaks (app/start-language.ts). Its words are here, not in the catalogs, for the build reads
 * them; the manifest's test checks each language has its own.
 */
export const MANIFEST_WORDS: Record<Language, { name: string; short_name: string; description: string }> = {
  en: {
    name: 'Location analytics',
    short_name: 'Locations',
    description: 'How full your buildings, floors and rooms are, on a wall screen or a tablet.',
  },
  de: {
    name: 'Standortanalyse',
    short_name: 'Standorte',
    description: 'Wie voll Ihre Gebäude, Etagen und Räume sind, auf einem Wandbildschirm oder einem Tablet.',
  },
  ja: {
    name: 'ロケーション分析',
    short_name: 'ロケーション',
    description: '建物・フロア・部屋の混雑状況を、壁掛けディスプレイやタブレットで。',
  },
};

/** The manifest file of a language, beside index.html. */
export function manifestFile(language: Language): string {
  return language === 'en' ? 'manifest.webmanifest' : `manifest-${language}.webmanifest`;
}

export const WEB_APP_MANIFEST = {
  ...MANIFEST_WORDS.en,
  lang: 'en',
  start_url: '/kiosk',
  scope: '/',
  display: 'standalone',
  background_color: PALETTES.light.bg,
  theme_color: PALETTES.light.accent,
  icons: [...APP_ICONS],
} as const;
