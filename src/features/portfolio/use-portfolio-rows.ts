/**
 * The portfolio's rows, loading: one row planner (row-planner.ts) per set of filters, fed the order the table
 * shows (rows on screen first), each row a query (row-queries.ts: its figures from load-row.ts, kept by the query
 * cache). The table reads the rows of the current filters, with their kept and failed states, from a RowStore, and
 * the page re-renders at most every 300 ms while rows arrive, not once per row. Filters seen again in this visit
 * show the rows the cache still holds fresh at once. A later visit with the same filters first shows the rows kept
 * from the last one (portfolio-store.ts), marked, then loads every row again. With no network it shows the rows
 * kept (up to a week old) and asks for nothing; when the network comes back, a new store loads every row.
 */
import { t } from '@lingui/core/macro';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

import type { ApiClient } from '../../api/client';
import type { LocationRecord } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import type { RuntimeConfig } from '../../config/runtime-config';
import type { Filters } from '../../filters/model';
import { nextTask } from '../../lib/scheduling/after-paint';
import { StoreVersion, useStoreVersion } from '../../lib/scheduling/store-version';
import { DAY_MS } from '../../lib/time-spans';
import type { LoadedRow } from './load-row';
import { KEPT_ROWS_ONLINE_MS, portfolioRows } from './portfolio-store';
import { createRowPlanner, type RowPlanner } from './row-planner';
import { fetchWhileWanted } from './fetch-while-wanted';
import { portfolioQueries } from './row-queries';

export interface RowState {
  loaded?: LoadedRow;
  /** From the last visit: shown while the row loads again. */
  kept?: boolean;
  error?: Error;
}

/** Rows loading at once: each asks for two periods, so the limiter's slots stay busy. */
const ROWS_AT_ONCE = 4;
const RENDER_EVERY_MS = 300;
const SAVE_EVERY_MS = 2_000;
/** How old kept rows may be to be shown while there is no network. */
const KEPT_ROWS_OFFLINE_MS = 7 * DAY_MS;

/** The rows of one set of filters: their states, their planner, and when subscribers hear of changes and rows are saved. */
export class RowStore {
  readonly states = new Map<number, RowState>();
  private planner: RowPlanner | null = null;
  private readonly updates = new StoreVersion(RENDER_EVERY_MS);
  private order: readonly number[] = [];
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private planTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the kept rows shown were loaded (null: none are shown). */
  keptAt: number | null = null;

  constructor(
    readonly key: string,
    /** The filters `key` names: every row is loaded with them. */
    readonly filters: Filters,
    /** The clock these rows' dates are resolved at. */
    readonly nowMs: number,
    /** No network: only the kept rows are shown, nothing is asked for. */
    readonly offline = false,
  ) {}

  /** For useStoreVersion: told when the rows have changed (at most every RENDER_EVERY_MS as they load). */
  readonly subscribe = this.updates.subscribe;
  /** For useStoreVersion: a new number whenever the rows have changed. */
  readonly getVersion = this.updates.getVersion;

