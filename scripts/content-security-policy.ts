/**
 * The Content-Security-Policy the production build runs under (vite.config.ts sends it from `npm start` and
 * `npm run preview`; a static host sets the same header, see docs/configuration.md).
 *
 * - `script-src 'self'`: no inline script and no eval. The build emits no inline script (dist/index.html loads
 *   one module), and zod runs jitless (src/api/zod-config.ts), so it never probes `new Function`.
 * - `style-src 'self' 'unsafe-inline'`: ECharts positions its HTML tooltips with inline styles.
 * - `connect-src 'self'` plus the origin of `config.json`'s `apiBaseUrl` when that is absolute: the API is the
 *   only thing the app fetches, besides its own `config.json`.
 * - `img-src 'self' data: blob:`: the app's icons are its own files; ECharts may export to data and blob URLs.
 * - The service worker (dist/sw.js) and the manifest are the app's own files: `script-src 'self'` and `default-src
 *   'self'` cover `worker-src` and `manifest-src`, and the worker fetches nothing but its own origin.
 */
import { readFileSync, statSync } from 'node:fs';

const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/**
 * The origin the API lives at when `apiBaseUrl` is an absolute http(s) address; null when it is relative (same
 * origin), missing, or not a usable address (the app then shows its configuration error screen anyway).
 */
export function apiOrigin(apiBaseUrl: unknown): string | null {
  if (typeof apiBaseUrl !== 'string' || !/^https?:\/\//i.test(apiBaseUrl.trim())) return null;
  try {
    const origin = new URL(apiBaseUrl.trim()).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The policy for an app whose runtime configuration names `apiBaseUrl`. */
export function contentSecurityPolicy(apiBaseUrl: unknown): string {
  const origin = apiOrigin(apiBaseUrl);
  const connect = origin === null ? "connect-src 'self'" : `connect-src 'self' ${origin}`;
  return [...FIXED_DIRECTIVES, connect].join('; ');
}

/**
 * The policy for the configuration file at `configPath` as it is now: editing a deployed `config.json` changes the
 * policy of the next page load, as it changes the app. The file is read again only when its modification time or
 * size changes (this runs for every response, the API's pages included). A missing or malformed file gives the
 * same-origin policy.
 */
export function contentSecurityPolicyFor(configPath: string): string {
  let modified: string | null;
  try {
    const stats = statSync(configPath);
    modified = `${stats.mtimeMs}:${stats.size}`;
  } catch {
    modified = null;
  }
  const known = policies.get(configPath);
  if (known && known.modified === modified) return known.policy;
  const policy = contentSecurityPolicy(modified === null ? undefined : readApiBaseUrl(configPath));
  policies.set(configPath, { modified, policy });
  return policy;
}

const policies = new Map<string, { modified: string | null; policy: string }>();

function readApiBaseUrl(configPath: string): unknown {
  try {
    const config: unknown = JSON.parse(readFileSync(configPath, 'utf8'));
    return typeof config === 'object' && config !== null ? (config as Record<string, unknown>).apiBaseUrl : undefined;
  } catch {
    return undefined;
  }
}
