/**
 * The comparison period's line under the series' own status: which dates the figures are compared with, its walk's
 * progress, and, when it failed, a retry that resumes it at the page that failed (metrics/queries.ts).
 */
import type { UseQueryResult } from '@tanstack/react-query';

import type { DateRange } from '../../analysis/periods';
import { formatCount } from '../../lib/format';
import { formatDateRange } from '../../lib/time';

export interface ComparisonStatusProps {
  /** "Previous period", "Same period last year". */
  label: string;
  range: DateRange;
  query: Pick<UseQueryResult, 'fetchStatus' | 'error'>;
  pagesLoaded: number;
  /** Every page of the comparison is in. */
  complete: boolean;
  onRetry(): void;
}

export function ComparisonStatus({ label, range, query, pagesLoaded, complete, onRetry }: ComparisonStatusProps) {
  const dates = formatDateRange(range.start, range.end);
  const failed = query.error !== null && !complete && query.fetchStatus !== 'fetching';
  const text = failed
    ? `${label} (${dates}) did not load.`
    : !complete && query.fetchStatus === 'fetching'
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
