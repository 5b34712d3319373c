/** What `vite preview` (so `npm start` and `npm run preview`) adds to the static server: as a production host would. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Plugin } from 'vite';

import { contentSecurityPolicyFor } from '../content-security-policy';

/**
 * The production Content-Security-Policy (scripts/content-security-policy.ts) on every response of `vite preview`
 * (`npm start`, `npm run preview`), with `connect-src` from the served config.json's `apiBaseUrl`, read per
 * request. Not on the dev server: its hot reload injects an inline script.
 */
export function contentSecurityPolicyPlugin(): Plugin {
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
 * `vite preview` sends the service worker with `Cache-Control: no-cache`, so a browser asks for it again on every
 * update check and a new deploy is found (a static host does the same: docs/configuration.md).
 */
export function serviceWorkerHeadersPlugin(): Plugin {
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
export function undecodablePathPlugin(): Plugin {
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
