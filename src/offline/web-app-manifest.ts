/**
 * The web app manifest (vite.config.ts writes it to dist/manifest.webmanifest): what a phone or a tablet installs.
 * Installed, the app opens the kiosk: a tablet at a room's door runs the wall screen it was last given
 * (features/kiosk/use-remembered-address.ts remembers its address). Colours from the design tokens (lib/theme.ts, styles.css).
 */
import { PALETTES } from '../lib/theme';

/** The icons in public/, drawn for the manifest (icon.svg; the PNGs are renderings of it). */
export const APP_ICONS = [
  { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
] as const;

export const WEB_APP_MANIFEST = {
  name: 'Location analytics',
  short_name: 'Locations',
  description: 'How full your buildings, floors and rooms are, on a wall screen or a tablet.',
  start_url: '/kiosk',
  scope: '/',
  display: 'standalone',
  background_color: PALETTES.light.bg,
  theme_color: PALETTES.light.accent,
  icons: [...APP_ICONS],
} as const;
