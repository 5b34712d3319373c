/**
 * The portfolio's rows, loading: one row planner (row-planner.ts) per set of filters, fed the order the table
 * shows (rows on screen first), each row loaded by load-row.ts. Results live outside React, in a map read by the
 * table, and the page re-renders at most every 300 ms while rows arrive, not once per row. A second visit with the
 * same filters first shows the rows kept from the last one (portfolio-store.ts), marked, then loads every row again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';

import type { LocationRecord } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import type { Filters } from '../../filters/model';
import { loadRow, type LoadedRow } from './load-row';
import { readSavedRows, saveRows } from './portfolio-store';
import { createRowPlanner, type RowPlanner } from './row-planner';

export interface RowState {
  loaded?: LoadedRow;
  /** From the last visit: shown while the row loads again. */
  kept?: boolean;
  error?: Error;
}

export interface PortfolioRows {
  states: ReadonlyMap<number, RowState>;
  /** Changes whenever a row does. */
  version: number;
  /** Rows that failed (after the loader's own retries of each page). */
  failed: number[];
  retryFailed(): void;
}

/** Rows loading at once: each asks for two periods, so the limiter's 8 slots stay busy. */
const ROWS_AT_ONCE = 4;
const RENDER_EVERY_MS = 300;
const SAVE_EVERY_MS = 2_000;

export function usePortfolioRows(options: {
  records: ReadonlyMap<number, LocationRecord>;
  /** Rows to load, first to last. */
  order: readonly number[];
  filters: Filters;
  /** Identifies `filters` (the URL's filter parameters). */
  filtersKey: string;
  nowMs: number;
}): PortfolioRows {
  const { records, order, filters, filtersKey } = options;
  const { client, config } = useAppContext();
  const queryClient = useQueryClient();
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const [planner, setPlanner] = useState<RowPlanner | null>(null);
  const states = useMemo(() => new Map<number, RowState>(), [filtersKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // Read when a row starts, not when the planner is made: a list refreshed meanwhile is used as it is.
  const recordsRef = useRef(records);
  recordsRef.current = records;
  // The clock of the first render of these filters: a rolling range keeps its dates while its rows load.
  const nowRef = useRef({ key: filtersKey, nowMs: options.nowMs });
  if (nowRef.current.key !== filtersKey) nowRef.current = { key: filtersKey, nowMs: options.nowMs };

  useEffect(() => {
    const nowMs = nowRef.current.nowMs;
    const context = { client, queryClient, config, filters, nowMs };
    let renderTimer: ReturnType<typeof setTimeout> | undefined;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const render = () => (renderTimer ??= setTimeout(() => ((renderTimer = undefined), bump()), RENDER_EVERY_MS));
    const save = () => {
      const loaded = new Map<number, LoadedRow>();
      for (const [id, state] of states) if (state.loaded && !state.kept) loaded.set(id, state.loaded);
      void saveRows(filtersKey, loaded, nowMs);
    };
    const created = createRowPlanner<LoadedRow>({
      concurrency: ROWS_AT_ONCE,
      load: (id, signal) => {
        const record = recordsRef.current.get(id);
        return record ? loadRow(context, record, signal) : Promise.reject(new Error(`Location ${id} is not listed.`));
      },
      onSettled: (id, outcome) => {
        states.set(id, outcome.ok ? { loaded: outcome.value } : { ...states.get(id), error: outcome.error });
        render();
        saveTimer ??= setTimeout(() => ((saveTimer = undefined), save()), SAVE_EVERY_MS);
      },
    });
    void readSavedRows(filtersKey, nowMs).then((saved) => {
      if (!saved) return;
      for (const [id, loaded] of saved) if (!states.has(id)) states.set(id, { loaded, kept: true });
      bump();
    });
    setPlanner(created);
    return () => {
      created.dispose();
      clearTimeout(renderTimer);
      if (saveTimer !== undefined) {
        clearTimeout(saveTimer);
        save();
      }
    };
    // One planner per set of filters: `filters` is what `filtersKey` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey, client, queryClient, config, states]);

  useEffect(() => planner?.plan(order), [planner, order]);

  const failed = useMemo(
    () => [...states].flatMap(([id, state]) => (state.error && !state.loaded ? [id] : [])),
    // Recounted whenever a row changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [states, version],
  );
  return {
    states,
    version,
    failed,
    retryFailed: () => {
      for (const id of failed) states.delete(id);
      planner?.retry(failed);
      bump();
    },
  };
}
