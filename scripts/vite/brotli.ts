/**
 * Scripts and stylesheets sent brotli-compressed, as a production host sends them: the build writes `<file>.br`
 * beside each (quality 11, done once), and `vite preview` (so `npm start`) answers a browser that accepts `br` with
 * that file. Any other request goes on to Vite's own server, which compresses with gzip as it sends.
 * docs/configuration.md says how other hosts serve these files.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

import type { Plugin } from 'vite';

/** What is compressed, by extension, and the type it is sent as. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** Smaller files gain less than the bytes of a response's headers. */
const MIN_BYTES = 1024;

export function brotliPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'brotli',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const assets = join(outDir, 'assets');
        if (!existsSync(assets)) return;
        for (const name of readdirSync(assets)) {
          if (typeOf(name) === undefined) continue;
          const file = join(assets, name);
          if (statSync(file).size < MIN_BYTES) continue;
          const compressed = brotliCompressSync(readFileSync(file), {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          });
          writeFileSync(`${file}.br`, compressed);
        }
      },
    },
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = (req.url ?? '').split('?')[0]!;
        const type = typeOf(path);
        const accepts = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
        if (!path.startsWith('/assets/') || type === undefined || !accepts || path.includes('..')) return next();
        const file = join(dist, `${path}.br`);
        if (!existsSync(file)) return next();
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', 'br');
        res.setHeader('Vary', 'Accept-Encoding');
        res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
      });
    },
  };
}

function typeOf(name: string): string | undefined {
  const extension = name.slice(name.lastIndexOf('.'));
  return TYPES[extension];
}
