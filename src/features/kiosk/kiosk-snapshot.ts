/**
 * The kiosk's last good data, kept in the browser (persist/kept-store.ts: IndexedDB, bounded, never a token), so that
 * a wall screen whose browser restarts while the API or the network is down shows what it showed before, marked
 * stale, instead of a blank.
 *
 * - One entry per kiosk address (its normalised search string), location and panel: never per resolved dates,
 *   so the entry written before midnight is the one found after it.
 * - Each entry holds what its panel draws (today's pages, the figures, the heatmap's points, the spaces' rows),
 *   when it was received, and the location's name and clock, so the screen can be drawn with no answer at all.
 * - At most 300 entries and 4 MB of JSON, the least recently written going first; a panel's data already written is
 *   not written again (a screen mounted anew by the rotation offers every panel it shows).
 * - Never a token: unknown parameters of the address are dropped from the key, and an entry whose JSON contains
 *   one of the secrets the caller names is not written.
 * - Everything read is validated (zod); a corrupt, unknown or foreign entry is ignored, never a crash.
 */
import * as z from 'zod/mini';

import type { Figures } from '../../analysis/figures';
import { countSchema, locationRecordSchema, METRIC_RESPONSE_SCHEMAS, occupancyPointSchema } from '../../api/schemas';
import { KIOSK_PANELS, type KioskPanel } from './kiosk-params';
import { DAY_MS } from '../../lib/time-spans';
import { locationZoneSchema } from '../../locations/kept-schemas';
import { createKeptStore, indexedDbBackend, type KeptBackend, type SaveResult } from '../../persist/kept-store';

// ---------------------------------------------------------------------------------------------------
// What is kept

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
  location: z.object({ name: z.string(), zone: locationZoneSchema }),
  content: contentSchema,
});

export type SnapshotEntry = z.infer<typeof entrySchema>;

/** What `save` takes: the entry without what the store adds itself. */
export type SnapshotInput = Omit<SnapshotEntry, 'version'>;

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
// The store (persist/kept-store.ts: bounds, no secrets, one waiting write per panel)

export const SNAPSHOT_LIMITS = {
  /** Enough for a 50-location kiosk with every panel. */
  maxEntries: 300,
  /** Of JSON (UTF-16 code units, about bytes for this ASCII data). */
  maxBytes: 4 * 1024 * 1024,
} as const;

/** Data older than this is still shown, and said to be old. */
export const SNAPSHOT_OLD_AFTER_MS = 7 * DAY_MS;

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
  backend: KeptBackend;
  maxEntries?: number;
  maxBytes?: number;
  /** Strings no entry may contain (the API tokens in use); an entry that does is not written. */
  secrets?: () => readonly (string | null | undefined)[];
  /** The clock of `savedAt` (eviction order). */
  now?: () => number;
  /** Told of a failing backend, once (default: console.warn). */
  onBackendError?: (error: unknown) => void;
}

export function createKioskSnapshotStore(options: KioskSnapshotStoreOptions): KioskSnapshotStore {
  const kept = createKeptStore({
    backend: options.backend,
    indexKey: INDEX_KEY,
    maxEntries: options.maxEntries ?? SNAPSHOT_LIMITS.maxEntries,
    maxBytes: options.maxBytes ?? SNAPSHOT_LIMITS.maxBytes,
    secrets: options.secrets,
    now: options.now,
    onBackendError: options.onBackendError,
    label: 'Kiosk snapshots',
  });
  return {
    async load(address, locationId) {
      const found: Partial<Record<KioskPanel, SnapshotEntry>> = {};
      await Promise.all(
        KIOSK_PANELS.map(async (panel) => {
          const parsed = entrySchema.safeParse(await kept.read(snapshotKey(address, locationId, panel)));
          // An entry under another's key (copied, tampered) is not this one's.
          if (
            parsed.success &&
            parsed.data.address === address &&
            parsed.data.locationId === locationId &&
            parsed.data.content.panel === panel
          ) {
            found[panel] = parsed.data;
          }
        }),
      );
      return found;
    },
    save(input) {
      const entry: SnapshotEntry = { version: ENTRY_VERSION, ...input };
      return kept.save(snapshotKey(entry.address, entry.locationId, entry.content.panel), entry, entry.receivedAt);
    },
  };
}

/** The browser's store: IndexedDB, in a database of the kiosk's own. */
export const browserKioskSnapshots = (secrets: () => readonly (string | null | undefined)[]) =>
  createKioskSnapshotStore({ backend: indexedDbBackend('dashboard-kiosk', 'snapshots'), secrets });
