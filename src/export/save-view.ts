/**
 * A view's file, from table to download: what the buttons call, loaded on the first click (pages import this
 * module with `import()`, so its code is not part of any page's first load).
 */
import type { WalkedPage } from '../api/filter-fallback';
import type { DwellUnit, Metric } from '../api/schemas';
import type { HeatmapCell, HeatmapMode } from '../analysis/heatmap';
import type { FigureKey } from '../analysis/figures';
import type { CsvTable } from './csv';
import { chartPng, saveBlob, saveCsv, type ChartPicture } from './download';
import { exportFileName } from './file-name';
import {
  figuresTable,
  heatmapTable,
  metricTable,
  spacesTable,
  type ExportContext,
  type FiguresExport,
  type SpaceRow,
} from './tables';

/** What a page knows about its view; the time of the export is added on click. */
export type ViewContext = Omit<ExportContext, 'exportedAtMs'>;

function fileName(context: ViewContext, what: string, extension: 'csv' | 'png'): string {
  const { locationId, locationName, start, end } = context;
  return exportFileName({ locationId, locationName, what, start, end, extension });
}

function save(table: CsvTable, context: ViewContext, what: string): void {
  saveCsv(table, fileName(context, what, 'csv'));
}

/**
 * The metric page: every window of every page. The name, capacity and the filters the server applied come from
 * the first page (what the rows are), over what the page knew before.
 */
export function saveMetricCsv(args: {
  metric: Metric;
  /** The URL segment: `dwell-time`. */
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
  save(metricTable(metric, pages, context, dwellUnit), context, slug);
}

export function saveFiguresCsv(data: FiguresExport, context: ViewContext): void {
  save(figuresTable(data, { ...context, exportedAtMs: Date.now() }), context, 'utilization-figures');
}

export function saveSpacesCsv(spaces: readonly SpaceRow[], keys: readonly FigureKey[], context: ViewContext): void {
  save(spacesTable(spaces, keys, { ...context, exportedAtMs: Date.now() }), context, 'utilization-spaces');
}

export function saveHeatmapCsv(cells: readonly HeatmapCell[], mode: HeatmapMode, context: ViewContext): void {
  save(heatmapTable(cells, mode, { ...context, exportedAtMs: Date.now() }), context, 'utilization-busiest-times');
}

/** A chart as PNG (`what` names it: `occupancy`, `utilization-over-time`), on the theme's panel colour. */
export function saveChartPng(chart: ChartPicture, backgroundColor: string, context: ViewContext, what: string): void {
  saveBlob(chartPng(chart, backgroundColor), fileName(context, what, 'png'));
}
