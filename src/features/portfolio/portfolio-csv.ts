/**
 * The portfolio as CSV (csv.ts): the table as shown, in its order (filters, branch, search and sort applied), one
 * row per location, values unrounded as analysis/portfolio.ts computed them, every column with a unit naming it.
 * Loaded on the first click.
 */
import { capacitySurplus, type PortfolioFigures } from '../../analysis/portfolio';
import type { CsvTable, MetaEntry } from '../../export/csv';
import { saveCsv } from '../../export/download';
import { exportFileName } from '../../export/file-name';

export interface PortfolioExportRow {
  locationId: number;
  name: string;
  /** Names from the root down to the parent. */
  path: readonly string[];
  parentId: number | null;
  status: string;
  capacity: number;
  /** The live reading; `open` false when the place is closed (its people then left out: closed is not zero). */
  now: { people: number | null; at: string | null; open?: boolean | null } | undefined;
  figures: PortfolioFigures | undefined;
  /** The dates the figures cover, on the location's calendar. */
  start: string | undefined;
  end: string | undefined;
  state: 'loaded' | 'loading' | 'failed';
}

export interface PortfolioExportContext {
  /** The URL's filter and portfolio parameters, as they read (`range=7d`, `sort=-average-utilization`). */
  parameters: readonly (readonly [string, string])[];
  exportedAtMs: number;
}

export function portfolioTable(rows: readonly PortfolioExportRow[], context: PortfolioExportContext): CsvTable {
  const meta: MetaEntry[] = [
    ['view', 'portfolio'],
    ['series', 'occupancy 60min of the range and of the previous period'],
    ...context.parameters.map(([key, value]): MetaEntry => [`parameter ${key}`, value]),
    ['rows', rows.length],
    ['exported_at', new Date(context.exportedAtMs).toISOString()],
  ];
  return {
    meta,
    columns: [
      'location_id',
      'name',
      'path',
      'parent_id',
      'status',
      'state',
      'capacity (people)',
      'occupancy_now (people; empty when closed)',
      'occupancy_now_at',
      'open_now',
      'range_start',
      'range_end (inclusive)',
      'average_utilization (fraction)',
      'peak_utilization (fraction)',
      'right_size_p95 (people)',
      'capacity_surplus (places; negative: short)',
      'average_utilization_change (fraction points)',
    ],
    rows: rows.map((row) => [
      row.locationId,
      row.name,
      row.path.join(' > '),
      row.parentId,
      row.status,
      row.state,
      row.capacity,
      row.now?.open === false ? null : row.now?.people,
      row.now?.at,
      row.now?.open === undefined || row.now.open === null ? null : String(row.now.open),
      row.start,
      row.end,
      row.figures?.averageUtilization,
      row.figures?.peakUtilization,
      row.figures?.rightSizeP95,
      row.figures && capacitySurplus(row.figures),
      row.figures?.averageUtilizationChange,
    ]),
  };
}

export function savePortfolioCsv(
  rows: readonly PortfolioExportRow[],
  parameters: PortfolioExportContext['parameters'],
) {
  const exportedAtMs = Date.now();
  const table = portfolioTable(rows, { parameters, exportedAtMs });
  const date = new Date(exportedAtMs).toISOString().slice(0, 10);
  saveCsv(
    table,
    exportFileName({ locationId: 0, locationName: 'portfolio', what: '', start: date, end: date, extension: 'csv' }),
  );
}
