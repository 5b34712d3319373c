/**
 * The kiosk's last good data across a browser restart (kiosk-snapshot.ts keeps it): what this kiosk address and
 * location showed last, read once when its screen mounts, and each panel's live data written back whenever it is
 * received whole. The page shows a panel's live data when it has it, else the kept one, marked stale.
 */
import { plural, t } from '@lingui/core/macro';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

import { useAppContext } from '../../config/app-context';
import { configToken } from '../../config/config-token';
import { tokenStore } from '../../config/token-store';
import type { KioskPanel } from './kiosk-params';
import { formatInstantIn, todayIn, type LocationZone } from '../../lib/time';
import { DAY_MS } from '../../lib/time-spans';
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
  const key = `${address}|${locationId}`;

  // Read once per screen, in plain state rather than as a query: no API query's state, refetch or error handling
  // (the token retry, the refresh, the global error handler) ever sees it, and it works offline.
  const [state, setState] = useState<{ key: string; entries: KioskSnapshotEntries } | null>(null);
  /** Adds what was read (`read`) or written to this screen's entries; a write for another address is dropped. */
  const merge = useCallback(
    (entries: KioskSnapshotEntries, read: boolean) =>
      setState((previous) => {
        if (previous?.key === key) return { key, entries: newest(previous.entries, entries) };
        return read ? { key, entries } : previous;
      }),
    [key],
  );
  useEffect(() => {
    let current = true;
    void store.load(address, locationId).then((entries) => {
      if (current) merge(entries, true);
    });
    return () => {
      current = false;
    };
  }, [store, address, locationId, merge]);

  const entries = state?.key === key ? state.entries : NO_ENTRIES;
  const written = useRef<Record<string, number>>({});
  const keep = useCallback(
    (content: SnapshotContent, receivedAt: number, location: SnapshotEntry['location']) => {
      const panel: KioskPanel = content.panel;
      const before = Math.max(entries[panel]?.receivedAt ?? 0, written.current[`${key}|${panel}`] ?? 0);
      if (receivedAt <= 0 || receivedAt <= before) return;
      written.current[`${key}|${panel}`] = receivedAt;
      const input = { address, locationId, receivedAt, location, content };
      void store.save(input).then((result) => {
        // What the screen falls back on, should its live data go (a new day's key, a remount), is the newest.
        if (result === 'saved') merge({ [panel]: { version: 1, ...input } }, false);
      });
    },
    [address, locationId, key, store, merge, entries],
  );

  const newestEntry = useMemo(
    () =>
      Object.values(entries).reduce<SnapshotEntry | undefined>(
        (a, b) => (a && a.receivedAt >= b.receivedAt ? a : b),
        undefined,
      ),
    [entries],
  );
  return { entries, read: state?.key === key, newest: newestEntry, keep };
}

/** Per panel, the entry received last of the two. */
function newest(a: KioskSnapshotEntries, b: KioskSnapshotEntries): KioskSnapshotEntries {
  const merged: KioskSnapshotEntries = { ...a };
  for (const [panel, entry] of Object.entries(b) as [KioskPanel, SnapshotEntry][]) {
    if ((merged[panel]?.receivedAt ?? -1) < entry.receivedAt) merged[panel] = entry;
  }
  return merged;
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
  if (age <= SNAPSHOT_OLD_AFTER_MS) return t`Updated ${when}`;
  const days = Math.floor(age / DAY_MS);
  return plural(days, { one: `Updated ${when}, # day ago`, other: `Updated ${when}, # days ago` });
}
