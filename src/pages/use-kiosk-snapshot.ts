/**
 * The kiosk's last good data across a browser restart (kiosk-snapshot.ts keeps it): what this kiosk address and
 * location showed last, read once when its screen mounts, and each panel's live data written back whenever it is
 * received whole. The page shows a panel's live data when it has it, else the kept one, marked stale.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';

import { useAppContext } from '../config/app-context';
import { configToken } from '../config/config-token';
import { tokenStore } from '../config/token-store';
import type { KioskPanel } from '../filters/kiosk-params';
import { formatInstantIn, todayIn, type LocationZone } from '../lib/time';
import {
  browserKioskSnapshots,
  kioskAddress,
  SNAPSHOT_OLD_AFTER_MS,
  type KioskSnapshotStore,
  type SnapshotContent,
  type SnapshotContentOf,
  type SnapshotEntry,
} from './kiosk-snapshot';

/** The store the kiosk uses; tests provide one over a memory backend. Unset: IndexedDB. */
export const KioskSnapshotContext = createContext<KioskSnapshotStore | null>(null);

let browserStore: KioskSnapshotStore | undefined;

export type KioskSnapshotEntries = Partial<Record<KioskPanel, SnapshotEntry>>;

export interface KioskSnapshot {
  /** The kept entries of this address and location, by panel (empty until read, or when there are none). */
  entries: KioskSnapshotEntries;
  /** The store has been read. */
  read: boolean;
  /** The newest entry (its location's name and clock draw a screen the API cannot describe). */
  newest: SnapshotEntry | undefined;
  /** Keeps a panel's data as received at `receivedAt`, unless the same or newer is kept already. */
  keep(content: SnapshotContent, receivedAt: number, location: SnapshotEntry['location']): void;
}

export function useKioskSnapshot(search: string, locationId: number): KioskSnapshot {
  const { config } = useAppContext();
  const provided = useContext(KioskSnapshotContext);
  // Every token the app may send: none of them is ever written (the store refuses an entry holding one).
  const store =
    provided ?? (browserStore ??= browserKioskSnapshots(() => [tokenStore.get(), configToken.get(), config.token]));
  const address = kioskAddress(search);
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['kiosk-snapshot', address, locationId] as const, [address, locationId]);
  const { data, isFetched } = useQuery({
    queryKey,
    queryFn: () => store.load(address, locationId),
    // Read once per mount of a screen, even offline (IndexedDB is no network); kept in step by `keep` below.
    staleTime: Infinity,
    networkMode: 'always',
    retry: false,
  });

  const written = useRef<Partial<Record<KioskPanel, number>>>({});
  const keep = useCallback(
    (content: SnapshotContent, receivedAt: number, location: SnapshotEntry['location']) => {
      const panel: KioskPanel = content.panel;
      const known = (queryClient.getQueryData<KioskSnapshotEntries>(queryKey) ?? {})[panel]?.receivedAt ?? 0;
      if (receivedAt <= 0 || receivedAt <= Math.max(known, written.current[panel] ?? 0)) return;
      written.current[panel] = receivedAt;
      const input = { address, locationId, receivedAt, location, content };
      void store.save(input).then((result) => {
        if (result !== 'saved') return;
        queryClient.setQueryData<KioskSnapshotEntries>(queryKey, (old) => ({
          ...old,
          [panel]: { version: 1, ...input },
        }));
      });
    },
    [address, locationId, queryClient, queryKey, store],
  );

  const entries = data ?? NO_ENTRIES;
  const newest = useMemo(
    () =>
      Object.values(entries).reduce<SnapshotEntry | undefined>(
        (a, b) => (a && a.receivedAt >= b.receivedAt ? a : b),
        undefined,
      ),
    [entries],
  );
  return { entries, read: isFetched, newest, keep };
}

const NO_ENTRIES: KioskSnapshotEntries = {};

/** A panel's data as received, or null while it is not whole (nothing is kept then). */
export interface ReceivedPanel {
  content: SnapshotContent | null;
  receivedAt: number;
}

/**
 * Keeps each panel's live data when it is received whole, with the location as the screen knows it then (null
 * while the screen has no live clock: nothing is kept). Runs after every render; `keep` skips what is kept already.
 */
export function useKeepPanels(
  snapshot: KioskSnapshot,
  location: SnapshotEntry['location'] | null,
  panels: readonly ReceivedPanel[],
) {
  const { keep } = snapshot;
  useEffect(() => {
    if (!location) return;
    for (const { content, receivedAt } of panels) if (content) keep(content, receivedAt, location);
  });
}

/** A panel's kept content and when it was received, if this screen has one. */
export function keptPanel<P extends KioskPanel>(
  entries: KioskSnapshotEntries,
  panel: P,
): { content: SnapshotContentOf<P>; receivedAt: number } | undefined {
  const entry = entries[panel];
  return entry && entry.content.panel === panel
    ? { content: entry.content as SnapshotContentOf<P>, receivedAt: entry.receivedAt }
    : undefined;
}

/**
 * "Updated …" of the header: the time on the location's clock, with the date when it is not today's, and how
 * old the data is when it is older than SNAPSHOT_OLD_AFTER_MS.
 */
export function updatedText(zone: LocationZone, updatedAt: number, nowMs: number): string {
  const sameDay = todayIn(zone, updatedAt) === todayIn(zone, nowMs);
  const when = formatInstantIn(zone, updatedAt, sameDay ? 'HH:mm' : 'EEE d MMM, HH:mm');
  const age = nowMs - updatedAt;
  if (age <= SNAPSHOT_OLD_AFTER_MS) return `Updated ${when}`;
  return `Updated ${when}, ${Math.floor(age / (24 * 3_600_000))} days ago`;
}