  /** Starts loading (kept rows first shown), telling subscribers of changes; returns the stop. */
  start(
    context: { client: ApiClient; queryClient: QueryClient; config: RuntimeConfig },
    recordOf: (id: number) => LocationRecord | undefined,
  ): () => void {
    const { client, queryClient, config } = context;
    const { filters, nowMs } = this;
    const planner = createRowPlanner<LoadedRow>({
      concurrency: ROWS_AT_ONCE,
      // Each row starts in a task of its own (its plan, requests and walks begun), not the first rows all in the
      // task that planned them.
      load: async (id, signal) => {
        await nextTask();
        signal.throwIfAborted();
        const record = recordOf(id);
        if (!record) throw new Error(t`Location ${id} is not listed.`);
        const configured = config.locations.find((location) => location.id === id);
        return fetchWhileWanted(
          queryClient,
          portfolioQueries.row(client, { record, configured, filters, nowMs }),
          signal,
        );
      },
      onSettled: (id, outcome) => {
        this.states.set(id, outcome.ok ? { loaded: outcome.value } : { ...this.states.get(id), error: outcome.error });
        this.updates.changedSoon();
        this.saveTimer ??= setTimeout(() => this.save(), SAVE_EVERY_MS);
      },
    });
    this.planner = planner;
    if (!this.offline) this.schedulePlan();
    const maxAgeMs = this.offline ? KEPT_ROWS_OFFLINE_MS : KEPT_ROWS_ONLINE_MS;
    void portfolioRows()
      .read(this.key, this.nowMs, maxAgeMs)
      .then((saved) => {
        if (!saved || this.planner !== planner) return;
        this.keptAt = saved.savedAt;
        for (const [id, loaded] of saved.rows) if (!this.states.has(id)) this.states.set(id, { loaded, kept: true });
        this.updates.changed();
      });
    return () => {
      clearTimeout(this.planTimer);
      this.planTimer = undefined;
      planner.dispose();
      if (this.planner === planner) this.planner = null;
      this.updates.cancel();
      if (this.saveTimer !== undefined) this.save();
    };
  }

  /** Loads in `order` (the table's: the rows on screen first), from the next task on. */
  plan(order: readonly number[]): void {
    this.order = order;
    if (!this.offline) this.schedulePlan();
  }

  /**
   * Plans in a task of its own, the latest order once: loads start (and their first requests are validated) after
   * the render and layout that asked for them, not in the same task, so that neither makes the other's task long.
   */
  private schedulePlan(): void {
    this.planTimer ??= setTimeout(() => {
      this.planTimer = undefined;
      this.planner?.plan(this.order);
    }, 0);
  }

  get failed(): number[] {
    return [...this.states].flatMap(([id, state]) => (state.error && !state.loaded ? [id] : []));
  }

  /** Loads the failed rows again, first; they show as loading meanwhile. */
  retryFailed(): void {
    const failed = this.failed;
    for (const id of failed) this.states.delete(id);
    this.planner?.retry(failed);
    this.updates.changed();
  }

  private save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const loaded = new Map<number, LoadedRow>();
    for (const [id, state] of this.states) if (state.loaded && !state.kept) loaded.set(id, state.loaded);
    if (loaded.size > 0) void portfolioRows().save(this.key, loaded, this.nowMs);
  }
}

/**
 * The store of the current filters (a new one when `filtersKey` changes, the old one stopped) and a version that
 * changes whenever its rows do: a new object at each version, so what is memoised on it follows the rows. The clock
 * is read when the filters are first seen: a rolling range keeps its dates while its rows load.
 */
export function usePortfolioRows(options: {
  records: ReadonlyMap<number, LocationRecord>;
  filters: Filters;
  /** Identifies `filters` (the URL's filter parameters). */
  filtersKey: string;
  nowMs: number;
  /** The browser has a network: rows are loaded (else only the kept ones are shown). */
  online: boolean;
}): PortfolioRows {
  const { records, filters, filtersKey, nowMs, online } = options;
  const { client, config } = useAppContext();
  const queryClient = useQueryClient();
  const [store, setStore] = useState(() => new RowStore(filtersKey, filters, nowMs, !online));
  // A new store for new filters, and when the network comes back to a store that had none (it loads every row; one
  // that was loading when the network went keeps what it has, and its failed rows can be retried).
  if (store.key !== filtersKey || (store.offline && online)) {
    setStore(new RowStore(filtersKey, filters, nowMs, !online));
  }

  // One start per store (per set of filters).
  useEffect(
    () => store.start({ client, queryClient, config }, (id) => records.get(id)),
    [store, client, queryClient, config, records],
  );
  const version = useStoreVersion(store);
  return useMemo(() => ({ store, version }), [store, version]);
}

/** The rows as of one version: read `store.states` through it. */
export interface PortfolioRows {
  store: RowStore;
  version: number;
}
