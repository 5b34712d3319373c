/** A metric page's figures before they are computed: the panel's place held, and why it is empty. */
import type { ReactNode } from 'react';

export function MetricFiguresSection({ children }: { children?: ReactNode }) {
  return (
    <section className="panel figures-panel metric-figures" aria-label="Headline figures" aria-busy={!children}>
      {children ?? <p className="figures-pending">The figures follow once every window of the range is in.</p>}
    </section>
  );
}
