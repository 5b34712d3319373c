/**
 * Whether the API asked the app to slow down: the API client's pace (api/pace.ts) is slowed after a 429 and not back
 * to full speed yet. Read with useSyncExternalStore, so every status line says it the moment it happens and stops
 * the moment the pace is back to full. A line says it only while its own data is still coming.
 */
import { t } from '@lingui/core/macro';
import { useSyncExternalStore } from 'react';

import { useAppContext } from '../config/app-context';

/** `text`, and that the API asked to slow down when it did: "…, — the API asked us to slow down; …". */
export function withSlowedDown(text: string, slowedDown: boolean): string {
  return slowedDown ? t`${text} — the API asked us to slow down; continuing at a gentler pace` : text;
}

export function useSlowedDown(): boolean {
  const { client } = useAppContext();
  return useSyncExternalStore(client.pace.subscribe, () => client.pace.getSnapshot().slowed);
}
