/**
 * What this browser kept of the view at an address (kept-views.ts, loaded only when needed): written whenever the
 * view's answers change while the network is up, and read back when the network is down (no network, or the API
 * cannot be reached), into the query cache, where the page finds its answers as it found them. The page draws them
 * at the clock they were drawn at (`keptNowMs`), and says how old they are; when the network comes back, its
 * queries go on by themselves (TanStack Query's onlineManager) and the live clock applies again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { NetworkError } from '../api/errors';
import { useAppContext } from '../config/app-context';
import { configToken } from '../config/config-token';
import { tokenStore } from '../config/token-store';
import { locationQueries } from '../locations/queries';
import { useOnline } from '../offline/use-online';
import { whenAnswersDrawn } from '../offline/when-settled';

export interface KeptViewState {
  /** No network (`offline`), or the API cannot be reached (`unreachable`); null while the network is up. */
  down: 'offline' | 'unreachable' | null;
  /** While down: whether this browser kept the view (null: still looking). */
  found: boolean | null;
  /** While down and found: when its newest answer was received. */
  keptAt: number | null;
  /** The clock the kept view was drawn at, while its answers are drawn (null when the page holds newer ones). */
  keptNowMs: number | null;
  /** The live clock (what the age of kept answers is measured on). */
  liveNowMs: number;
}

export function useKeptView(options: {
  /** The view's address (path and search). */
  address: string;
  /** The live clock. */
  nowMs: number;
  /** What the view keeps: a location page its answers once it holds a series; the portfolio and kiosk their list. */
  needs: 'series' | 'list';
}): KeptViewState {
  const { address, nowMs, needs } = options;
  const queryClient = useQueryClient();
  const { config, client } = useAppContext();
  const online = useOnline();
  // The API cannot be reached though the browser has a network: the location list, which every view asks for
  // first (the same query as the page's), failed to reach it.
  const unreachable = useQuery(locationQueries.list(client)).error instanceof NetworkError;
  const down = !online ? 'offline' : unreachable ? 'unreachable' : null;
  // Every token the app may send: none of them is ever written (the store refuses an entry holding one).
  const secrets = useCallback(() => [tokenStore.get(), configToken.get(), config.token], [config.token]);

  // Written a moment after the view's answers change, while the network is up (kept-views.ts `keepViews`), from
  // once the first answers are drawn: its code is not what the first screen waits for.
  const latest = useRef({ address, nowMs, down });
  useEffect(() => {
    latest.current = { address, nowMs, down };
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void whenAnswersDrawn(queryClient)
      .then(() => (live ? import('./kept-views') : null))
      .then((views) => {
        if (live && views) stop = views.keepViews(queryClient, () => latest.current, needs, secrets);
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [queryClient, needs, secrets]);

  // Read once per address and outage: an outage after the network came back reads again.
  const [outage, setOutage] = useState({ down, count: 0 });
  if (outage.down !== down) setOutage({ down, count: outage.down === null ? outage.count + 1 : outage.count });
  const readFor = `${outage.count}:${address}`;
  const [kept, setKept] = useState<{ readFor: string; keptAt: number | null; keptNowMs: number | null } | null>(null);
  const looking = down !== null && kept?.readFor !== readFor;
  useEffect(() => {
    if (!looking) return;
    let current = true;
    void import('./kept-views').then(async (views) => {
      const view = await views.browserKeptViews(secrets).read(address);
      if (!current) return;
      const restored = view ? views.restoreView(queryClient, view) : 0;
      setKept({ readFor, keptAt: view?.receivedAt ?? null, keptNowMs: view && restored > 0 ? view.nowMs : null });
    });
    return () => {
      current = false;
    };
  }, [looking, readFor, address, queryClient, secrets]);

  if (down === null || kept?.readFor !== readFor) {
    return { down, found: null, keptAt: null, keptNowMs: null, liveNowMs: nowMs };
  }
  return { down, found: kept.keptAt !== null, keptAt: kept.keptAt, keptNowMs: kept.keptNowMs, liveNowMs: nowMs };
}
