/**
 * The utilization page's CSVs (figures, spaces, busiest times), from what the panels hold to download. Loaded on
 * the first click (`import()`).
 */
import type { FigureKey } from '../analysis/figures';
import type { HeatmapCell, HeatmapMode } from '../analysis/heatmap';
import type { ViewContext } from './context';
import { saveCsv } from './download';
import { fileOf } from './file-of';
import { figuresTable, heatmapTable, spacesTable, type FiguresExport, type SpaceRow } from './utilization-tables';

export function saveFiguresCsv(data: FiguresExport, context: ViewContext): void {
  saveCsv(figuresTable(data, { ...context, exportedAtMs: Date.now() }), fileOf(context, 'utilization-figures', 'csv'));
}

export function saveSpacesCsv(spaces: readonly SpaceRow[], keys: readonly FigureKey[], context: ViewContext): void {
  const table = spacesTable(spaces, keys, { ...context, exportedAtMs: Date.now() });
  saveCsv(table, fileOf(context, 'utilization-spaces', 'csv'));
}

export function saveHeatmapCsv(cells: readonly HeatmapCell[], mode: HeatmapMode, context: ViewContext): void {
  const table = heatmapTable(cells, mode, { ...context, exportedAtMs: Date.now() });
  saveCsv(table, fileOf(context, 'utilization-busiest-times', 'csv'));
}
