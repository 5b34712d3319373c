/**
 * Data health of one location over the page's range (analysis/coverage.ts): the share of the expected hourly windows
 * the API sent (`[data-kpi="data-coverage"]`, 0–1 in `data-value`), how long ago its latest window ended, and each
 * gap named in words on the location's clock ("no data Tue 3 Jun 00:00 – Wed 4 Jun 00:00"), the latest first.
 */
import { gapWords, type Coverage } from '../../analysis/coverage';
import { formatAge, formatCount, percent } from '../../lib/format';

/** Gaps named at most; the rest are counted. */
const GAPS_SHOWN = 8;

export function DataHealthPanel({ coverage, nowMs }: { coverage: Coverage; nowMs: number }) {
  const gaps = [...coverage.gaps].reverse();
  return (
    <section className="panel data-health" aria-label="Data">
      <h2>Data</h2>
      <p data-kpi="data-coverage" data-value={coverage.share ?? ''}>
        {coverage.share === null
          ? 'No hourly window was expected yet.'
          : `${percent(coverage.share)} of the ${formatCount(coverage.expected)} hourly windows expected came with data`}
        {coverage.latestMs !== null && `; the latest ended ${formatAge(nowMs - coverage.latestMs)}`}.
      </p>
      {gaps.length === 0 ? (
        coverage.share !== null && <p className="hint">No gaps.</p>
      ) : (
        <ul className="data-gaps" aria-label="Gaps in the data">
          {gaps.slice(0, GAPS_SHOWN).map((gap) => (
            <li key={gap.startWall}>{gapWords(gap)}</li>
          ))}
          {gaps.length > GAPS_SHOWN && <li>and {formatCount(gaps.length - GAPS_SHOWN)} more</li>}
        </ul>
      )}
    </section>
  );
}
