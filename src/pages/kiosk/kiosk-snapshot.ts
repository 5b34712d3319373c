/**
 * The kiosk's last good data, kept in the browser (IndexedDB through idb-keyval), so that a wall screen whose
 * browser restarts while the API is unreachable shows what it showed before, marked stale, instead of a blank.
 *
 * - One entry per kiosk address (its normalised search string), location and panel: never per resolved dates,
 *   so the entry written before midnight is the one found after it.
 * - Each entry holds what its panel draws (today's pages, the figures, the heatmap's points, the spaces' rows),
 *   when it was received, and the location's name and clock, so the screen can be drawn with no answer at all.
 * - Bounded: at most `maxEntries` entries and `maxBytes` of JSON; the least recently written go first.
 * - Never a token: unknown parameters of the address are dropped from the key, and an entry whose JSON contains
 *   one of the secrets the caller names is not written.
 * - Everything read is validated (zod); a corrupt, unknown or foreign entry is ignored, never a crash. A backend
 *   that fails (no IndexedDB, private mode, quota) makes the store empty and silent, never an error on screen.
 * - Bounded in memory too, however slow the backend: data already written is not written again (a screen mounted
 *   anew by the rotation offers every panel it shows), and while an entry waits for the write before it, a newer
 *   one of the same panel takes its place. Queued one behind another, every snapshot offered was held in memory
 *   until IndexedDB got to it: the kiosk soak's heap grew ~50 kB a cycle whenever the writes fell behind.
 *
 * The backend is injectable: unit tests run over `memoryBackend()` in jsdom, which has no IndexedDB.
 */
import { createStore, del, delMany, get, keys, set } from 'idb-keyval';
import * as z from 'zod/mini';

import type { Figures } from '../../analysis/figures';
import {
  countSchema,
  isoDateSchema,
  locationRecordSchema,
  METRIC_RESPONSE_SCHEMAS,
  occupancyPointSchema,
} from '../../api/schemas';
import { isKnownTimeZone } from '../../config/runtime-config';
import { KIOSK_PANELS, type KioskPanel } from '../../filters/kiosk-params';
import type { LocationZone } from '../../lib/time';

// ---------------------------------------------------------------------------------------------------
// What is kept

/** A UTC offset in minutes, within the ±16 hours any zone has. */
const offsetSchema = z.int().check(z.gte(-16 * 60), z.lte(16 * 60));

const zoneSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zone'), name: z.string().check(z.refine(isKnownTimeZone)) }),
  z.object({ kind: z.literal('offset'), offsetMinutes: offsetSchema }),
  z.object({
    kind: z.literal('day'),
    day: z.object({
      date: isoDateSchema,
      startMs: z.number(),
      endMs: z.number(),
      startOffsetMinutes: offsetSchema,
      endOffsetMinutes: offsetSchema,
    }),
  }),
]) satisfies z.ZodMiniType<LocationZone>;

const figure = z.nullable(z.number());
const figuresSchema = z.object({
  averageUtilization: figure,
  peakUtilization: figure,
  peakOccupancy: figure,
  peakOccupancyAt: z.nullable(z.string()),
  totalEntries: figure,
  averageDwellMinutes: figure,
  inUseShare: figure,
  hoursOverCapacity: figure,
  rightSizeP95: figure,
  busiestHour: figure,
  busiestWeekday: figure,
}) satisfies z.ZodMiniType<Figures>;

const walked = { filteredLocally: z.optional(z.literal(true)) };

const contentSchema = z.discriminatedUnion('panel', [
  z.object({ panel: z.literal('now'), pages: z.array(z.extend(METRIC_RESPONSE_SCHEMAS.occupancy, walked)) }),
  z.object({ panel: z.literal('traffic'), pages: z.array(z.extend(METRIC_RESPONSE_SCHEMAS.traffic, walked)) }),
  z.object({
    panel: z.literal('figures'),
    figures: figuresSchema,
    capacity: z.nullable(countSchema),
  }),
  z.object({ panel: z.literal('heatmap'), points: z.array(occupancyPointSchema) }),
  z.object({
    panel: z.literal('children'),
    rows: z.array(z.object({ record: locationRecordSchema, figures: z.nullable(figuresSchema) })),
  }),
]);

export type SnapshotContent = z.infer<typeof contentSchema>;
export type SnapshotContentOf<P extends KioskPanel> = Extract<SnapshotContent, { panel: P }>;

const ENTRY_VERSION = 1;

const entrySchema = z.object({
  version: z.literal(ENTRY_VERSION),
  address: z.string(),
  locationId: z.int(),
  /** When the data was received from the API (ms since the epoch). */
  receivedAt: z.number().check(z.nonnegative()),
  /** Enough of the location to draw its screen with no answer from the API. */
  location: z.object({ name: z.string(), zone: zoneSchema }),
  content: contentSchema,
});

export type SnapshotEntry = z.infer<typeof entrySchema>;

/** What `save` takes: the entry without what the store adds itself. */
export type SnapshotInput = Omit<SnapshotEntry, 'version'>;

