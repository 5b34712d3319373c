/**
 * The period a panel covers, beside its heading ("Busiest times · last 7 days"): where no filter bar says it, as on
 * the kiosk, or where a panel shows another day than the rest.
 */
import './panel-period.css';

export function PanelPeriod({ period }: { period: string | null | undefined }) {
  return period ? (
    <span className="panel-period">
      <span className="panel-period-separator"> · </span>
      {period}
    </span>
  ) : null;
}
