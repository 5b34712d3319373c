/**
 * The compare page's table: one row per location (`tr[data-location-id]`), in the order given unless sorted by a
 * figure, each figure a `[data-kpi][data-value]` cell with the name and raw value of its location's own page, and
 * the change against the comparison period under it when one is on. Sorting is in the address (`sort`).
 */
import { t } from '@lingui/core/macro';

import { ErrorPanel } from '../../components/error-panel';
import { ScrollRegion } from '../../components/scroll-region';
import type { CompareColumn } from './compare-rows';
import type { ComparedLocation } from './use-compare-data';

export interface CompareSort {
  key: string;
  descending: boolean;
}

export function CompareTable(props: {
  columns: readonly CompareColumn[];
  locations: readonly ComparedLocation[];
  sort: CompareSort | null;
  onSort(key: string): void;
}) {
  const { columns, sort, onSort } = props;
  const rows = sortedLocations(props.locations, sort);
  return (
    <ScrollRegion label={t`Figures of each location`}>
      <table className="compare-table">
        <caption className="visually-hidden">{t`Figures of each location`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Location`}</th>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort?.key === column.key ? (sort.descending ? 'descending' : 'ascending') : undefined}
              >
                <button type="button" onClick={() => onSort(column.key)}>
                  {column.label}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((location) => (
            <tr key={location.locationId} data-location-id={location.locationId}>
              <th scope="row">{location.name}</th>
              {location.error ? (
                <td colSpan={columns.length}>
                  <ErrorPanel error={location.error} onRetry={location.retry} />
                </td>
              ) : (
                columns.map((column) => {
                  const cell = location.cells?.find((each) => each.key === column.key);
                  return (
                    <td key={column.key} data-kpi={column.key} data-value={cell?.value ?? ''} aria-busy={!cell}>
                      {cell ? cell.text : '…'}
                      {cell?.change !== undefined && <span className="figure-delta">{cell.change}</span>}
                    </td>
                  );
                })
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The rows in the order given, or by a figure (locations without it last, in the order given). */
export function sortedLocations(
  locations: readonly ComparedLocation[],
  sort: CompareSort | null,
): readonly ComparedLocation[] {
  if (!sort) return locations;
  const valueOf = (location: ComparedLocation) => location.cells?.find((cell) => cell.key === sort.key)?.value ?? null;
  return [...locations].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
    return sort.descending ? y - x : x - y;
  });
}

/** `sort=-average-utilization` → descending by it; anything else, the order given. */
export function parseSort(value: string | null, keys: readonly string[]): CompareSort | null {
  if (!value) return null;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return keys.includes(key) ? { key, descending } : null;
}
