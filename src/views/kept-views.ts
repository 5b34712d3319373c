/**
 * The last views of the location pages and the portfolio, kept in the browser (persist/kept-store.ts) so that a page
 * opened with no network shows what this browser still has for it, and how old it is.
 *
 * - One entry per address (path and search), holding the answers that view showed: the location list, a location's
 *   local day, and every whole series walk (api/series-walk.ts) its panels drew; not the table's pages, the live
 *   reading (a "now" from hours ago is no reading) or anything still loading.
 * - With them, the clock the view was drawn at (`nowMs`): drawn again at that clock, a rolling range ("last 7 days")
 *   resolves to the dates it had, so each kept answer is found under its own query key.
 * - At most 10 views and 8 MB of JSON, the oldest written going first; a view larger than that is not kept. Written as
 *   one JSON string (a cheap copy into IndexedDB), only when the view's answers changed.
 * - Read back, everything is checked as the API's answers are (the same schemas, the same fast path for points); an
 *   entry that fails is ignored. Nothing kept holds a token: answers carry none, and the store refuses an entry that
 *   contains one of the tokens in use.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';

import { metricResponseSchema } from '../api/fast-points';
import { isoDateSchema, locationRecordSchema, type Metric } from '../api/schemas';
import { isWalkComplete } from '../api/series-walk';
import type { SeriesWalk } from '../api/walk-state';
import { probedDaySchema } from '../locations/kept-schemas';
import { locationKeyKind } from '../locations/queries';
import { seriesKeyOf } from '../metrics/queries';
import { createKeptStore, indexedDbBackend, type KeptBackend, type KeptStore } from '../persist/kept-store';

const VIEW_VERSION = 1;

export const KEPT_VIEW_LIMITS = { maxEntries: 10, maxBytes: 8 * 1024 * 1024 } as const;

const keptQuerySchema = z.object({ key: z.array(z.unknown()), updatedAt: z.number(), data: z.unknown() });
const keptViewSchema = z.object({
  version: z.literal(VIEW_VERSION),
  address: z.string(),
  /** When the newest of its answers was received. */
  receivedAt: z.number(),
  /** The clock the view was drawn at. */
  nowMs: z.number(),
  queries: z.array(keptQuerySchema),
});

export interface KeptQuery {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

export interface KeptView {
  receivedAt: number;
  nowMs: number;
  queries: KeptQuery[];
}

const chainSchema = z.object({
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  pages: z.array(z.unknown()),
  cursor: z.optional(z.string()),
  done: z.boolean(),
  filtersRefused: z.boolean(),
  final: z.boolean(),
});
const walkSchema = z.object({ chains: z.array(chainSchema) });
const listSchema = z.nullable(z.array(locationRecordSchema));

/** A whole walk of `metric`, every page checked as the API's answer is; null when anything fails. */
function checkWalk(metric: Metric, data: unknown): SeriesWalk | null {
  const walk = walkSchema.safeParse(data);
  if (!walk.success) return null;
  const schema = metricResponseSchema(metric);
  const chains = [];
  for (const chain of walk.data.chains) {
    const pages = [];
    for (const page of chain.pages) {
      const parsed = schema.safeParse(page);
      if (!parsed.success) return null;
      const local = (page as { filteredLocally?: unknown }).filteredLocally === true;
      pages.push(local ? { ...parsed.data, filteredLocally: true as const } : parsed.data);
    }
    chains.push({ ...chain, pages });
  }
  const checked = { chains } as SeriesWalk;
  return isWalkComplete(checked) ? checked : null;
}

/**
 * The answer under `key` checked as the API's, or null when a view does not keep queries of that key (or the data
 * fails its check).
 */
export function checkKept(key: readonly unknown[], data: unknown): { data: unknown } | null {
  const kind = locationKeyKind(key);
  if (kind === 'list') {
    const parsed = listSchema.safeParse(data);
    return parsed.success ? { data: parsed.data } : null;
  }
  if (kind === 'local-day') {
    const parsed = probedDaySchema.safeParse(data);
    return parsed.success ? { data: parsed.data } : null;
  }
  const series = seriesKeyOf(key);
  if (series) {
    const walk = checkWalk(series.metric, data);
    return walk ? { data: walk } : null;
  }
  return null;
}

/** What a view shows now: the answers of its mounted queries that a view keeps, whole and received. */
export function viewQueries(queryClient: QueryClient): KeptQuery[] {
  const kept: KeptQuery[] = [];
  for (const query of queryClient.getQueryCache().getAll() as Query[]) {
    const { data, status, dataUpdatedAt } = query.state;
    if (query.getObserversCount() === 0 || status !== 'success' || data === undefined || dataUpdatedAt <= 0) continue;
    if (!keepsKey(query.queryKey)) continue;
    if (seriesKeyOf(query.queryKey) && !isWalkComplete(data as SeriesWalk)) continue;
    kept.push({ key: query.queryKey, data, updatedAt: dataUpdatedAt });
  }
  return kept;
}

function keepsKey(key: readonly unknown[]): boolean {
  return locationKeyKind(key) !== null || seriesKeyOf(key) !== null;
}

export interface KeptViewStore {
  /** The view kept for `address`, checked; null when there is none or it fails its checks. Never rejects. */
  read(address: string): Promise<KeptView | null>;
  /** Keeps `queries` as the view of `address` drawn at `nowMs`, unless the same answers are kept already. */
  save(address: string, nowMs: number, queries: readonly KeptQuery[]): Promise<void>;
}

export function createKeptViewStore(options: {
  backend: KeptBackend;
  secrets?: () => readonly (string | null | undefined)[];
  now?: () => number;
}): KeptViewStore {
  const kept: KeptStore = createKeptStore({
    backend: options.backend,
    indexKey: 'kept-views-index',
    ...KEPT_VIEW_LIMITS,
    secrets: options.secrets,
    now: options.now,
    label: 'Kept views',
  });
  const entryKey = (address: string) => `kept-view:${address}`;
  return {
    async read(address) {
      const raw = await kept.read(entryKey(address));
      if (typeof raw !== 'string') return null;
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return null;
      }
      const parsed = keptViewSchema.safeParse(json);
      if (!parsed.success || parsed.data.address !== address) return null;
      const queries: KeptQuery[] = [];
      for (const query of parsed.data.queries) {
        const checked = checkKept(query.key, query.data);
        if (checked) queries.push({ key: query.key, data: checked.data, updatedAt: query.updatedAt });
      }
      return { receivedAt: parsed.data.receivedAt, nowMs: parsed.data.nowMs, queries };
    },
    async save(address, nowMs, queries) {
      if (queries.length === 0) return;
      const receivedAt = Math.max(...queries.map((query) => query.updatedAt));
      const entry = { version: VIEW_VERSION, address, receivedAt, nowMs, queries };
      // Stamped by its newest answer: the same answers offered again are not written again.
      await kept.save(entryKey(address), JSON.stringify(entry), receivedAt);
    },
  };
}

