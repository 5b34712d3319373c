/**
 * The portfolio's rows as last loaded, kept in the browser (IndexedDB through idb-keyval), so that a second visit
 * paints the table at once and then refreshes every row. Only figures are kept (a few numbers a row), per set of
 * filters, for the 6 sets used last, each for a day at most. What is read back is validated like a response: a
 * store written by another version, or tampered with, is ignored, never shown.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as z from 'zod/mini';

import { isoDateSchema } from '../../api/schemas';
import type { LoadedRow } from './load-row';

const KEPT_SETS = 6;
const KEPT_FOR_MS = 24 * 3_600_000;
const INDEX_KEY = 'index';

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
}) satisfies z.ZodMiniType<LoadedRow>;

const savedSchema = z.object({ savedAt: z.number(), rows: z.array(z.tuple([z.int(), rowSchema])) });
const indexSchema = z.array(z.object({ key: z.string(), savedAt: z.number() }));

let store: UseStore | null | undefined;

/** The store, or null where the browser has no IndexedDB (tests, some private modes). */
function rowStore(): UseStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : createStore('portfolio', 'rows');
  return store;
}

export async function readSavedRows(key: string, nowMs: number): Promise<Map<number, LoadedRow> | null> {
  const target = rowStore();
  if (!target) return null;
  try {
    const parsed = savedSchema.safeParse(await get(key, target));
    if (!parsed.success || nowMs - parsed.data.savedAt > KEPT_FOR_MS) return null;
    return new Map(parsed.data.rows);
  } catch {
    return null;
  }
}

export async function saveRows(key: string, rows: ReadonlyMap<number, LoadedRow>, nowMs: number): Promise<void> {
  const target = rowStore();
  if (!target) return;
  try {
    await set(key, { savedAt: nowMs, rows: [...rows] }, target);
    const index = indexSchema.safeParse(await get(INDEX_KEY, target));
    const sets = [{ key, savedAt: nowMs }, ...(index.success ? index.data.filter((entry) => entry.key !== key) : [])];
    await set(INDEX_KEY, sets.slice(0, KEPT_SETS), target);
    await Promise.all(sets.slice(KEPT_SETS).map((entry) => del(entry.key, target)));
  } catch {
    // Keeping is a convenience: a full or closed store changes nothing on screen.
  }
}
