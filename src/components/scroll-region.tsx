import './scroll-region.css';
import type { ReactNode } from 'react';

/**
 * A table that scrolls inside its panel: focusable and named, so a keyboard user can reach it and scroll it, and a
 * screen reader says what it holds (axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
