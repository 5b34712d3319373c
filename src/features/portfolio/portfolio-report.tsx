/**
 * The portfolio's ways out of itself: the locations checked for comparison and the link that opens them side by side
 * (`/compare`), and its printed report: the print header, and the table's first PRINTED_ROWS rows as a plain table
 * (the table on screen draws only the rows in view), then how many more there are.
 */
import { plural, t } from '@lingui/core/macro';
import { useCallback, useState } from 'react';
import { Link } from '../../lib/router/links';

import type { LocationRecord } from '../../api/schemas';
import type { Filters } from '../../filters/model';
import { formatPoints, percent } from '../../lib/format';
import { formatDateRange } from '../../lib/time';
import { compareSearch } from '../../views/compare-link';
import { usePrinting } from '../../views/use-printing';
import { PrintHeaderSlot } from '../../views/print-slot';
import type { PrintedView } from '../../views/print-words';
import type { TableRow } from './table-row';

/** At most this many rows are printed; the report says how many more the portfolio lists. */
export const PRINTED_ROWS = 200;
const MAX_COMPARED = 8;

/** The locations checked for comparison, in the order checked, and a toggle. */
export function useChosen(): [readonly number[], (id: number) => void] {
  const [chosen, setChosen] = useState<readonly number[]>([]);
  const toggle = useCallback(
    (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id])),
    [],
  );
  return [chosen, toggle];
}

export function CompareChosen(props: {
  chosen: readonly number[];
  records: ReadonlyMap<number, LocationRecord>;
  search: string;
}) {
  const { chosen, records, search } = props;
  if (chosen.length === 0) return null;
  const names = chosen.map((id) => records.get(id)?.name ?? `${id}`).join(', ');
  return (
    <p className="compare-chosen" role="status">
      {plural(chosen.length, { one: '# location checked', other: '# locations checked' })}: {names}.{' '}
      {chosen.length >= 2 && chosen.length <= MAX_COMPARED ? (
        <Link to={{ pathname: '/compare', search: compareSearch(chosen, search) }}>{t`Compare`}</Link>
      ) : (
        <span className="hint">{t`Check 2 to 8 locations to compare them.`}</span>
      )}
    </p>
  );
}

export function PortfolioPrint(props: { rows: readonly TableRow[]; filters: Filters; under: string | null }) {
  const printing = usePrinting();
  const { rows, filters } = props;
  const range = rows.find((row) => row.range)?.range;
  const view: PrintedView = {
    locations: [props.under ?? t`All locations`],
    dates: range ? { start: range.start, end: range.end } : null,
    filters,
    showsInterval: false,
    zones: [t`each location’s own time zone`],
    compare: null,
  };
  const printed = rows.slice(0, PRINTED_ROWS);
  const more = rows.length - printed.length;
  return (
    <>
      <PrintHeaderSlot title={t`Portfolio`} view={view} />
      {printing && (
        <div className="print-only portfolio-print">
          <table>
            <thead>
              <tr>
                <th scope="col">{t`Location`}</th>
                <th scope="col">{t`Average utilization`}</th>
                <th scope="col">{t`Peak utilization`}</th>
                <th scope="col">{t`Change`}</th>
                <th scope="col">{t`Dates`}</th>
              </tr>
            </thead>
            <tbody>
              {printed.map(({ entry, figures, range: dates }) => (
                <tr key={entry.record.location_id} data-location-id={entry.record.location_id}>
                  <th scope="row">{entry.path.join(' › ')}</th>
                  <td>{figures?.averageUtilization == null ? '—' : percent(figures.averageUtilization)}</td>
                  <td>{figures?.peakUtilization == null ? '—' : percent(figures.peakUtilization)}</td>
                  <td>
                    {figures?.averageUtilizationChange == null ? '—' : formatPoints(figures.averageUtilizationChange)}
                  </td>
                  <td>{dates ? formatDateRange(dates.start, dates.end) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more > 0 && <p>{plural(more, { one: 'and # more location', other: 'and # more locations' })}</p>}
        </div>
      )}
    </>
  );
}
