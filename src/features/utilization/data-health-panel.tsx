/**
 * Data health of one location over the page's range (analysis/coverage.ts): the share of the expected hourly windows
 * the API sent (`[data-kpi="data-coverage"]`, 0–1 in `data-value`), how long ago its latest window ended, and each
 * gap named in words on the location's clock ("no data Tue 3 Jun 00:00 – Wed 4 Jun 00:00"), the latest first.
 */
import { plural, t } from '@lingui/core/macro';

import type { Coverage } from '../../analysis/coverage';
import { formatAge, formatCount, percent } from '../../lib/format';
import { gapWords } from './gap-words';

/** Gaps named at most; the rest are counted. */
const GAPS_SHOWN = 8;

export function DataHealthPanel({ coverage, nowMs }: { coverage: Coverage; nowMs: number }) {
  const gaps = [...coverage.gaps].reverse();
  return (
    <section className="panel data-health" aria-label={t`Data`}>
      <h2>{t`Data`}</h2>
      <p data-kpi="data-coverage" data-value={coverage.share ?? ''}>
        {coverageWords(coverage, nowMs)}
      </p>
      {gaps.length === 0 ? (
        coverage.share !== null && <p className="hint">{t`No gaps.`}</p>
      ) : (
        <ul className="data-gaps" aria-label={t`Gaps in the data`}>
          {gaps.slice(0, GAPS_SHOWN).map((gap) => (
            <li key={gap.startWall}>{gapWords(gap)}</li>
          ))}
          {gaps.length > GAPS_SHOWN && <li>{plural(gaps.length - GAPS_SHOWN, { other: 'and # more' })}</li>}
        </ul>
      )}
    </section>
  );
}

/** "95.8 % of the 168 hourly windows expected came with data; the latest ended 2 min ago." */
function coverageWords(coverage: Coverage, nowMs: number): string {
  if (coverage.share === null) {
    if (coverage.latestMs === null) return t`No hourly window was expected yet.`;
    const age = formatAge(nowMs - coverage.latestMs);
    return t`No hourly window was expected yet; the latest ended ${age}.`;
  }
  const [share, expected] = [percent(coverage.share), formatCount(coverage.expected)];
  if (coverage.latestMs === null) return t`${share} of the ${expected} hourly windows expected came with data.`;
  const age = formatAge(nowMs - coverage.latestMs);
  return t`${share} of the ${expected} hourly windows expected came with data; the latest ended ${age}.`;
}
