import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { getRequestListener } from '@hono/node-server';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Connect, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { contentSecurityPolicyFor } from './scripts/content-security-policy';
import { linguiMacro } from './scripts/lingui-macro';
import type { LazyPageName } from './src/app/lazy-pages';
import { createSimulatorApp } from './simulator/app';
import { parseSimulatorArgs } from './simulator/options';
import { MANIFEST_WORDS, manifestFile, WEB_APP_MANIFEST } from './src/offline/web-app-manifest';

/**
 * Serves the API simulator at /v2 inside Vite's dev and preview servers, so `npm start` and `npm run dev`
 * are one process and one URL. Simulator flags come from SIMULATOR_ARGS (e.g. "--latency 200 --seed 7").
 * Set SIMULATOR=off to serve the dashboard alone (against the API named in public/config.json).
 */
function simulatorPlugin(): Plugin {
  const middleware = (): Connect.NextHandleFunction => {
    const options = parseSimulatorArgs((process.env.SIMULATOR_ARGS ?? '').split(/\s+/).filter(Boolean));
    const listener = getRequestListener(createSimulatorApp(options).fetch);
    return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const url = req.url ?? '';
      // The API, and the failure switch that `--control` adds (simulator/failures.ts).
      if (url === '/v2' || /^\/v2[/?]/.test(url) || url.startsWith('/__control/')) void listener(req, res);
      else next();
    };
  };
  return {
    name: 'location-metrics-simulator',
    configureServer(server) {
      if (process.env.SIMULATOR !== 'off') server.middlewares.use(middleware());
      printWhereItIs(server);
    },
    configurePreviewServer(server) {
      if (process.env.SIMULATOR !== 'off') server.middlewares.use(middleware());
      printWhereItIs(server);
    },
  };
}

/**
 * After Vite's own address lines (`npm start`, `npm run dev`): where the dashboard and the simulator are, that the
 * dashboard uses the development token of public/config.json, and how to pick another port. Never the token.
 */
function printWhereItIs(server: {
  resolvedUrls: { local: string[]; network: string[] } | null;
  printUrls(): void;
}): void {
  const printUrls = server.printUrls.bind(server);
  server.printUrls = () => {
    printUrls();
    const app = server.resolvedUrls?.local[0] ?? server.resolvedUrls?.network[0];
    if (app === undefined) return;
    const lines =
      process.env.SIMULATOR === 'off'
        ? [`  Dashboard:     ${app} (API from public/config.json's apiBaseUrl; simulator off)`]
        : [
            `  Dashboard:     ${app}`,
            `  API simulator: ${new URL('v2', app).href} (the dashboard uses the development token from public/config.json)`,
          ];
    lines.push(`  Another port:  npm start -- --port 8080`, '');
    console.log(lines.join('\n'));
  };
}

/**
 * The production Content-Security-Policy (scripts/content-security-policy.ts) on every response of `vite preview`
 * (`npm start`, `npm run preview`), with `connect-src` from the served config.json's `apiBaseUrl`, read per
 * request. Not on the dev server: its hot reload injects an inline script.
 */
function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'content-security-policy',
    configurePreviewServer(server) {
      const configPath = resolve(server.config.root, server.config.build.outDir, 'config.json');
      server.middlewares.use((_req: IncomingMessage, res: ServerResponse, next: () => void) => {
        res.setHeader('Content-Security-Policy', contentSecurityPolicyFor(configPath));
        next();
      });
    },
  };
}

/**
 * The service worker (src/offline/sw.ts, built into dist/sw.js with the build's file list) and the web app manifest
 * (src/offline/web-app-manifest.ts). The app registers the worker itself, after its first paint
 * (src/offline/use-app-update.ts); nothing is added to index.html but the manifest's link.
 */
function serviceWorkerPlugins() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: { ...WEB_APP_MANIFEST, icons: WEB_APP_MANIFEST.icons.map((icon) => ({ ...icon })) },
    injectManifest: {
      // The app as built: HTML, JS, CSS, the font, the icons and the manifest; not config.json (read from the
      // network first, by its own route), nor source maps.
      globPatterns: ['**/*.{html,js,css,woff2,svg,png,webmanifest}'],
      globIgnores: ['**/*.map', 'sw.js'],
      // The ECharts chunk is ~630 kB before compression.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      rollupFormat: 'iife',
    },
    devOptions: { enabled: false },
  });
}

