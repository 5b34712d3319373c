/**
 * The portfolio table's status line: how many locations are listed, how many are ranked or have their figures so
 * far (and that the API asked to slow down, while it waits), how many failed with a Retry, and a server without live
 * readings. A live region: a screen reader hears it as rows arrive.
 */
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
        {formatCount(listed)} {listed === 1 ? 'location' : 'locations'}
      </span>
      {sort && sort.key !== 'name' && listing.loading > 0
        ? withSlowedDown(
            `; ranked ${formatCount(listing.ranked)} of ${formatCount(listed)}, ${formatCount(listing.loading)} loading`,
            slowedDown,
          )
        : loaded < listed
          ? withSlowedDown(`; figures for ${formatCount(loaded)} so far`, slowedDown)
          : ''}
      {failed > 0 && (
        <>
          {`; ${formatCount(failed)} failed to load `}
          <button type="button" className="quiet-button" onClick={onRetry}>
            Retry
          </button>
        </>
      )}
      {liveOffered === false && '; this server gives no live readings'}
    </p>
  );
}
