/**
 * The spaces inside a location (its children, through `parent_id`), side by side: the headline figures of each,
 * sortable, each row linking to the child's own page. Rows fill in as their series arrive; every request goes
 * through the API client's one limiter (api/client.ts), so a building of 200 rooms never fires 200 requests at
 * once.
 */
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { Link } from '../lib/router/links';

import { FIGURE_DEFINITIONS, type FigureKey, type Figures } from '../analysis/figures';
import type { LocationRecord } from '../api/schemas';
import { DownloadButton } from '../export/download-button';
import type { ViewContext } from '../export/context';
import { formatCount } from '../lib/format';
import { describeFigure } from './figures-panel';
import { Panel } from '../components/panel-header';
import { ScrollRegion } from '../components/scroll-region';

/** The figures a row shows, in order. */
const COLUMNS: readonly FigureKey[] = [
  'average-utilization',
  'peak-utilization',
  'peak-occupancy',
  'in-use-share',
  'total-entries',
  'right-size-p95',
];

export interface ChildRow {
  record: LocationRecord;
  figures: Figures | undefined;
  error: Error | null;
}

export function ChildrenPanel({
  rows,
  search,
  exportAs,
}: {
  rows: readonly ChildRow[];
  search: string;
  /** Offers the table as CSV (not on the kiosk). */
  exportAs?: ViewContext;
}) {
  const [sort, setSort] = useState<{ key: FigureKey | 'name'; descending: boolean }>({
    key: 'average-utilization',
    descending: true,
  });
  const sorted = useMemo(() => sortRows(rows, sort.key, sort.descending), [rows, sort]);
  const loaded = rows.filter((row) => row.figures || row.error).length;
  const press = (key: FigureKey | 'name') =>
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : key !== 'name' }));
  const ariaSort = (key: FigureKey | 'name') =>
    sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined;

  return (
    <Panel
      title={t`Spaces in this location`}
      className="children-panel"
      actions={
        exportAs && (
          <DownloadButton
            label={t`Download spaces as CSV`}
            unavailable={loaded < rows.length ? t`The spaces are still loading.` : null}
            onDownload={async () => {
              const { saveSpacesCsv } = await import('../export/save-utilization');
              // In the order shown.
              const spaces = sorted.map((row) => ({
                locationId: row.record.location_id,
                name: row.record.name,
                capacity: row.record.capacity,
                status: row.record.status,
                figures: row.figures,
                failed: row.error !== null,
              }));
              saveSpacesCsv(spaces, COLUMNS, exportAs);
            }}
          />
        )
      }
    >
      <p role="status">
        {loaded < rows.length
          ? t`Loading figures: ${loaded} of ${plural(rows.length, { one: '# space', other: '# spaces' })}`
          : plural(rows.length, { one: '# space', other: '# spaces' })}
      </p>
      <ScrollRegion label={t`Spaces table`}>
        <table>
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort('name')}>
                <button type="button" onClick={() => press('name')}>
                  {t`Space`}
                </button>
              </th>
              {COLUMNS.map((key) => (
                <th scope="col" key={key} aria-sort={ariaSort(key)}>
                  <button type="button" onClick={() => press(key)}>
                    {i18n._(FIGURE_DEFINITIONS[key].label)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={row.record.location_id} data-location-id={row.record.location_id}>
                <th scope="row">
                  <Link to={{ pathname: `/locations/${row.record.location_id}/utilization`, search }}>
                    {row.record.name}
                  </Link>
                </th>
                {COLUMNS.map((key) => (
                  <td
                    key={key}
                    data-kpi={key}
                    data-value={row.figures ? String(row.figures[FIGURE_DEFINITIONS[key].field] ?? '') : ''}
                  >
                    {row.error
                      ? t`failed to load`
                      : row.figures
                        ? describeCell(key, row.figures, row.record.capacity)
                        : t`loading…`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Panel>
  );
}

function describeCell(key: FigureKey, figures: Figures, capacity: number): string {
  if (key === 'right-size-p95') {
    const value = figures.rightSizeP95;
    if (value === null) return t`no data`;
    const [needed, of] = [formatCount(value), formatCount(capacity)];
    return t`${needed} of ${of}`;
  }
  return describeFigure(key, figures, capacity);
}

/** Rows by a figure (rows without it last, whatever the direction) or by name. */
function sortRows(rows: readonly ChildRow[], key: FigureKey | 'name', descending: boolean): ChildRow[] {
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (key === 'name') return direction * a.record.name.localeCompare(b.record.name, 'en');
    const field = FIGURE_DEFINITIONS[key].field;
    const x = a.figures?.[field] ?? null;
    const y = b.figures?.[field] ?? null;
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return direction * (x - y);
  });
}
