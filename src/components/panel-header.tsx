/**
 * A panel's heading, with what period it covers beside it and its actions (downloads) at the right; and the panel
 * itself, a region named by its title.
 */
import './panel-header.css';
import type { ReactNode } from 'react';

import { PanelPeriod } from './panel-period';

export function PanelHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="panel-header">
      <h2>{title}</h2>
      {actions !== undefined && <div className="panel-actions">{actions}</div>}
    </div>
  );
}

/** A panel: a region named `title`, its heading (with the period it covers, when given) and its actions. */
export function Panel(props: {
  title: string;
  period?: string | null;
  className?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { title, period, className, actions, children } = props;
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-label={title}>
      <PanelHeader
        title={
          period === undefined ? (
            title
          ) : (
            <>
              {title}
              <PanelPeriod period={period} />
            </>
          )
        }
        actions={actions}
      />
      {children}
    </section>
  );
}