/** The web app manifest in German and Japanese, beside the English one VitePWA writes (src/offline/web-app-manifest.ts). */
function translatedManifestsPlugin(): Plugin {
  return {
    name: 'translated-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of ['de', 'ja'] as const) {
        const manifest = { ...WEB_APP_MANIFEST, ...MANIFEST_WORDS[language], lang: language };
        this.emitFile({ type: 'asset', fileName: manifestFile(language), source: JSON.stringify(manifest) });
      }
    },
  };
}

/**
 * `vite preview` sends the service worker with `Cache-Control: no-cache`, so a browser asks for it again on every
 * update check and a new deploy is found (a static host does the same: docs/configuration.md).
 */
function serviceWorkerHeadersPlugin(): Plugin {
  return {
    name: 'service-worker-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if ((req.url ?? '').split('?')[0] === '/sw.js') res.setHeader('Cache-Control', 'no-cache');
        next();
      });
    },
  };
}

interface ModuleGraphInfo {
  importedIds: readonly string[];
}

/** The modules each start module imports statically, found at the build's first chunking question. */
const startGraphs = new Map<string, Set<string>>();

function startGraph(entry: string, chunking: { getModuleInfo(id: string): ModuleGraphInfo | null }): Set<string> {
  let graph = startGraphs.get(entry);
  if (!graph) {
    const entryId = resolve(import.meta.dirname, entry);
    graph = staticImports(entryId, (id) => chunking.getModuleInfo(id));
    // The entry module itself stays the entry's chunk.
    if (entry === ENTRY_MODULE) graph.delete(entryId);
    startGraphs.set(entry, graph);
  }
  return graph;
}

/** What only the utilization page draws with: the heatmap, its colour scale, the small multiples' titles. */
const UTILIZATION_ECHARTS =
  /node_modules[\\/]echarts[\\/]lib[\\/](chart[\\/]heatmap|component[\\/]visualMap|component[\\/]title)/;

/** The entry: it imports only what paints the frame first, then the start's chunks (below). */
const ENTRY_MODULE = 'src/main.tsx';
/** The app's start, without React: preloaded by index.html, evaluated first by main.tsx. */
const BOOT_MODULE = 'src/app/boot.ts';
/** React, the app and its pages: asked for by main.tsx as it runs, evaluated once the frame is painted. */
const MOUNT_MODULE = 'src/app/mount.tsx';

/**
 * The pages app/app.tsx loads lazily (app/lazy-pages.ts), by the names main.tsx knows their addresses by: one module
 * for each name, as TypeScript checks. Their chunks and stylesheets
 * are named in `<meta name="page-chunks">`, and main.tsx asks for those of the page it opens on with the start's
 * (without evaluating them): on a slow network the page's code then comes with the app's, not after React has
 * rendered the route.
 */
const LAZY_PAGES: Record<LazyPageName, string> = {
  portfolio: 'src/features/portfolio/portfolio-page.tsx',
  kiosk: 'src/features/kiosk/kiosk-page.tsx',
  utilization: 'src/features/utilization/utilization-page.tsx',
  compare: 'src/features/compare/compare-page.tsx',
};

/**
 * The start's chunks. What app/boot.ts imports, however deep (the start without React, ~50 kB), is asked for by
 * index.html's modulepreload links, so that the first requests leave as early as they can. What app/mount.tsx adds
 * (React's renderer and the app, ~105 kB, and the app's stylesheet) is named in `<meta name="start-chunks">`
 * instead, and main.tsx asks for it as it runs: as modulepreload links in index.html those would share a slow
 * network with the stylesheet, and the frame would wait for them.
 */
