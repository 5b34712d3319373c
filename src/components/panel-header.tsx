/**
 * A panel's heading, with what period it covers beside it and its actions (downloads) at the right.
 */
import './panel-header.css';
import type { ReactNode } from 'react';

export function PanelHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="panel-header">
      <h2>{title}</h2>
      {actions !== undefined && <div className="panel-actions">{actions}</div>}
    </div>
  );
}
