/**
 * Runtime configuration: `config.json` beside index.html, read at start-up, so one static build works
 * against any API without rebuilding.
 */
import * as z from 'zod/mini';

import { DWELL_UNITS } from '../api/schemas';
import { RANGE_PRESETS } from '../lib/range-presets';

export const configuredLocationSchema = z.object({
  id: z.int(),
  name: z.optional(z.string()),
  /** IANA zone, used when the server's location record has none. */
  timeZone: z.optional(z.string().check(z.refine(isKnownTimeZone, 'not a known IANA time zone'))),
});
export type ConfiguredLocation = z.infer<typeof configuredLocationSchema>;

/** A share of capacity as a fraction, up to twice full. */
const share = z.number().check(z.gte(0), z.lte(2));

export const runtimeConfigSchema = z.object({
  /** Base address of the API, including `/v2`; relative (same origin) or absolute. */
  apiBaseUrl: z.string().check(z.minLength(1)),
  /** A token to use until the user types one. Leave it out for a real deployment. */
  token: z.optional(z.string().check(z.minLength(1))),
  /** Used when the server has no `/locations` endpoint, and for their time zones. */
  locations: z._default(z.array(configuredLocationSchema), []),
  /** The landing page's location; else the first one listed. */
  defaultLocationId: z.optional(z.int()),
  /** The unit the server's dwell times are in (the spec leaves it open). */
  dwellTimeUnit: z._default(z.enum(DWELL_UNITS), 'minutes'),
  /** The utilization band a space should sit in (fractions of capacity), drawn on the utilization page. */
  utilizationTarget: z._default(
    z
      .object({ low: share, high: share })
      .check(z.refine((band) => band.low <= band.high, 'low must be at or below high')),
    { low: 0.6, high: 0.8 },
  ),
  /**
   * The portfolio's summary bands (fractions of capacity): a space is under-used below `underUsedBelow` average
   * utilization, and near full when its peak utilization reaches `nearFullAt`.
   */
  portfolioBands: z._default(z.object({ underUsedBelow: share, nearFullAt: share }), {
    underUsedBelow: 0.3,
    nearFullAt: 0.85,
  }),
  /** The date-range preset (URL `range` value, e.g. `7d`) a view opens with when its URL names none. */
  defaultRange: z._default(z.enum(RANGE_PRESETS), '7d'),
  /** ISO 4217 code of the money shown (`EUR`); with `costPerPlacePerYear`, what places to release cost. */
  currency: z.optional(
    z.string().check(z.regex(/^[A-Z]{3}$/, 'three upper-case letters'), z.refine(isKnownCurrency, 'not a currency')),
  ),
  /** What one place (a desk, a seat) costs a year, in `currency`. */
  costPerPlacePerYear: z.optional(z.number().check(z.gte(0))),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Zone names already tried: making a formatter to try one costs a millisecond, and clocks ask at every render. */
const knownTimeZones = new Map<string, boolean>();

export function isKnownTimeZone(zone: string): boolean {
  let known = knownTimeZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownTimeZones.set(zone, known);
  }
  return known;
}

/** Whether `Intl` knows `code` as a currency (ISO 4217, upper case) and formats money in it. */
export function isKnownCurrency(code: string): boolean {
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
  } catch {
    return false;
  }
  return typeof Intl.supportedValuesOf !== 'function' || Intl.supportedValuesOf('currency').includes(code);
}

/** The yearly cost of a place, when both the currency and the cost are configured; else null: no money is shown. */
export function placeCost(config: Pick<RuntimeConfig, 'currency' | 'costPerPlacePerYear'>) {
  const { currency, costPerPlacePerYear } = config;
  return currency !== undefined && costPerPlacePerYear !== undefined
    ? { currency, perPlace: costPerPlacePerYear }
    : null;
}
export type PlaceCost = NonNullable<ReturnType<typeof placeCost>>;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; url: string; problems: string[] };

export async function loadRuntimeConfig(url = 'config.json', doFetch: typeof fetch = fetch): Promise<ConfigResult> {
  let json: unknown;
  try {
    const response = await doFetch(url, { cache: 'no-store' });
    // Technical lines, as the browser and the server give them: the screen's own words are around them.
    if (!response.ok) return { ok: false, url, problems: [`HTTP ${response.status} ${response.statusText}`.trim()] };
    json = await response.json();
  } catch (error) {
    return { ok: false, url, problems: [(error as Error).message] };
  }
  const parsed = runtimeConfigSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      url,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    };
  }
  return { ok: true, config: parsed.data };
}
