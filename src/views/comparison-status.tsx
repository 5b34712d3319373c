/**
 * The comparison period's line under the series' own status, on the metric and utilization pages: which dates the
 * figures are compared with, its walk's progress (and that the API asked to slow down, while it did), and, when it
 * failed, a retry that resumes it at the page that failed (metrics/queries.ts, views/use-location-series.ts).
 */
import { plural, t } from '@lingui/core/macro';

import './series-status.css';
import type { DateSpan } from '../analysis/periods';
import { lowerFirst } from '../lib/format';
import { formatDateRange } from '../lib/time';
import { useSlowedDown, withSlowedDown } from './use-slowed-down';

export type ComparisonState = 'loading' | 'failed' | 'done';

/**
 * Where a comparison's walk is: pages on their way, stopped by an error with some still to come (it waits for a
 * retry), or whole (or not asked for yet).
 */
export function comparisonState(walk: { complete: boolean; fetching: boolean; error: unknown }): ComparisonState {
  if (walk.complete) return 'done';
  if (walk.fetching) return 'loading';
  return walk.error ? 'failed' : 'done';
}

export interface ComparisonStatusProps {
  /** "Previous period", "Same period last year". */
  label: string;
  range: DateSpan;
  /** Where the other period is cut when this one reaches now ("to the same time (Wed 10:30)"), or none. */
  until?: string | null;
  state: ComparisonState;
  pagesLoaded: number;
  onRetry(): void;
}

export function ComparisonStatus({ label, range, until, state, pagesLoaded, onRetry }: ComparisonStatusProps) {
  const dates = `${formatDateRange(range.start, range.end)}${until ? `, ${until}` : ''}`;
  const failed = state === 'failed';
  const slowedDown = useSlowedDown();
  const inline = lowerFirst(label);
  const text = failed
    ? t`${label} (${dates}) did not load.`
    : state === 'loading'
      ? withSlowedDown(
          t`${label} (${dates}): loading… ${plural(pagesLoaded, { one: '# part', other: '# parts' })} so far`,
          slowedDown,
        )
      : t`Compared with ${inline}: ${dates}`;
  return (
    <div className="series-status comparison-status">
      <span role="status" aria-live="polite">
        {text}
      </span>
      {failed && (
        <button type="button" onClick={onRetry}>
          {t`Retry the ${inline}`}
        </button>
      )}
    </div>
  );
}
