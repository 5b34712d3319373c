/**
 * Loading progress ("Loading… 12 of about 36 parts", "Loaded 2 weeks of data"), that the API asked to slow down while
 * it does, when the data is from, and a refresh.
 */
import './series-status.css';
import { plural, t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';

import { daysBetweenInclusive, formatInstantIn, type LocationZone } from '../lib/time';
import { useSlowedDown, withSlowedDown } from './use-slowed-down';

export interface SeriesStatusProps {
  query: Pick<UseQueryResult, 'fetchStatus' | 'dataUpdatedAt' | 'status'>;
  pagesLoaded: number;
  /** The pages on screen are a whole walk (the last one said has_more: false). */
  complete: boolean;
  estimatedPages: number;
  /** The location's clock: when the data is from is shown in it. */
  zone: LocationZone;
  /** The dates asked for (inclusive), to say how much data is in. */
  range: { start: string; end: string };
  /** Every part of the range is in (the table loads one part at a time); true unless said. */
  allIn?: boolean;
  onRefresh(): void;
}

export function SeriesStatus(props: SeriesStatusProps) {
  const { query, pagesLoaded, complete, estimatedPages, zone, onRefresh } = props;
  const loading = query.fetchStatus === 'fetching';
  const slowedDown = useSlowedDown();
  return (
    <div className="series-status">
      <span role="status" aria-live="polite">
        {statusText({
          loading,
          complete,
          success: query.status === 'success',
          parts: pagesLoaded,
          estimatedParts: estimatedPages,
          days: daysIn(props.range),
          allIn: props.allIn ?? true,
          slowedDown,
        })}
      </span>
      {complete && query.dataUpdatedAt > 0 && (
        <span className="as-of">{asOf(formatInstant(query.dataUpdatedAt, zone))}</span>
      )}
      <button type="button" onClick={onRefresh} disabled={loading}>
        {t`Refresh`}
      </button>
    </div>
  );
}

/** `Data as of 18 Nov 2026 10:30`. */
function asOf(when: string): string {
  return t`Data as of ${when}`;
}

/** An instant on the location's clock (which the page's header names): `18 Nov 2026 10:30`. */
function formatInstant(instantMs: number, zone: LocationZone): string {
  return formatInstantIn(zone, instantMs, 'd MMM yyyy HH:mm');
}

/**
 * What the status line says: a refresh keeps the old data on screen ("Refreshing…"); a first load counts the
 * parts of the range (cursor pages) as they come in; either says when the API asked to slow down; once in, how much
 * data that is. Never "page": that is the API's word.
 */
export function statusText(state: {
  loading: boolean;
  complete: boolean;
  success: boolean;
  parts: number;
  estimatedParts: number;
  days: number;
  allIn: boolean;
  /** The API client's pace is slowed (api/pace.ts). */
  slowedDown?: boolean;
}): string {
  const { parts, days } = state;
  const about = Math.max(state.estimatedParts, parts);
  if (state.loading) {
    const text = state.complete
      ? t`Refreshing…`
      : t`Loading… ${parts} of about ${plural(about, { one: '# part', other: '# parts' })}`;
    return withSlowedDown(text, state.slowedDown === true);
  }
  if (!state.success) return '';
  if (!state.allIn) return plural(parts, { one: 'Loaded # part so far', other: 'Loaded # parts so far' });
  const span = describeSpan(days);
  return parts > 1 ? t`Loaded ${span} of data in ${plural(parts, { other: '# parts' })}` : t`Loaded ${span} of data`;
}

/** `1 day`, `5 days`, `2 weeks`, `365 days`. */
export function describeSpan(days: number): string {
  if (days >= 7 && days % 7 === 0 && days <= 70) return plural(days / 7, { one: '# week', other: '# weeks' });
  return plural(days, { one: '# day', other: '# days' });
}

function daysIn(range: { start: string; end: string }): number {
  return daysBetweenInclusive(range.start, range.end);
}
