/**
 * What the server applied (its echo of hours and days), and whether it differs from what was asked.
 */
import './applied-filters.css';
import { t } from '@lingui/core/macro';

import type { WalkedPage } from '../api/filter-fallback';
import { describeDays, describeHours } from '../filters/filter-words';
import type { Filters } from '../filters/model';

/** Which of the hours and days the server applied are not the ones asked for. */
function differences(filters: Filters, applied: WalkedPage): { hours: boolean; days: boolean } {
  const daysAsked = filters.days ? [...filters.days].sort().join('') : null;
  return {
    hours:
      (filters.startHour !== null && filters.startHour !== applied.hour_range.start) ||
      (filters.endHour !== null && filters.endHour !== applied.hour_range.end),
    days: daysAsked !== null && daysAsked !== [...new Set(applied.days_of_week)].sort().join(''),
  };
}

/** The server applied other hours or days than the filters ask for. */
export function appliedDiffers(filters: Filters, applied: WalkedPage): boolean {
  const differ = differences(filters, applied);
  return differ.hours || differ.days;
}

export function AppliedFilters({ filters, applied }: { filters: Filters; applied: WalkedPage }) {
  const hours = describeHours(applied.hour_range);
  const days = describeDays(applied.days_of_week);
  const { hours: hoursDiffer, days: daysDiffer } = differences(filters, applied);
  const source =
    filters.startHour === null && filters.endHour === null && filters.days === null
      ? t`location’s operating hours and days`
      : filters.startHour === null && filters.endHour === null
        ? t`location’s operating hours`
        : filters.days === null
          ? t`location’s operating days`
          : t`as filtered`;
  const interval = applied.interval;
  return (
    <p className="applied" aria-label={t`Applied by the server`}>
      {t`Showing ${hours}, ${days} (${source})`}
      {(hoursDiffer || daysDiffer) && (
        <strong className="differs" role="note">
          {' '}
          {hoursDiffer && daysDiffer
            ? t`— the server applied other hours and other days than asked`
            : hoursDiffer
              ? t`— the server applied other hours than asked`
              : t`— the server applied other days than asked`}
        </strong>
      )}
      {applied.filteredLocally && (
        <span className="hint" role="note">
          {' '}
          {t`— this server does not filter ${interval} windows by hour or day, so they were filtered in the browser, within the location’s operating hours and days`}
        </span>
      )}
    </p>
  );
}
