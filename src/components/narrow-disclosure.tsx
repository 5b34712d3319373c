/**
 * The filter bar on a narrow screen (a phone): folded into a "Filters" disclosure, closed at first, so the
 * figures and the chart are on the first screen; on a wider screen always open, with no disclosure to see.
 */
import { useState, useSyncExternalStore, type ReactNode } from 'react';

/** Where the filters fold away: phones in portrait and small tablets (styles.css uses the same width). */
export const NARROW_QUERY = '(max-width: 640px)';

export function FiltersDisclosure({ children }: { children: ReactNode }) {
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const [openOnNarrow, setOpenOnNarrow] = useState(false);
  const open = !narrow || openOnNarrow;
  return (
    <details
      className="filters-disclosure"
      open={open}
      onToggle={(event) => {
        if (narrow) setOpenOnNarrow(event.currentTarget.open);
      }}
    >
      <summary>Filters</summary>
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
