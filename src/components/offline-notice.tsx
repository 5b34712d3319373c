/**
 * Says that the network is down, and what the page shows meanwhile: what this browser kept of the view and how old
 * it is, or that it kept nothing. The page loads again by itself when the network is back.
 */
import './notice.css';
import { select, t } from '@lingui/core/macro';

import { formatAge } from '../lib/format';

export function OfflineNotice(props: {
  /** No network, or the API cannot be reached. */
  down: 'offline' | 'unreachable';
  /** When what is shown was received (null: nothing is kept; undefined: still looking). */
  keptAt: number | null | undefined;
  nowMs: number;
  /** What is kept: this view, the portfolio, its figures. */
  what: 'view' | 'portfolio' | 'figures';
}) {
  const { down, keptAt, nowMs, what } = props;
  const title = down === 'offline' ? t`The network is down` : t`The API cannot be reached`;
  const age = keptAt ? formatAge(nowMs - keptAt) : '';
  return (
    <section className="notice offline-notice" role="status" aria-label={title}>
      <div>
        <strong>{title}</strong>
        <p>
          {keptAt === undefined
            ? t`Looking for what this browser kept of ${select(what, { view: 'this view', portfolio: 'the portfolio', other: 'the figures' })}…`
            : keptAt === null
              ? t`This browser has kept nothing of ${select(what, { view: 'this view', portfolio: 'the portfolio', other: 'the figures' })}.`
              : t`Showing what this browser kept of ${select(what, { view: 'this view', portfolio: 'the portfolio', other: 'the figures' })}, received ${age}.`}{' '}
          {t`This page loads again by itself when the network is back.`}
        </p>
      </div>
    </section>
  );
}
