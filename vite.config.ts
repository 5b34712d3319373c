import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { linguiMacro } from './scripts/lingui-macro';
import { brotliPlugin } from './scripts/vite/brotli';
import { framePlugin } from './scripts/vite/frames';
import {
  contentSecurityPolicyPlugin,
  serviceWorkerHeadersPlugin,
  undecodablePathPlugin,
} from './scripts/vite/preview-server';
import { serviceWorkerPlugins, translatedManifestsPlugin } from './scripts/vite/service-worker';
import { simulatorPlugin } from './scripts/vite/simulator-plugin';
import {
  BOOT_MODULE,
  ENTRY_MODULE,
  MOUNT_MODULE,
  startChunksPlugin,
  sharedChunkOf,
  startGraph,
  UTILIZATION_ECHARTS,
} from './scripts/vite/start-chunks';

/**
 * The build and the dev and preview servers. The plugins live in scripts/vite/, one module for each thing they do:
 * the frame painted before any script (frames.ts), the start's chunks and how the page learns of them
 * (start-chunks.ts), the service worker and the manifests (service-worker.ts), what `vite preview` adds as a
 * production host would (preview-server.ts: the content policy, the worker's caching, undecodable paths; brotli.ts:
 * scripts and stylesheets sent brotli-compressed) and the
 * simulator mounted at /v2 (simulator-plugin.ts).
 */
export default defineConfig({
  plugins: [
    // Lingui's macros before React's transform (their English compiled in place); the German and Japanese catalogs
    // (src/locales/*.po) compiled as they are imported, and the build refused when one lacks a translation.
    linguiMacro(),
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    framePlugin(),
    startChunksPlugin(),
    serviceWorkerPlugins(),
    translatedManifestsPlugin(),
    contentSecurityPolicyPlugin(),
    serviceWorkerHeadersPlugin(),
    undecodablePathPlugin(),
    brotliPlugin(),
    simulatorPlugin(),
  ],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  resolve: {
    alias: [
      // echarts-for-react deep-compares each new option with the last one. Its fast-deep-equal walks a typed array's
      // keys as strings (a year's series is 70,000 of them); the ES2015 build of the same package compares typed
      // arrays by length, then element by element.
      { find: /^fast-deep-equal$/, replacement: 'fast-deep-equal/es6/index.js' },
    ],
  },
  // The wall charts' worker (charts/wall-chart-worker.ts): a module, ECharts and all, its words through Lingui too.
  worker: { format: 'es', plugins: () => [linguiMacro(), lingui({ failOnMissing: true, failOnCompileError: true })] },
  // The ECharts chunk (charts/chart.tsx, loaded lazily) is the one above Vite's default warning; the initial one is
  // far smaller, and scripts/size-budget.mjs holds both.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // One stylesheet for the whole app (~7 kB brotli), linked by index.html and kiosk.html: the frame waits for it
    // as it did for the start's own, and no page asks for sheets of its own (on HTTP/1.1 and a slow network each was
    // a connection's round trip beside the start's chunks). The sheets keep their order: the start's, the app's, the
    // shared pages', then each page's.
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // ECharts in one chunk that every chart loads; what only the utilization page draws (heatmap, colour
        // scale, titles) in another, so a metric page does not load it.
        //
        // The start in a few chunks, not a dozen small shared ones asked for six at a time over HTTP/1.1 (see
        // startChunksPlugin and main.tsx): `start`, what the entry imports; `shell`, what app/boot.ts imports (no
        // React's renderer: the app's start and its first requests); `react-dom`; then `app`, what app/mount.tsx
        // adds (the app and the pages every route needs). Groups of higher priority take their modules first.
        codeSplitting: {
          groups: [
            // What the entry imports statically (Vite's preload helper, the frame timer): a chunk of their own, so
            // that the entry evaluates neither the shell nor the app before the frame is painted.
            {
              debugName: 'entry-imports',
              name: (id, chunking) => (startGraph(ENTRY_MODULE, chunking).has(id) ? 'start' : null),
              priority: 5,
            },
            // ECharts first, so that the utilization group, which takes what its modules import too, finds the
            // core already taken and keeps only its own parts.
            {
              name: 'echarts',
              test: (id) => /node_modules[\\/](echarts|zrender)[\\/]/.test(id) && !UTILIZATION_ECHARTS.test(id),
              priority: 4,
            },
            { name: 'echarts-utilization', test: UTILIZATION_ECHARTS, priority: 3 },
            {
              debugName: 'shell',
              name: (id, chunking) => (startGraph(BOOT_MODULE, chunking).has(id) ? 'shell' : null),
              priority: 2,
            },
            // React's DOM renderer in a chunk of its own, evaluated in a task of its own (main.tsx); after the
            // shell, which takes React itself (the start's query client imports it), as a group takes what its
            // modules import.
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 1.5 },
            {
              debugName: 'app',
              name: (id, chunking) => (startGraph(MOUNT_MODULE, chunking).has(id) ? 'app' : null),
              priority: 1,
            },
            // What several lazily loaded pages share, in two chunks, 'pages' and 'shared' (what the app's own lazy
            // chunks load too): on HTTP/1.1 and a slow network a dozen chunks of a few hundred bytes each were a dozen
            // round trips before a page could render.
            {
              debugName: 'shared by pages',
              name: (id, chunking) => sharedChunkOf(id, chunking),
              priority: 0.5,
              // Only the modules named: what a metric page's own lazy chunks import stays with them.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
