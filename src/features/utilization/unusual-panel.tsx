/**
 * Whether the period's average utilization is unusual for these dates (analysis/unusual.ts): against the same dates
 * in each of the 8 weeks before, flagged above or below their middle half. `[data-kpi="usual-average-utilization"]`
 * carries the weeks' median in `data-value` and the verdict in `data-verdict`.
 */
import { t } from '@lingui/core/macro';

import { UNUSUAL_WEEKS, type UnusualValue } from '../../analysis/unusual';
import { percent } from '../../lib/format';

export function UnusualPanel(props: { current: number | null; usual: UnusualValue | null | undefined }) {
  const { current, usual } = props;
  const weeks = UNUSUAL_WEEKS;
  return (
    <section className="panel unusual" aria-label={t`Usual for these dates`}>
      <h2>{t`Usual for these dates`}</h2>
      {usual === undefined ? (
        <p className="hint">{t`Reading the ${weeks} weeks before…`}</p>
      ) : usual === null || current === null ? (
        <p className="hint">{t`Not enough of the ${weeks} weeks before have data to say what is usual.`}</p>
      ) : (
        <p data-kpi="usual-average-utilization" data-value={usual.median} data-verdict={usual.verdict}>
          {verdictWords(current, usual)}
        </p>
      )}
    </section>
  );
}

/**
 * "Unusually high: 45.0 % average utilization, against 30.0 % usually (25.0 %–35.0 %, the middle half of the same
 * dates in the 8 weeks before)."
 */
function verdictWords(current: number, usual: UnusualValue): string {
  const [now, median, low, high] = [percent(current), percent(usual.median), percent(usual.low), percent(usual.high)];
  const weeks = UNUSUAL_WEEKS;
  switch (usual.verdict) {
    case 'above':
      return t`Unusually high: ${now} average utilization, against ${median} usually (${low}–${high}, the middle half of the same dates in the ${weeks} weeks before).`;
    case 'below':
      return t`Unusually low: ${now} average utilization, against ${median} usually (${low}–${high}, the middle half of the same dates in the ${weeks} weeks before).`;
    default:
      return t`As usual: ${now} average utilization, against ${median} usually (${low}–${high}, the middle half of the same dates in the ${weeks} weeks before).`;
  }
}
