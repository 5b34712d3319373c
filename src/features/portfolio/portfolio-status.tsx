/**
 * The portfolio table's status line: how many locations are listed, how many are ranked or have their figures so
 * far (and that the API asked to slow down, while it waits), how many failed with a Retry, and a server without live
 * readings. A live region: a screen reader hears it as rows arrive. And the branch the table shows.
 */
import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';

import { BOLD } from '../../lib/escape-html';
import { formatCount } from '../../lib/format';
import { useSlowedDown, withSlowedDown } from '../../views/use-slowed-down';
import type { PortfolioSort } from './portfolio-params';
import type { Listing } from './portfolio-list';
import type { TableRow } from './table-row';

export function PortfolioStatus(props: {
  listing: Listing;
  rows: readonly TableRow[];
  sort: PortfolioSort | null;
  /** False once the server has shown it gives no live readings. */
  liveOffered: boolean | undefined;
  onRetry(): void;
}) {
  const { listing, rows, sort, liveOffered, onRetry } = props;
  const slowedDown = useSlowedDown();
  const listed = listing.entries.length;
  const loaded = rows.filter((row) => row.figures && !row.kept).length;
  const failed = rows.filter((row) => row.failed).length;
  return (
    <p role="status" className="series-status">
      <span data-portfolio-count data-value={listed}>
        {plural(listed, { one: '# location', other: '# locations' })}
      </span>
      {sort && sort.key !== 'name' && listing.loading > 0
        ? withSlowedDown(ranked(listing.ranked, listed, listing.loading), slowedDown)
        : loaded < listed
          ? withSlowedDown(figuresSoFar(loaded), slowedDown)
          : ''}
      {failed > 0 && (
        <>
          {failedToLoad(failed)}{' '}
          <button type="button" className="quiet-button" onClick={onRetry}>
            {t`Retry`}
          </button>
        </>
      )}
      {liveOffered === false && t`; this server gives no live readings`}
    </p>
  );
}

/** `; ranked 12 of 40, 28 loading`. */
function ranked(count: number, listed: number, loading: number): string {
  const [done, of, waiting] = [formatCount(count), formatCount(listed), formatCount(loading)];
  return t`; ranked ${done} of ${of}, ${waiting} loading`;
}

/** `; figures for 12 so far`. */
function figuresSoFar(loaded: number): string {
  const count = formatCount(loaded);
  return t`; figures for ${count} so far`;
}

/** `; 2 failed to load`. */
function failedToLoad(failed: number): string {
  const count = formatCount(failed);
  return t`; ${count} failed to load`;
}

/** `Showing Main Campus and what is in it`, the name in bold. */
export function showingBranch(branch: string): ReactNode {
  const name = BOLD[0];
  const [before, after] = t`Showing ${name} and what is in it`.split(name);
  return (
    <>
      {before}
      <strong>{branch}</strong>
      {after}
    </>
  );
}