/**
 * Puts a kept view's answers into the query cache under their keys, each with the time it was received, where the
 * cache has nothing newer: the page draws them as it drew them, and asks again (from the kept walk) once it can.
 * Returns how many it put there (none when the page already holds newer answers).
 */
export function restoreView(queryClient: QueryClient, view: KeptView): number {
  let restored = 0;
  for (const query of view.queries) {
    const state = queryClient.getQueryState(query.key);
    if (state?.data !== undefined && state.dataUpdatedAt >= query.updatedAt) continue;
    queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
    restored++;
  }
  return restored;
}

/** Quiet time after the last answer before the view is written: a page's answers arrive in bursts. */
const KEEP_AFTER_MS = 1_500;

/**
 * Writes the view a moment after its answers change, while `current()` says the network is up; returns the stop.
 * A location page is kept once it holds a series; the portfolio and the kiosk keep their location list only (their
 * rows and panels are kept by their own stores).
 */
export function keepViews(
  queryClient: QueryClient,
  current: () => { address: string; nowMs: number; down: unknown },
  needs: 'series' | 'list',
  secrets: () => readonly (string | null | undefined)[],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keep = () => {
    const { address, nowMs, down } = current();
    if (down) return;
    const shown = viewQueries(queryClient);
    const queries = needs === 'list' ? shown.filter((query) => locationKeyKind(query.key) === 'list') : shown;
    const held = needs === 'series' ? queries.some((query) => seriesKeyOf(query.key)) : queries.length > 0;
    if (held) void browserKeptViews(secrets).save(address, nowMs, queries);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || current().down) return;
    clearTimeout(timer);
    timer = setTimeout(keep, KEEP_AFTER_MS);
  });
  // What the page already shows when this starts (it loads after the first answers).
  timer = setTimeout(keep, KEEP_AFTER_MS);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

let browserStore: KeptViewStore | undefined;

/** The browser's store: IndexedDB, never holding one of `secrets`; where there is none (jsdom), nothing is kept. */
export function browserKeptViews(secrets: () => readonly (string | null | undefined)[]): KeptViewStore {
  return (browserStore ??=
    typeof indexedDB === 'undefined'
      ? { read: async () => null, save: async () => undefined }
      : createKeptViewStore({ backend: indexedDbBackend('dashboard-views', 'views'), secrets }));
}
