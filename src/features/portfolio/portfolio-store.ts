/**
 * The portfolio's rows as last loaded, kept in the browser (persist/kept-store.ts: IndexedDB, bounded), so that a
 * second visit paints the table at once and then refreshes every row, and a visit with no network shows what this
 * browser still has. Only figures are kept (a few numbers a row), per set of filters, for the 6 sets used last.
 * What is read back is validated like a response: a store written by another version, or tampered with, is
 * ignored, never shown.
 */
import * as z from 'zod/mini';

import { isoDateSchema } from '../../api/schemas';
import { DAY_MS } from '../../lib/time-spans';
import { createKeptStore, indexedDbBackend, type KeptBackend, type KeptStore } from '../../persist/kept-store';
import type { LoadedRow } from './load-row';

/** Sets of filters kept, and the JSON they may take together (a 1,500-location portfolio is about 400 kB a set). */
export const KEPT_ROWS_LIMITS = { maxEntries: 6, maxBytes: 4 * 1024 * 1024 } as const;
/** How old kept rows may be to be shown while the network is up (they are then loaded again). */
export const KEPT_ROWS_ONLINE_MS = DAY_MS;

const figure = z.nullable(z.number());
const rowSchema = z.object({
  figures: z.object({
    capacity: z.number(),
    averageUtilization: figure,
    peakUtilization: figure,
    rightSizeP95: figure,
    averageUtilizationChange: figure,
    daily: z.array(figure),
  }),
  start: isoDateSchema,
  end: isoDateSchema,
  health: z.optional(
    z.nullable(
      z.object({
        coverage: z.nullable(z.number()),
        latestMs: z.nullable(z.number()),
        gaps: z.number(),
        silentOverADay: z.boolean(),
      }),
    ),
  ),
  schedule: z.optional(
    z.nullable(z.object({ hours: z.object({ start: z.number(), end: z.number() }), days: z.array(z.number()) })),
  ),
}) satisfies z.ZodMiniType<LoadedRow>;

const savedSchema = z.object({ savedAt: z.number(), rows: z.array(z.tuple([z.int(), rowSchema])) });

export interface SavedRows {
  rows: Map<number, LoadedRow>;
  /** When they were loaded (ms since the epoch). */
  savedAt: number;
}

export interface PortfolioRowStore {
  /** The rows kept for `key` (a set of filters) no older than `maxAgeMs`, or null. Never rejects. */
  read(key: string, nowMs: number, maxAgeMs: number): Promise<SavedRows | null>;
  save(key: string, rows: ReadonlyMap<number, LoadedRow>, nowMs: number): Promise<void>;
}

export function createPortfolioRowStore(backend: KeptBackend, now?: () => number): PortfolioRowStore {
  const kept: KeptStore = createKeptStore({
    backend,
    indexKey: 'portfolio-rows-index',
    ...KEPT_ROWS_LIMITS,
    now,
    label: 'Portfolio rows',
  });
  const entryKey = (key: string) => `portfolio-rows:${key}`;
  return {
    async read(key, nowMs, maxAgeMs) {
      const parsed = savedSchema.safeParse(await kept.read(entryKey(key)));
      if (!parsed.success || nowMs - parsed.data.savedAt > maxAgeMs) return null;
      return { rows: new Map(parsed.data.rows), savedAt: parsed.data.savedAt };
    },
    async save(key, rows, nowMs) {
      // Keeping is a convenience: a full or closed store changes nothing on screen.
      await kept.save(entryKey(key), { savedAt: nowMs, rows: [...rows] }, nowMs);
    },
  };
}

let browserStore: PortfolioRowStore | undefined;

/** The browser's store: IndexedDB; where there is none (jsdom), nothing is kept. */
export function portfolioRows(): PortfolioRowStore {
  return (browserStore ??=
    typeof indexedDB === 'undefined'
      ? { read: async () => null, save: async () => undefined }
      : createPortfolioRowStore(indexedDbBackend('portfolio', 'rows')));
}
