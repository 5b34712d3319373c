/**
 * Loading progress ("page 12 of about 36"), when the data is from, and a refresh.
 */
import type { UseQueryResult } from '@tanstack/react-query';

import { formatInstantIn, zoneLabel, type LocationZone } from '../lib/time';

export interface SeriesStatusProps {
  query: Pick<UseQueryResult, 'fetchStatus' | 'dataUpdatedAt' | 'status'>;
  pagesLoaded: number;
  /** The pages on screen are a whole walk (the last one said has_more: false). */
  complete: boolean;
  estimatedPages: number;
  /** The location's clock: when the data is from is shown in it, labelled with it. */
  zone: LocationZone;
  onRefresh(): void;
}

export function SeriesStatus({ query, pagesLoaded, complete, estimatedPages, zone, onRefresh }: SeriesStatusProps) {
  const loading = query.fetchStatus === 'fetching';
  const about = Math.max(estimatedPages, pagesLoaded);
  return (
    <div className="series-status">
      <span role="status" aria-live="polite">
        {loading
          ? // Pages stream in on a first walk; a refresh keeps the whole old walk on screen until the new one is in.
            complete
            ? 'Refreshing…'
            : `Loading page ${pagesLoaded + 1} of about ${about}`
          : query.status === 'success'
            ? `${pagesLoaded} ${pagesLoaded === 1 ? 'page' : 'pages'} loaded`
            : ''}
      </span>
      {complete && query.dataUpdatedAt > 0 && (
        <span className="as-of">Data as of {formatInstant(query.dataUpdatedAt, zone)}</span>
      )}
      <button type="button" onClick={onRefresh} disabled={loading}>
        Refresh
      </button>
    </div>
  );
}

/** An instant on the location's clock, with its label: `18 Nov 2026 10:30 (America/New_York)`. */
function formatInstant(instantMs: number, zone: LocationZone): string {
  return `${formatInstantIn(zone, instantMs, 'd MMM yyyy HH:mm')} (${zoneLabel(zone)})`;
}
