/**
 * Whether the period's average utilization is unusual for these dates (analysis/unusual.ts): against the same dates
 * in each of the 8 weeks before, flagged above or below their middle half. `[data-kpi="usual-average-utilization"]`
 * carries the weeks' median in `data-value` and the verdict in `data-verdict`.
 */
import { UNUSUAL_WEEKS, type UnusualValue } from '../../analysis/unusual';
import { percent } from '../../lib/format';

export function UnusualPanel(props: { current: number | null; usual: UnusualValue | null | undefined }) {
  const { current, usual } = props;
  return (
    <section className="panel unusual" aria-label="Usual for these dates">
      <h2>Usual for these dates</h2>
      {usual === undefined ? (
        <p className="hint">Reading the {UNUSUAL_WEEKS} weeks before…</p>
      ) : usual === null || current === null ? (
        <p className="hint">Not enough of the {UNUSUAL_WEEKS} weeks before have data to say what is usual.</p>
      ) : (
        <p data-kpi="usual-average-utilization" data-value={usual.median} data-verdict={usual.verdict}>
          {usual.verdict === 'above'
            ? `Unusually high: ${percent(current)} average utilization`
            : usual.verdict === 'below'
              ? `Unusually low: ${percent(current)} average utilization`
              : `As usual: ${percent(current)} average utilization`}
          , against {percent(usual.median)} usually ({percent(usual.low)}–{percent(usual.high)}, the middle half of the
          same dates in the {UNUSUAL_WEEKS} weeks before).
        </p>
      )}
    </section>
  );
}
