import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Plugin } from 'vite';

/** The repository's root, where the paths below start. */
const ROOT = resolve(import.meta.dirname, '../..');

/** The frame each page file carries before the app's scripts have run, in place of `<!--frame-->` in index.html. */
const FRAMES = { app: 'src/app/frames/app-frame.html', kiosk: 'src/app/frames/kiosk-frame.html' } as const;

function frame(name: keyof typeof FRAMES): string {
  return readFileSync(resolve(ROOT, FRAMES[name]), 'utf8').trim();
}

/**
 * The page's icon (public/icon.svg) written into its link as a data: address: no request of its own beside the first
 * screen's (the manifest, linked later, names the file).
 */
function inlineIcon(html: string): string {
  const svg = readFileSync(resolve(ROOT, 'public/icon.svg'), 'utf8').trim();
  const link = '<link rel="icon" href="/icon.svg" type="image/svg+xml" />';
  if (!html.includes(link)) throw new Error('frames: index.html does not link /icon.svg as its icon');
  return html.replace(
    link,
    `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`,
  );
}

/**
 * Something on screen before the JS has run: index.html carries the app's frame (the header and a loading panel,
 * the markup of app/layout.tsx and of the first render of a page), and the build writes kiosk.html, the same page
 * with the kiosk's frame (no header). `vite preview` answers /kiosk with kiosk.html; docs/configuration.md says how
 * other servers do. React replaces the frame with its first render. The icon is carried in the page (inlineIcon).
 */
export function framePlugin(): Plugin {
  return {
    name: 'frames',
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => inlineIcon(html.replace('<!--frame-->', frame('app'))),
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
