/** The compare page's table as CSV: a row per location, each figure by its `data-kpi` name, raw. Loaded on click. */
import type { Cell } from '../../export/csv';
import { saveCsv } from '../../export/download';
import { slug } from '../../export/file-name';
import type { CompareColumn } from './compare-rows';
import type { ComparedLocation } from './use-compare-data';

export function saveCompareCsv(
  columns: readonly CompareColumn[],
  locations: readonly ComparedLocation[],
  view: { metric: string; interval: string; compare: string | null; currency: string | null },
): void {
  const rows = locations.map((location): Cell[] => [
    location.locationId,
    location.name,
    location.dates?.start,
    location.dates?.end,
    ...columns.map((column) => location.cells?.find((cell) => cell.key === column.key)?.value ?? null),
  ]);
  saveCsv(
    {
      meta: [
        ['view', 'compare'],
        ['metric', view.metric],
        ['interval', view.interval],
        ['compare', view.compare],
        ['currency', view.currency],
        ['exported_at', new Date().toISOString()],
      ],
      columns: ['location_id', 'location_name', 'range_start', 'range_end (inclusive)', ...columns.map((c) => c.key)],
      rows,
    },
    `compare-${slug(view.metric)}-${locations.map((location) => location.locationId).join('-')}.csv`,
  );
}
