/**
 * The comparison period's line under the series' own status, on the metric and utilization pages: which dates the
 * figures are compared with, its walk's progress, and, when it failed, a retry that resumes it at the page that
 * failed (metrics/queries.ts, pages/shared/use-location-series.ts).
 */
import type { DateRange } from '../../analysis/periods';
import { formatCount } from '../../lib/format';
import { formatDateRange } from '../../lib/time';

export interface ComparisonStatusProps {
  /** "Previous period", "Same period last year". */
  label: string;
  range: DateRange;
  /** Where its walk is: pages on their way, stopped by an error with some still to come, or whole (or idle). */
  state: 'loading' | 'failed' | 'done';
  pagesLoaded: number;
  onRetry(): void;
}

export function ComparisonStatus({ label, range, state, pagesLoaded, onRetry }: ComparisonStatusProps) {
  const dates = formatDateRange(range.start, range.end);
  const failed = state === 'failed';
  const text = failed
    ? `${label} (${dates}) did not load.`
    : state === 'loading'
      ? `${label} (${dates}): loading… ${formatCount(pagesLoaded)} ${pagesLoaded === 1 ? 'part' : 'parts'} so far`
      : `Compared with ${label.toLowerCase()}: ${dates}`;
  return (
    <div className="series-status comparison-status">
      <span role="status" aria-live="polite">
        {text}
      </span>
      {failed && (
        <button type="button" onClick={onRetry}>
          Retry the {label.toLowerCase()}
        </button>
      )}
    </div>
  );
}
