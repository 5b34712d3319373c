/**
 * The metric page's CSV, from pages to download. Loaded on the first click (`import()`), so no page ships it up
 * front.
 */
import type { WalkedPage } from '../../api/filter-fallback';
import type { DwellUnit, Metric } from '../../api/schemas';
import type { ExportContext, ViewContext } from '../../export/context';
import { saveCsv } from '../../export/download';
import { fileOf } from '../../export/file-of';
import { metricTable } from './metric-csv';

/**
 * Every window of every page. The name, capacity and the filters the server applied come from the first page
 * (what the rows are), over what the page knew before.
 */
export function saveMetricCsv(args: {
  metric: Metric;
  /** The URL segment, for the file name: `dwell-time`. */
  slug: string;
  pages: readonly WalkedPage[];
  context: ViewContext;
  dwellUnit: DwellUnit;
}): void {
  const { metric, slug, pages, dwellUnit } = args;
  const first = pages[0];
  const context: ExportContext = {
    ...args.context,
    ...(first && {
      locationName: first.name,
      capacity: first.capacity,
      applied: { hours: first.hour_range, days: first.days_of_week, filteredInBrowser: first.filteredLocally },
    }),
    exportedAtMs: Date.now(),
  };
  saveCsv(metricTable(metric, pages, context, dwellUnit), fileOf(context, slug, 'csv'));
}
