/**
 * What the app keeps in the browser between visits, and across a restart with no network: one module for every
 * store (the kiosk's snapshots, the portfolio's rows, the location pages' last views), each an object store of
 * its own in IndexedDB (through idb-keyval), with the same promises:
 *
 * - Bounded: at most `maxEntries` entries and `maxBytes` of JSON (UTF-16 code units, about bytes for this ASCII
 *   data); the least recently written go first, and an entry larger than the whole bound is not kept (nor the older
 *   one under its key, which would be wrong beside what the screen shows).
 * - Never a secret: an entry whose JSON contains one of the strings the caller names (the API tokens in use) is not
 *   written.
 * - Read back raw: the caller validates what it reads (zod), so a corrupt or foreign entry is ignored, never shown.
 *   A backend that fails (no IndexedDB, private mode, quota) makes the store empty and silent, never an error on
 *   screen; it is reported once.
 * - Bounded in memory, however slow the backend: data already written is not written again (`stamp`, when it was
 *   received, says which is newer), and while an entry waits for the write before it, a newer one under the same
 *   key takes its place, so a slow IndexedDB never holds a queue of entries in memory.
 * - One writer at a time across tabs: each write (the index read, the entry, the index written, what the bounds evict,
 *   and the first write's clean-up of entries the index does not name) runs inside the backend's `exclusive`, which
 *   over IndexedDB is a Web Lock named after the database and store. So two tabs never overwrite each other's index,
 *   and a tab never deletes an entry another tab has written and not yet named. (Where a browser has no Web Locks,
 *   writes are ordered within the tab only.)
 *
 * The backend is injectable: unit tests run over `memoryBackend()` in jsdom, which has no IndexedDB.
 */
import { createStore, del, delMany, get, keys, set } from 'idb-keyval';
import * as z from 'zod/mini';

export interface KeptBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
  /**
   * Runs `task` while no other `exclusive` task over the same data runs, in this tab or another (a backend without
   * it runs the task as it comes).
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
}

/** IndexedDB, one database and object store per kind of data. Opened at the first use, not on import. */
export function indexedDbBackend(dbName: string, storeName: string): KeptBackend {
  let store: ReturnType<typeof createStore> | undefined;
  const idb = () => (store ??= createStore(dbName, storeName));
  return {
    get: async (key) => get(key, idb()),
    set: async (key, value) => set(key, value, idb()),
    del: async (key) => del(key, idb()),
    delMany: async (list) => delMany(list, idb()),
    keys: async () => (await keys(idb())).filter((key): key is string => typeof key === 'string'),
    exclusive: (task) =>
      typeof navigator !== 'undefined' && 'locks' in navigator
        ? navigator.locks.request(`kept-store:${dbName}/${storeName}`, task)
        : task(),
  };
}

/**
 * A backend in memory, holding structured clones as IndexedDB does (so a test sees what would really be kept), and
 * running `exclusive` tasks one after another as a Web Lock does (two stores over one backend are two tabs).
 * `contents` exposes the raw values, for tests that inspect or corrupt them.
 */
export function memoryBackend(): KeptBackend & { contents: Map<string, unknown> } {
  const contents = new Map<string, unknown>();
  let turn: Promise<unknown> = Promise.resolve();
  return {
    exclusive: (task) => {
      const run = turn.then(task, task);
      turn = run.catch(() => undefined);
      return run;
    },
    contents,
    get: async (key) => (contents.has(key) ? structuredClone(contents.get(key)) : undefined),
    set: async (key, value) => void contents.set(key, structuredClone(value)),
    del: async (key) => void contents.delete(key),
    delMany: async (list) => list.forEach((key) => contents.delete(key)),
    keys: async () => [...contents.keys()],
  };
}

const INDEX_VERSION = 1;
/** The index: every entry's key, when it was written, and its size, so eviction reads no entry. */
const indexSchema = z.object({
  version: z.literal(INDEX_VERSION),
  items: z.array(z.object({ key: z.string(), savedAt: z.number(), size: z.int().check(z.nonnegative()) })),
});
type IndexItem = z.infer<typeof indexSchema>['items'][number];

/**
 * `unchanged`: the same or newer data under the key is written or waiting to be, so nothing was done; `superseded`:
 * newer data came while this waited, and was written in its place.
 */
export type SaveResult = 'saved' | 'unchanged' | 'superseded' | 'too-large' | 'holds-a-secret' | 'failed';

export interface KeptStore {
  /** The raw value under `key` (undefined when there is none, or the backend fails). Never rejects. */
  read(key: string): Promise<unknown>;
  /**
   * Writes `value` under `key` (a string is kept as it is, and counted as its own JSON), then evicts beyond the
   * bounds; not if data stamped the same or later is written under the key already or waiting (`unchanged`).
   */
  save(key: string, value: unknown, stamp: number): Promise<SaveResult>;
}