function startChunksPlugin(): Plugin {
  let base = '/';
  return {
    name: 'start-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      // A new build, a new module graph.
      startGraphs.clear();
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const closure = (module: string, files = new Set<string>()) => {
          const add = (fileName: string) => {
            if (files.has(fileName)) return;
            files.add(fileName);
            chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(add);
          };
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`start-chunks: no chunk for ${module}`);
          add(chunk.fileName);
          return files;
        };
        const notLinked = (fileName: string) => !html.includes(`${base}${fileName}"`);
        // The stylesheets those chunks bring: Vite's preload helper asks for them only when the chunk is imported,
        // and the import waits for them (on a slow network, a round trip after the app's code was in).
        const cssOf = (fileNames: readonly string[]) =>
          fileNames.flatMap((fileName) => [
            ...(chunks.find((chunk) => chunk.fileName === fileName)?.viteMetadata?.importedCss ?? []),
          ]);
        const boot = [...closure(BOOT_MODULE)].filter(notLinked);
        const rest = [...closure(MOUNT_MODULE)].filter((fileName) => notLinked(fileName) && !boot.includes(fileName));
        return [
          ...boot.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
            injectTo: 'head' as const,
          })),
          {
            tag: 'meta',
            attrs: {
              name: 'start-chunks',
              content: [...rest, ...cssOf(rest)].map((fileName) => `${base}${fileName}`).join(' '),
            },
            injectTo: 'head' as const,
          },
          {
            tag: 'meta',
            attrs: {
              name: 'page-chunks',
              content: Object.entries(LAZY_PAGES)
                .map(([page, module]) => {
                  const files = [...closure(module)].filter(
                    (fileName) => notLinked(fileName) && !boot.includes(fileName) && !rest.includes(fileName),
                  );
                  return `${page}=${[...files, ...cssOf(files)].map((fileName) => `${base}${fileName}`).join(',')}`;
                })
                .join(' '),
            },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/** `entry` and every module it imports statically, however deep (dynamic imports stay chunks of their own). */
function staticImports(entry: string, getModuleInfo: (id: string) => ModuleGraphInfo | null): Set<string> {
  const found = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The frame each page file carries before the app's scripts have run, in place of `<!--frame-->` in index.html. */
const FRAMES = { app: 'src/app/frames/app-frame.html', kiosk: 'src/app/frames/kiosk-frame.html' } as const;

function frame(name: keyof typeof FRAMES): string {
  return readFileSync(resolve(import.meta.dirname, FRAMES[name]), 'utf8').trim();
}

/**
 * Something on screen before the JS has run: index.html carries the app's frame (the header and a loading panel,
 * the markup of app/layout.tsx and of the first render of a page), and the build writes kiosk.html, the same page
 * with the kiosk's frame (no header). `vite preview` answers /kiosk with kiosk.html; docs/configuration.md says how
 * other servers do. React replaces the frame with its first render.
 */
function framePlugin(): Plugin {
  return {
    name: 'frames',
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('<!--frame-->', frame('app')),
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('frames: the build wrote no index.html');
      const source = String(index.source);
      const kiosk = source.replace(frame('app'), frame('kiosk'));
      if (kiosk === source) throw new Error("frames: index.html does not hold the app's frame");
      this.emitFile({ type: 'asset', fileName: 'kiosk.html', source: kiosk });
    },
  };
}

/** The result is used: a bare `decodeURI(path)` in a try is side-effect free to the config bundler, and dropped. */
function isDecodable(path: string): boolean {
  try {
    return decodeURI(path) !== '';
  } catch {
    return false;
  }
}

/**
 * A path that cannot be percent-decoded (`/locations/%E0%A4%A/occupancy`) is answered with the app, like any other
 * page path, so the app says that the address names no page; Vite's static server answers a bare 404 there, which
 * the browser shows as its own error page. The API answers its own paths. (`vite preview`, so `npm start`.)
 */
function undecodablePathPlugin(): Plugin {
  return {
    name: 'undecodable-path',
    configurePreviewServer(server) {
      const indexHtml = resolve(server.config.root, server.config.build.outDir, 'index.html');
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = (req.url ?? '/').split('?')[0]!;
        if (/^\/(v2|__control)([/?]|$)/.test(path)) return next();
        if (isDecodable(path)) return next();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(readFileSync(indexHtml));
      });
    },
  };
}

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
  // The ECharts chunk (charts/chart.tsx, loaded lazily) is ~620 kB before gzip; the initial one is far smaller.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 700,
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
          ],
        },
      },
    },
  },
});
