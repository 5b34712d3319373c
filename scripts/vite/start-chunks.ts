/**
 * How the build cuts the start into chunks and tells the page about them: the modules each start module imports
 * (for vite.config.ts's `codeSplitting` groups), and the plugin that links the first and names the rest.
 */
import { resolve } from 'node:path';

import type { Plugin } from 'vite';

import type { LazyPageName } from '../../src/app/lazy-pages';

/** The repository's root, where the paths below start. */
const ROOT = resolve(import.meta.dirname, '../..');

interface ModuleGraphInfo {
  importedIds: readonly string[];
  dynamicallyImportedIds?: readonly string[];
}

/** The modules each start module imports statically, found at the build's first chunking question. */
const startGraphs = new Map<string, Set<string>>();

export function startGraph(
  entry: string,
  chunking: { getModuleInfo(id: string): ModuleGraphInfo | null },
): Set<string> {
  let graph = startGraphs.get(entry);
  if (!graph) {
    const entryId = resolve(ROOT, entry);
    graph = staticImports(entryId, (id) => chunking.getModuleInfo(id));
    // The entry module itself stays the entry's chunk.
    if (entry === ENTRY_MODULE) graph.delete(entryId);
    startGraphs.set(entry, graph);
  }
  return graph;
}

/** What only the utilization page draws with: the heatmap, its colour scale, the small multiples' titles. */
export const UTILIZATION_ECHARTS =
  /node_modules[\\/]echarts[\\/]lib[\\/](chart[\\/]heatmap|component[\\/]visualMap|component[\\/]title)/;

/** The entry: it imports only what paints the frame first, then the start's chunks (below). */
export const ENTRY_MODULE = 'src/main.tsx';
/** React's renderer: preloaded by index.html with the start, the largest chunk of the first render. */
const REACT_RENDERER = /node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\./;
/** The app's start, without React: preloaded by index.html, evaluated first by main.tsx. */
export const BOOT_MODULE = 'src/app/boot.ts';
/** React, the app and its pages: asked for by main.tsx as it runs, evaluated once the frame is painted. */
export const MOUNT_MODULE = 'src/app/mount.tsx';

/**
 * The pages app/app.tsx loads lazily (app/lazy-pages.ts), by the names main.tsx knows their addresses by: one module
 * for each name, as TypeScript checks. Their chunks are named in `<meta name="page-chunks">`, and main.tsx asks for
 * those of the page it opens on with the start's (without evaluating them): on a slow network the page's code then
 * comes with the app's, not after React has rendered the route.
 */
const LAZY_PAGES: Record<LazyPageName, string> = {
  portfolio: 'src/features/portfolio/portfolio-page.tsx',
  kiosk: 'src/features/kiosk/kiosk-page.tsx',
  utilization: 'src/features/utilization/utilization-page.tsx',
  compare: 'src/features/compare/compare-page.tsx',
};

/**
 * The chunk of a module that two or more of the lazily loaded pages import statically (not counting what the start
 * takes first), or null for any other (vite.config.ts): 'pages', one request with a page's own, not a dozen small
 * ones; or 'shared' when the app's own lazily loaded chunks load it too (a metric page's figures, its kept views), so
 * that a metric page loads those in one request, without what only the pages share.
 */
export function sharedChunkOf(
  id: string,
  chunking: { getModuleInfo(id: string): ModuleGraphInfo | null },
): 'pages' | 'shared' | null {
  if (Object.values(LAZY_PAGES).filter((page) => startGraph(page, chunking).has(id)).length < 2) return null;
  return lazyOfTheApp(chunking).has(id) ? 'shared' : 'pages';
}

/** What the app's own lazily loaded chunks import (a metric page's figures, its kept views), found once a build. */
let appLazyModules: Set<string> | null = null;

/**
 * The modules of the chunks the app loads lazily, however deep, other than the pages and what they alone load: a
 * metric page may load them, so they stay out of 'pages' (a metric page would otherwise load all the pages share).
 */
function lazyOfTheApp(chunking: { getModuleInfo(id: string): ModuleGraphInfo | null }): Set<string> {
  if (appLazyModules) return appLazyModules;
  const pages = new Set(Object.values(LAZY_PAGES).map((page) => resolve(ROOT, page)));
  const start = startGraph(MOUNT_MODULE, chunking);
  const found = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    for (const lazy of chunking.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      if (pages.has(lazy) || found.has(lazy)) continue;
      for (const imported of staticImports(lazy, (each) => chunking.getModuleInfo(each))) {
        if (start.has(imported) || found.has(imported)) continue;
        found.add(imported);
        queue.push(imported);
      }
    }
  }
  appLazyModules = found;
  return found;
}

/**
 * The start's chunks. What app/boot.ts imports, however deep (the start without React, the smaller part), is asked
 * for by index.html's modulepreload links, so that the first requests leave as early as they can; so is React's
 * renderer, the largest chunk the first render needs, which would otherwise be asked for only once the entry runs
 * and end last (on Lighthouse's slow 4G, the largest paint waited for it). What else app/mount.tsx adds (the app) is
 * named in `<meta name="start-chunks">` instead, and main.tsx asks for it as it runs: as modulepreload links in
 * index.html those would share a slow network with the stylesheet too.
 */
export function startChunksPlugin(): Plugin {
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
      appLazyModules = null;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const chunkClosure = (fileName: string, files = new Set<string>()) => {
          if (files.has(fileName)) return files;
          files.add(fileName);
          chunks
            .find((chunk) => chunk.fileName === fileName)
            ?.imports.forEach((imported) => chunkClosure(imported, files));
          return files;
        };
        const closure = (module: string) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`start-chunks: no chunk for ${module}`);
          return chunkClosure(chunk.fileName);
        };
        const notLinked = (fileName: string) => !html.includes(`${base}${fileName}"`);
        const bootClosure = closure(BOOT_MODULE);
        const mountClosure = closure(MOUNT_MODULE);
        // What the entry imports dynamically that loads nothing beyond the start's chunks (main.tsx's import of
        // React's renderer: a small facade over its chunk) is asked for with them: else it is a round trip of its
        // own before the start goes on.
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith(ENTRY_MODULE)));
        const facadesWithin = (closureOf: Set<string>) =>
          (entry?.dynamicImports ?? []).filter(
            (fileName) =>
              !closureOf.has(fileName) &&
              [...chunkClosure(fileName)].every((file) => file === fileName || closureOf.has(file)),
          );
        const renderer = chunks.find((chunk) => chunk.moduleIds.some((id) => REACT_RENDERER.test(id)))?.fileName;
        if (renderer === undefined || !mountClosure.has(renderer)) {
          throw new Error("start-chunks: React's renderer is not in a chunk of the start");
        }
        const boot = [...bootClosure, ...facadesWithin(bootClosure), renderer].filter(notLinked);
        const startClosure = new Set([...bootClosure, ...mountClosure]);
        const rest = [...mountClosure, ...facadesWithin(startClosure)].filter(
          (fileName) => notLinked(fileName) && !boot.includes(fileName),
        );
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
              content: rest.map((fileName) => `${base}${fileName}`).join(' '),
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
                  return `${page}=${files.map((fileName) => `${base}${fileName}`).join(',')}`;
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
