/**
 * Loading progress ("page 12 of about 36"), when the data is from, and a refresh.
 */
import type { UseQueryResult } from '@tanstack/react-query';

export interface SeriesStatusProps {
  query: Pick<UseQueryResult, 'fetchStatus' | 'dataUpdatedAt' | 'isFetched' | 'status'>;
  pagesLoaded: number;
  estimatedPages: number;
  onRefresh(): void;
}

export function SeriesStatus({ query, pagesLoaded, estimatedPages, onRefresh }: SeriesStatusProps) {
  const loading = query.fetchStatus === 'fetching';
  const about = Math.max(estimatedPages, pagesLoaded);
  return (
    <div className="series-status">
      <span role="status" aria-live="polite">
        {loading
          ? query.isFetched
            ? 'Refreshing…'
            : `Loading page ${pagesLoaded + 1} of about ${about}`
          : query.status === 'success'
            ? `${pagesLoaded} ${pagesLoaded === 1 ? 'page' : 'pages'} loaded`
            : ''}
      </span>
      {query.dataUpdatedAt > 0 && (
        <span className="as-of">Data as of {new Date(query.dataUpdatedAt).toLocaleString()}</span>
      )}
      <button type="button" onClick={onRefresh} disabled={loading}>
        Refresh
      </button>
    </div>
  );
}
