import type { LocationRecord } from '../api/schemas';
import type { TableRow } from '../features/portfolio/table-row';
import { toTree } from '../locations/location-tree';

/** The portfolio table's rows of `records` in tree order, none loaded yet, as the page builds them before answers. */
export function loadingRows(records: readonly LocationRecord[]): TableRow[] {
  const parents = new Set(records.map((record) => record.parent_id));
  return toTree(records).map((entry) => ({
    entry,
    figures: undefined,
    range: undefined,
    kept: false,
    failed: false,
    now: undefined,
    hasChildren: parents.has(entry.record.location_id),
  }));
}
