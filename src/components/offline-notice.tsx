/**
 * Says that the network is down, and what the page shows meanwhile: what this browser kept of the view and how old
 * it is, or that it kept nothing. The page loads again by itself when the network is back.
 */
import './notice.css';
import { formatAge } from '../lib/format';

export function OfflineNotice(props: {
  /** No network, or the API cannot be reached. */
  down: 'offline' | 'unreachable';
  /** When what is shown was received (null: nothing is kept; undefined: still looking). */
  keptAt: number | null | undefined;
  nowMs: number;
  /** What is kept: "this view", "the figures". */
  what: string;
}) {
  const { down, keptAt, nowMs, what } = props;
  const title = down === 'offline' ? 'The network is down' : 'The API cannot be reached';
  return (
    <section className="notice offline-notice" role="status" aria-label={title}>
      <div>
        <strong>{title}</strong>
        <p>
          {keptAt === undefined
            ? `Looking for what this browser kept of ${what}…`
            : keptAt === null
              ? `This browser has kept nothing of ${what}.`
              : `Showing what this browser kept of ${what}, received ${formatAge(nowMs - keptAt)}.`}{' '}
          This page loads again by itself when the network is back.
        </p>
      </div>
    </section>
  );
}