export interface KeptStoreOptions {
  backend: KeptBackend;
  /** The key of the store's index. Every other key of the backend is an entry of this store. */
  indexKey: string;
  maxEntries: number;
  maxBytes: number;
  /** Strings no entry may contain (the API tokens in use). */
  secrets?: () => readonly (string | null | undefined)[];
  /** The clock of `savedAt` (eviction order). */
  now?: () => number;
  /** Told of a failing backend, once (default: console.warn naming `label`). */
  onBackendError?: (error: unknown) => void;
  /** What is kept, for the warning: "Kiosk snapshots". */
  label: string;
}

export function createKeptStore(options: KeptStoreOptions): KeptStore {
  const { backend, indexKey, maxEntries, maxBytes, secrets = () => [], now = Date.now } = options;
  let warned = false;
  const failed = (error: unknown) => {
    if (warned) return;
    warned = true;
    (options.onBackendError ?? ((e) => console.warn(`${options.label} are not kept in this browser:`, e)))(error);
  };

  // Writes one after another: each reads the index the previous one wrote, in this tab (`serial`) and in any other
  // (`exclusive`).
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => (backend.exclusive ? backend.exclusive(task) : task());
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  /** Per key, the stamp of the newest entry written or waiting to be: older or equal ones are not. */
  const offered = new Map<string, number>();
  /** Per key, the entry waiting for the writes before it (at most one: a newer one takes its place). */
  const waiting = new Map<
    string,
    { value: unknown; json: string; stamp: number; resolve: (result: SaveResult) => void }
  >();

  const readIndex = async (): Promise<IndexItem[]> => {
    const parsed = indexSchema.safeParse(await backend.get(indexKey));
    return parsed.success ? parsed.data.items : [];
  };
  const writeIndex = (items: IndexItem[]) => backend.set(indexKey, { version: INDEX_VERSION, items });

  /**
   * Once per store, before its first write: entries the index does not name (a write cut off between the entry
   * and the index, an index that was corrupt, what an older version kept) are deleted, so nothing escapes the bounds.
   */
  let reconciled = false;
  const reconcile = async (items: IndexItem[]) => {
    if (reconciled) return items;
    const present = new Set((await backend.keys()).filter((key) => key !== indexKey));
    const named = new Set(items.map((item) => item.key));
    const orphans = [...present].filter((key) => !named.has(key));
    if (orphans.length > 0) await backend.delMany(orphans);
    reconciled = true;
    return items.filter((item) => present.has(item.key));
  };

  /** One entry and the index, then what the bounds evict. */
  const write = async (key: string, value: unknown, json: string): Promise<SaveResult> => {
    try {
      const items = await reconcile(await readIndex());
      if (json.length > maxBytes) {
        if (items.some((item) => item.key === key)) {
          await backend.del(key);
          await writeIndex(items.filter((item) => item.key !== key));
        }
        return 'too-large';
      }
      const { kept, evicted } = withinBounds(
        [{ key, savedAt: now(), size: json.length }, ...items.filter((item) => item.key !== key)],
        maxEntries,
        maxBytes,
      );
      await backend.set(key, value);
      await writeIndex(kept);
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
    async read(key) {
      try {
        return await backend.get(key);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },

    save(key, value, stamp) {
      if ((offered.get(key) ?? -Infinity) >= stamp) return Promise.resolve('unchanged');
      const json = typeof value === 'string' ? value : JSON.stringify(value);
      const forbidden = secrets().filter((secret): secret is string => typeof secret === 'string' && secret !== '');
      if (forbidden.some((secret) => json.includes(secret))) return Promise.resolve('holds-a-secret');
      offered.set(key, stamp);

      return new Promise<SaveResult>((resolve) => {
        const queued = waiting.get(key);
        if (queued) {
          // The older entry waiting is not written at all: this one goes in its place.
          queued.resolve('superseded');
          Object.assign(queued, { value, json, stamp, resolve });
          return;
        }
        const slot = { value, json, stamp, resolve };
        waiting.set(key, slot);
        void serial(async () => {
          waiting.delete(key);
          const result = await exclusive(() => write(key, slot.value, slot.json)).catch((error: unknown) => {
            failed(error);
            return 'failed' as const;
          });
          // Not kept: the same data offered again is written again.
          if (result !== 'saved' && offered.get(key) === slot.stamp) offered.delete(key);
          slot.resolve(result);
        });
      });
    },
  };
}

/** The newest items that fit both bounds (newest first); the rest are evicted. */
function withinBounds(items: IndexItem[], maxEntries: number, maxBytes: number) {
  const sorted = [...items].sort((a, b) => b.savedAt - a.savedAt);
  const kept: IndexItem[] = [];
  const evicted: IndexItem[] = [];
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
