/**
 * The live reading of every listed location, a request per parent: `/locations/{parent}/now?include=children`
 * answers for all of a building's spaces at once, and a location without a listed parent asks for itself (with its
 * children when it has some). Parents are asked in the order the table shows their rows, through the one limiter,
 * two at a time; the readings are asked again every minute while the page is visible, never while it is hidden.
 * A server whose `/now` answers 404, 405 or 501 before any reading came offers none: nothing more is asked.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';

import { ApiError } from '../../api/errors';
import { fetchNow, type NowReading } from '../../api/now';
import type { LocationRecord } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import { MINUTE_MS } from '../../lib/time-spans';
import { createRowPlanner, type RowPlanner } from './row-planner';

export interface ReadingState {
  reading: NowReading;
  /** When it was received (the reading's own instant is `reading.at`, when the server says). */
  receivedMs: number;
}

export interface NowReadings {
  get(id: number): ReadingState | undefined;
  /** False once the server has shown it has no `/now`; undefined until it is known. */
  offered: boolean | undefined;
  version: number;
  /** The listed locations, first to last: their parents are asked for in that order. */
  plan(order: readonly number[]): void;
}

const REFRESH_MS = MINUTE_MS;
const PARENTS_AT_ONCE = 2;
const NOT_OFFERED = new Set([404, 405, 501]);

export function useNowReadings(options: {
  records: ReadonlyMap<number, LocationRecord>;
  hasChildren: ReadonlySet<number>;
}): NowReadings {
  const { records, hasChildren } = options;
  const { client } = useAppContext();
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const [readings] = useState(() => new Map<number, ReadingState>());
  const [offered, setOffered] = useState<boolean | undefined>(undefined);
  const [round, setRound] = useState<{ planner: RowPlanner } | null>(null);

  // A round of every parent, started now and then every minute while the page is visible.
  useEffect(() => {
    if (offered === false) return;
    let current: RowPlanner | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let renderTimer: ReturnType<typeof setTimeout> | undefined;
    let anyReading = false;
    const start = () => {
      current?.dispose();
      current = createRowPlanner({
        concurrency: PARENTS_AT_ONCE,
        load: (id, signal) => fetchNow(client, id, { children: hasChildren.has(id), signal }),
        onSettled: (_id, outcome) => {
          if (!outcome.ok) {
            if (!anyReading && outcome.error instanceof ApiError && NOT_OFFERED.has(outcome.error.status)) {
              current?.dispose();
              setOffered(false);
            }
            return;
          }
          anyReading = true;
          const receivedMs = Date.now();
          for (const reading of [outcome.value.self, ...outcome.value.children]) {
            if (reading) readings.set(reading.locationId, { reading, receivedMs });
          }
          renderTimer ??= setTimeout(() => ((renderTimer = undefined), bump()), 300);
        },
      });
      setRound({ planner: current });
      timer = setTimeout(start, REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clearTimeout(timer);
        current?.dispose();
      } else start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer);
      clearTimeout(renderTimer);
      current?.dispose();
    };
  }, [client, hasChildren, readings, offered]);

  // Parents in the order their rows are listed; kept for the next round.
  const parentsRef = useRef<readonly number[]>([]);
  useEffect(() => round?.planner.plan(parentsRef.current), [round]);
  const plan = useCallback(
    (order: readonly number[]) => {
      const parents = new Set<number>();
      for (const id of order) {
        const parent = records.get(id)?.parent_id;
        parents.add(parent !== null && parent !== undefined && records.has(parent) ? parent : id);
      }
      parentsRef.current = [...parents];
      round?.planner.plan(parentsRef.current);
    },
    [records, round],
  );

  // A new object at each version, so what is memoised on the readings follows them.
  return useMemo(
    () => ({ get: (id: number) => readings.get(id), offered, version, plan }),
    [readings, offered, version, plan],
  );
}
