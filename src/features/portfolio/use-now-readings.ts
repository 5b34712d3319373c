/**
 * The live readings of the portfolio (now-readings-store.ts), read by React through useStoreVersion: one
 * store per page, its rounds running while the page is mounted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';

import type { LocationRecord } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import { useStoreVersion } from '../../lib/scheduling/store-version';
import { NowReadingsStore, type ReadingState } from './now-readings-store';

export interface NowReadings {
  get(id: number): ReadingState | undefined;
  /** False once the server has shown it has no `/now`; undefined until it is known. */
  offered: boolean | undefined;
  version: number;
  /** The listed locations, first to last: their parents are asked for in that order. */
  plan(order: readonly number[]): void;
}

export function useNowReadings(options: {
  records: ReadonlyMap<number, LocationRecord>;
  hasChildren: ReadonlySet<number>;
}): NowReadings {
  const { records, hasChildren } = options;
  const { client } = useAppContext();
  const queryClient = useQueryClient();
  const [store, setStore] = useState(() => new NowReadingsStore(client, queryClient));
  if (store.client !== client || store.queryClient !== queryClient) setStore(new NowReadingsStore(client, queryClient));
  useEffect(() => store.start(), [store]);
  const version = useStoreVersion(store);
  const plan = useCallback(
    (order: readonly number[]) => store.plan(order, records, hasChildren),
    [store, records, hasChildren],
  );
  // A new object at each version, so what is memoised on the readings follows them.
  return useMemo(
    () => ({ get: (id: number) => store.get(id), offered: store.offered, version, plan }),
    [store, version, plan],
  );
}
