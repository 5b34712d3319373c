/**
 * The answer above the table, in words and numbers, over the spaces listed (locations with nothing below them):
 * how many are under-used, how many reach near full at peak, what capacity the portfolio needs against what it
 * has, and the busiest and emptiest. Every number is summarizePortfolio's (analysis/portfolio.ts), and each
 * carries `data-summary` and `data-value` for tests and tools.
 */
import { Link } from 'react-router';

import type { PortfolioBands, PortfolioSummary } from '../../analysis/portfolio';
import { formatCount, percent } from '../../lib/format';

export function PortfolioSummaryPanel(props: { summary: PortfolioSummary; bands: PortfolioBands; linkSearch: string }) {
  const { summary, bands, linkSearch } = props;
  const { spaces, loaded } = summary;
  const of = `of ${formatCount(loaded)} ${loaded === 1 ? 'space' : 'spaces'}`;
  const link = (space: { locationId: number; name: string }) => (
    <Link to={{ pathname: `/locations/${space.locationId}/utilization`, search: linkSearch }}>{space.name}</Link>
  );
  return (
    <section className="panel portfolio-summary" aria-label="Portfolio summary">
      <h2>At a glance</h2>
      {spaces === 0 ? (
        <p>No space is listed.</p>
      ) : (
        <ul className="summary-lines">
          <li data-summary="under-used" data-value={summary.underUsed}>
            <strong>{formatCount(summary.underUsed)}</strong> {of} are under {percent(bands.underUsedBelow)} average
            utilization.
          </li>
          <li data-summary="near-full" data-value={summary.nearFull}>
            <strong>{formatCount(summary.nearFull)}</strong> {of} reach {percent(bands.nearFullAt)} or more at peak.
          </li>
          <li data-summary="right-size" data-value={summary.rightSize} data-capacity={summary.capacity}>
            The portfolio needs <strong>{formatCount(summary.rightSize)}</strong> of its {formatCount(summary.capacity)}{' '}
            places in 95 % of open hours.
          </li>
          {summary.busiest && summary.emptiest && (
            <li data-summary="extremes">
              Busiest: {link(summary.busiest)} ({percent(summary.busiest.averageUtilization)} on average); emptiest:{' '}
              {link(summary.emptiest)} ({percent(summary.emptiest.averageUtilization)}).
            </li>
          )}
        </ul>
      )}
      {loaded < spaces && (
        <p className="hint" data-summary="loaded" data-value={loaded}>
          So far {formatCount(loaded)} of {formatCount(spaces)} spaces; the rest are loading.
        </p>
      )}
    </section>
  );
}