/** The index: every entry's key, when it was written, and its size, so eviction reads no entry. */
const indexSchema = z.object({
  version: z.literal(ENTRY_VERSION),
  items: z.array(z.object({ key: z.string(), savedAt: z.number(), size: countSchema })),
});
type Index = z.infer<typeof indexSchema>;

// ---------------------------------------------------------------------------------------------------
// Keys

/**
 * The parameters that make a kiosk's address, in one order. Anything else in the address (a stray `token=`, a
 * tracking parameter) is no part of the key, so it never reaches storage and does not split one kiosk in two.
 */
const ADDRESS_PARAMS = ['days', 'from', 'hours', 'locations', 'panels', 'range', 'refresh', 'rotate', 'theme', 'to'];

/** The kiosk's address, normalised: its known parameters only, trimmed, in alphabetical order. */
export function kioskAddress(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ADDRESS_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  return kept.toString();
}

const KEY_PREFIX = 'kiosk-snapshot:';
const INDEX_KEY = 'kiosk-snapshot-index';

export function snapshotKey(address: string, locationId: number, panel: KioskPanel): string {
  return `${KEY_PREFIX}${JSON.stringify([ENTRY_VERSION, address, locationId, panel])}`;
}

// ---------------------------------------------------------------------------------------------------
// Backends

export interface SnapshotBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
}

/** IndexedDB, in a database of the kiosk's own. Opened at the first use, not on import. */
export function indexedDbBackend(dbName = 'dashboard-kiosk', storeName = 'snapshots'): SnapshotBackend {
  let store: ReturnType<typeof createStore> | undefined;
  const idb = () => (store ??= createStore(dbName, storeName));
  return {
    get: async (key) => get(key, idb()),
    set: async (key, value) => set(key, value, idb()),
    del: async (key) => del(key, idb()),
    delMany: async (list) => delMany(list, idb()),
    keys: async () => (await keys(idb())).filter((key): key is string => typeof key === 'string'),
  };
}

/**
 * A backend in memory, holding structured clones as IndexedDB does (so a test sees what would really be kept).
 * `contents` exposes the raw values, for tests that inspect or corrupt them.
 */
export function memoryBackend(): SnapshotBackend & { contents: Map<string, unknown> } {
  const contents = new Map<string, unknown>();
  return {
    contents,
    get: async (key) => (contents.has(key) ? structuredClone(contents.get(key)) : undefined),
    set: async (key, value) => void contents.set(key, structuredClone(value)),
    del: async (key) => void contents.delete(key),
    delMany: async (list) => list.forEach((key) => contents.delete(key)),
    keys: async () => [...contents.keys()],
  };
}

// ---------------------------------------------------------------------------------------------------
// The store

export const SNAPSHOT_LIMITS = {
  /** Enough for a 50-location kiosk with every panel. */
  maxEntries: 300,
  /** Of JSON (UTF-16 code units, about bytes for this ASCII data). */
  maxBytes: 4 * 1024 * 1024,
} as const;

/** Data older than this is still shown, and said to be old. */
export const SNAPSHOT_OLD_AFTER_MS = 7 * 24 * 3_600_000;

/**
 * `unchanged`: the same or newer data of the panel is written or waiting to be, so nothing was done; `superseded`:
 * newer data of the panel came while this waited, and was written in its place.
 */
export type SaveResult = 'saved' | 'unchanged' | 'superseded' | 'too-large' | 'holds-a-secret' | 'failed';

export interface KioskSnapshotStore {
  /** The valid entries of one kiosk address and location, by panel. Never rejects. */
  load(address: string, locationId: number): Promise<Partial<Record<KioskPanel, SnapshotEntry>>>;
  /**
   * Writes one entry (replacing the one of its address, location and panel), then evicts beyond the bounds; not
   * if the same or newer data of the panel is written already or waiting (`unchanged`).
   */
  save(input: SnapshotInput): Promise<SaveResult>;
}

export interface KioskSnapshotStoreOptions {
  backend: SnapshotBackend;
  maxEntries?: number;
  maxBytes?: number;
  /** Strings no entry may contain (the API tokens in use); an entry that does is not written. */
  secrets?: () => readonly (string | null | undefined)[];
  /** The clock of `savedAt` (eviction order). */
  now?: () => number;
  /** Told of a failing backend, once per kind of failure (default: console.warn). */
  onBackendError?: (error: unknown) => void;
}

