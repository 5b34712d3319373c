/**
 * A page's controls in one row (wrapping on a narrow screen): a named group, so a screen reader announces what the
 * controls are about before it reads them.
 */
import './toolbar.css';
import type { ReactNode } from 'react';

export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="toolbar" role="group" aria-label={label}>
      {children}
    </div>
  );
}
