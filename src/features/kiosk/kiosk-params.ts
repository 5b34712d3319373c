/**
 * The kiosk's URL: everything a wall screen shows is in its address, since nobody can click on it.
 *
 *   /kiosk?locations=20,11&panels=now,figures,heatmap&rotate=30&refresh=60&theme=dark
 *
 * Never throws: a bad value falls back to its default and is reported, so a screen shows a notice and something
 * sensible, never a blank. Range, hours and days are read as on the pages (filters/model.ts) and apply to the
 * panels over a range (figures, heatmap, children); "now" and "traffic" always show today.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

import { ignoredLanguage } from '../../lib/language';
import { repeatedParam } from '../../lib/search-params';
import { MINUTE_MS, SECOND_MS } from '../../lib/time-spans';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { parseFilters, type FilterDefaults } from '../../filters/model';

export const KIOSK_PANELS = ['now', 'figures', 'heatmap', 'traffic', 'children'] as const;
export type KioskPanel = (typeof KIOSK_PANELS)[number];

/** What each panel is called (`i18n._(KIOSK_PANEL_LABELS[panel])` where it is shown). */
export const KIOSK_PANEL_LABELS: Record<KioskPanel, MessageDescriptor> = {
  now: msg`Occupancy today against capacity`,
  figures: msg`Headline figures`,
  heatmap: msg`Busiest times`,
  traffic: msg`Entries today`,
  children: msg`Spaces ranked by utilization`,
};

export interface KioskSettings {
  /** Empty: the configured default, else the server's first location. */
  locations: number[];
  panels: KioskPanel[];
  /** Seconds on each location before the next; 0 keeps the first. */
  rotateSeconds: number;
  /** Seconds between refreshes of what can still change. */
  refreshSeconds: number;
}

export const KIOSK_DEFAULTS: KioskSettings = {
  locations: [],
  panels: ['now', 'figures', 'heatmap'],
  rotateSeconds: 30,
  refreshSeconds: 60,
};

const LIMITS = { rotate: { min: 10, max: 3600 }, refresh: { min: 15, max: 3600 } } as const;
const MAX_LOCATIONS = 50;

/** The kiosk's own parameters; `theme` is read by the app (lib/theme.ts), the filters' by KIOSK_FILTER_PARAMS. */
export const KIOSK_PARAMS = ['locations', 'panels', 'rotate', 'refresh'] as const;
/** The page filters a kiosk reads (filters/model.ts); interval and view mean nothing on a wall screen. */
export const KIOSK_FILTER_PARAMS = ['range', 'from', 'to', 'hours', 'days'] as const;

/**
 * `filterDefaults` given, what cannot be used of the range, hours and days (KIOSK_FILTER_PARAMS) is named too,
 * with the default shown instead, so the note at the top lists everything the address asked for in vain.
 */
export function parseKioskSettings(
  params: URLSearchParams,
  filterDefaults?: FilterDefaults,
): { settings: KioskSettings; ignored: string[] } {
  const ignored: string[] = [];
  const quote = (value: string) => `“${value.slice(0, 40)}”`;

  const locations: number[] = [];
  let overLimit = 0;
  for (const part of (params.get('locations') ?? '').split(',').filter(Boolean)) {
    const id = /^\d{1,15}$/.test(part.trim()) ? Number(part.trim()) : null;
    const quoted = quote(part);
    if (id === null) ignored.push(t`location ${quoted} is not a location id`);
    else if (locations.includes(id)) continue;
    else if (locations.length < MAX_LOCATIONS) locations.push(id);
    else overLimit++;
  }
  if (overLimit > 0) {
    const first = MAX_LOCATIONS;
    ignored.push(
      plural(overLimit, {
        one: `# more location after the first ${first}`,
        other: `# more locations after the first ${first}`,
      }),
    );
  }

  const panels: KioskPanel[] = [];
  for (const part of (params.get('panels') ?? '').split(',').filter(Boolean)) {
    const panel = KIOSK_PANELS.find((known) => known === part.trim());
    const [quoted, known] = [quote(part), KIOSK_PANELS.join(', ')];
    if (!panel) ignored.push(t`panel ${quoted} is not one of ${known}`);
    else if (!panels.includes(panel)) panels.push(panel);
  }

  const seconds = (name: 'rotate' | 'refresh', fallback: number, allowOff: boolean): number => {
    const raw = params.get(name);
    if (raw === null || raw === '') return fallback;
    const value = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
    if (allowOff && value === 0) return 0;
    const { min, max } = LIMITS[name];
    if (Number.isNaN(value) || value < min || value > max) {
      const quoted = quote(raw);
      ignored.push(t`${name} ${quoted} is not a number of seconds from ${min} to ${max}; using ${fallback}`);
      return fallback;
    }
    return value;
  };

  const settings: KioskSettings = {
    locations,
    panels: panels.length > 0 ? panels : KIOSK_DEFAULTS.panels,
    rotateSeconds: seconds('rotate', KIOSK_DEFAULTS.rotateSeconds, true),
    refreshSeconds: seconds('refresh', KIOSK_DEFAULTS.refreshSeconds, false),
  };
  for (const name of KIOSK_PARAMS) {
    const repeated = repeatedParam(params, name);
    if (repeated !== undefined) ignored.push(repeated);
  }
  const language = ignoredLanguage(params);
  if (language !== undefined) ignored.push(language);
  if (filterDefaults !== undefined) {
    const own = new URLSearchParams();
    for (const [name, value] of params) {
      if ((KIOSK_FILTER_PARAMS as readonly string[]).includes(name)) own.append(name, value);
    }
    ignored.push(...parseFilters(own, UTILIZATION_VIEW, filterDefaults).ignored);
  }
  return { settings, ignored };
}

/**
 * Which location a rotating screen shows at `nowMs`: a pure function of the clock, so every screen with the same
 * address shows the same location at the same moment, and a reload resumes where it was.
 */
/**
 * How often the kiosk's clock moves on (on the clock's multiples: lib/use-now.ts): the largest step that every
 * rotation boundary and every minute fall on, so the location changes on its boundary and the shown time with
 * its minute, with one render a step (10 s for `rotate=10`, 30 s for the default 30, a minute without rotation).
 */
export function kioskClockStepMs(rotateSeconds: number): number {
  let [a, b] = [rotateSeconds > 0 ? rotateSeconds * SECOND_MS : MINUTE_MS, MINUTE_MS];
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

export function rotationIndex(count: number, rotateSeconds: number, nowMs: number): number {
  if (count <= 1 || rotateSeconds <= 0) return 0;
  return Math.floor(nowMs / (rotateSeconds * SECOND_MS)) % count;
}