export function createKioskSnapshotStore(options: KioskSnapshotStoreOptions): KioskSnapshotStore {
  const { backend, secrets = () => [], now = Date.now } = options;
  const maxEntries = options.maxEntries ?? SNAPSHOT_LIMITS.maxEntries;
  const maxBytes = options.maxBytes ?? SNAPSHOT_LIMITS.maxBytes;
  let warned = false;
  const failed = (error: unknown) => {
    if (warned) return;
    warned = true;
    (options.onBackendError ?? ((e) => console.warn('Kiosk snapshots are not kept in this browser:', e)))(error);
  };

  // Writes one after another: each reads the index the previous one wrote.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Per entry key, the `receivedAt` of the newest entry written or waiting to be: older or equal ones are not. */
  const offered = new Map<string, number>();
  /** Per entry key, the entry waiting for the writes before it (at most one: a newer one takes its place). */
  const waiting = new Map<string, { entry: SnapshotEntry; json: string; resolve: (result: SaveResult) => void }>();

  const readIndex = async (): Promise<Index['items']> => {
    const parsed = indexSchema.safeParse(await backend.get(INDEX_KEY));
    return parsed.success ? parsed.data.items : [];
  };

  /**
   * Once per store, before its first write: entries the index does not name (a write cut off between the entry
   * and the index, an index that was corrupt) are deleted, so nothing escapes the bounds.
   */
  let reconciled = false;
  const reconcile = async (items: Index['items']) => {
    if (reconciled) return items;
    const present = new Set((await backend.keys()).filter((key) => key.startsWith(KEY_PREFIX)));
    const named = new Set(items.map((item) => item.key));
    const orphans = [...present].filter((key) => !named.has(key));
    if (orphans.length > 0) await backend.delMany(orphans);
    reconciled = true;
    return items.filter((item) => present.has(item.key));
  };

  /** One entry and the index, then what the bounds evict. */
  const write = async (key: string, entry: SnapshotEntry, json: string): Promise<SaveResult> => {
    try {
      const items = await reconcile(await readIndex());
      if (json.length > maxBytes) {
        // Too large to keep: the older entry of the same panel would be wrong beside the live screen.
        if (items.some((item) => item.key === key)) {
          await backend.del(key);
          await backend.set(INDEX_KEY, { version: ENTRY_VERSION, items: items.filter((i) => i.key !== key) });
        }
        return 'too-large';
      }
      const { kept, evicted } = withinBounds(
        [{ key, savedAt: now(), size: json.length }, ...items.filter((item) => item.key !== key)],
        maxEntries,
        maxBytes,
      );
      await backend.set(key, entry);
      await backend.set(INDEX_KEY, { version: ENTRY_VERSION, items: kept } satisfies Index);
      if (evicted.length > 0) await backend.delMany(evicted.map((item) => item.key));
      // What is evicted is written again when offered again.
      for (const item of evicted) offered.delete(item.key);
      return 'saved';
    } catch (error) {
      failed(error);
      return 'failed';
    }
  };

  return {
    async load(address, locationId) {
      const found: Partial<Record<KioskPanel, SnapshotEntry>> = {};
      await Promise.all(
        KIOSK_PANELS.map(async (panel) => {
          try {
            const parsed = entrySchema.safeParse(await backend.get(snapshotKey(address, locationId, panel)));
            // An entry under another's key (copied, tampered) is not this one's.
            if (
              parsed.success &&
              parsed.data.address === address &&
              parsed.data.locationId === locationId &&
              parsed.data.content.panel === panel
            ) {
              found[panel] = parsed.data;
            }
          } catch (error) {
            failed(error);
          }
        }),
      );
      return found;
    },

    save(input) {
      const entry: SnapshotEntry = { version: ENTRY_VERSION, ...input };
      const key = snapshotKey(entry.address, entry.locationId, entry.content.panel);
      if ((offered.get(key) ?? -1) >= entry.receivedAt) return Promise.resolve('unchanged');
      const json = JSON.stringify(entry);
      const forbidden = secrets().filter((secret): secret is string => typeof secret === 'string' && secret !== '');
      if (forbidden.some((secret) => json.includes(secret))) return Promise.resolve('holds-a-secret');
      offered.set(key, entry.receivedAt);

      return new Promise<SaveResult>((resolve) => {
        const queued = waiting.get(key);
        if (queued) {
          // The older entry waiting is not written at all: this one goes in its place.
          queued.resolve('superseded');
          queued.entry = entry;
          queued.json = json;
          queued.resolve = resolve;
          return;
        }
        const slot = { entry, json, resolve };
        waiting.set(key, slot);
        void serial(async () => {
          waiting.delete(key);
          const result = await write(key, slot.entry, slot.json);
          // Not kept: the same data offered again is written again.
          if (result !== 'saved' && offered.get(key) === slot.entry.receivedAt) offered.delete(key);
          slot.resolve(result);
        });
      });
    },
  };
}

/** The newest items that fit both bounds (newest first); the rest are evicted. */
function withinBounds(items: Index['items'], maxEntries: number, maxBytes: number) {
  const sorted = [...items].sort((a, b) => b.savedAt - a.savedAt);
  const kept: Index['items'] = [];
  const evicted: Index['items'] = [];
  let bytes = 0;
  let full = false;
  for (const item of sorted) {
    // Once one does not fit, every older one goes too: the oldest are evicted, never a newer one.
    full ||= kept.length >= maxEntries || bytes + item.size > maxBytes;
    if (full) evicted.push(item);
    else {
      kept.push(item);
      bytes += item.size;
    }
  }
  return { kept, evicted };
}

/** The browser's store: IndexedDB. */
export const browserKioskSnapshots = (secrets: () => readonly (string | null | undefined)[]) =>
  createKioskSnapshotStore({ backend: indexedDbBackend(), secrets });
