import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { MANIFEST_WORDS, manifestFile, WEB_APP_MANIFEST } from '../../src/offline/web-app-manifest';

/**
 * The service worker (src/offline/sw.ts, built into dist/sw.js with the build's file list) and the web app manifest
 * (src/offline/web-app-manifest.ts). The app registers the worker itself, after its first paint
 * (src/offline/use-app-update.ts); nothing is added to index.html: the app links the manifest itself once its first
 * screen is shown (app/start-language.ts), so that the manifest and its icons are not asked for beside the first
 * screen's code.
 */
export function serviceWorkerPlugins() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    // The manifests are written by translatedManifestsPlugin (below), one per language.
    manifest: false,
    injectManifest: {
      // The app as built: HTML, JS, CSS, the font, the icons and the manifest; not config.json (read from the
      // network first, by its own route), nor source maps.
      globPatterns: ['**/*.{html,js,css,woff2,svg,png,webmanifest}'],
      globIgnores: ['**/*.map', 'sw.js'],
      // Room for the largest chunk, ECharts', before compression (the size budget watches it).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      rollupFormat: 'iife',
    },
    devOptions: { enabled: false },
  });
}

/** The web app manifest in each language: English, German and Japanese (src/offline/web-app-manifest.ts). */
export function translatedManifestsPlugin(): Plugin {
  return {
    name: 'translated-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of ['en', 'de', 'ja'] as const) {
        const manifest = { ...WEB_APP_MANIFEST, ...MANIFEST_WORDS[language], lang: language };
        this.emitFile({ type: 'asset', fileName: manifestFile(language), source: JSON.stringify(manifest) });
      }
    },
  };
}
