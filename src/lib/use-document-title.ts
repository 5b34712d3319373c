/**
 * The tab title: what the page shows, then the product, e.g. "Occupancy · Main Concourse — Location analytics".
 * A page sets it while it is mounted; the product name alone comes back when it unmounts (React runs the old
 * page's clean-up before the new page's effect, so moving between pages never shows the bare name in between).
 */
import { t } from '@lingui/core/macro';
import { useEffect } from 'react';

/** The product's name in the language in force: "Location analytics". */
export function appTitle(): string {
  return t`Location analytics`;
}

/** The non-empty parts joined with " · ", then " — Location analytics"; the product name alone for none. */
export function documentTitle(...parts: readonly (string | null | undefined)[]): string {
  const shown = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  return shown.length === 0 ? appTitle() : `${shown.join(' · ')} — ${appTitle()}`;
}

/** Sets `document.title` to `documentTitle(...parts)` while the calling component is mounted. */
export function useDocumentTitle(...parts: readonly (string | null | undefined)[]): void {
  const title = documentTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = appTitle();
    },
    [],
  );
}
