/**
 * What a narrow screen (a phone) folds away so the figures and the chart are on the first screen: the filter bar
 * ("Filters") and the location picker ("Change location"). Closed at first there; on a wider screen always open,
 * with no disclosure to see (styles.css hides the summary).
 */
import { useState, useSyncExternalStore, type ReactNode } from 'react';

/** Where the disclosures fold: phones in portrait and small tablets (styles.css uses the same width). */
export const NARROW_QUERY = '(max-width: 640px)';

export function NarrowDisclosure({ summary, children }: { summary: string; children: ReactNode }) {
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [openOnNarrow, setOpenOnNarrow] = useState(false);
  const open = !narrow || openOnNarrow;
  return (
    <details
      className="narrow-disclosure"
      open={open}
      onToggle={(event) => {
        if (narrow) setOpenOnNarrow(event.currentTarget.open);
      }}
    >
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
