/**
 * A location page's address, read without React: the app's routes (app/app.tsx) and its start (app/start.ts),
 * which asks for a pinned chart's series before React has been evaluated, read it the same way.
 */
import type { RuntimeConfig } from '../config/runtime-config';
import type { FilterDefaults } from '../filters/model';
import type { MetricDefinition } from '../metrics/definitions';

export function parseLocationId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

export function filterDefaults(config: RuntimeConfig, definition: MetricDefinition): FilterDefaults {
  return { range: { kind: 'preset', preset: config.defaultRange }, interval: definition.defaultInterval };
}

/**
 * `/locations/:locationId/:metric` as the router matches it (either case, an optional trailing slash, segments
 * percent-decoded): the two segments, or null at any other address.
 */
export function matchLocationRoute(pathname: string): { locationId: string; view: string } | null {
  const match = /^\/locations\/([^/]+)\/([^/]+)\/?$/i.exec(pathname);
  if (!match) return null;
  try {
    return { locationId: decodeURIComponent(match[1]!), view: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
