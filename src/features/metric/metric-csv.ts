/**
 * A metric page as a CSV table (csv.ts): every window of every page, one row each.
 *
 * Timestamps are the API's own strings, so they keep the offsets the server gave them (ISO 8601 / RFC 3339).
 * Values are the parsed API values: utilization and availability as fractions (a 0..100 server's values are
 * scaled by api/), dwell times in the unit the server sends, named by `config.dwellTimeUnit`. Every column with a
 * unit names it in parentheses.
 */
import type { DwellUnit, Metric, MetricResponse, PointOf } from '../../api/schemas';
import { metaOf, type ExportContext } from '../../export/context';
import type { Cell, CsvTable } from '../../export/csv';

type MetricColumns<M extends Metric> = readonly (readonly [header: string, value: (point: PointOf<M>) => Cell])[];

function metricColumns(metric: Metric, dwellUnit: DwellUnit): MetricColumns<Metric> {
  const columns: { [M in Metric]: MetricColumns<M> } = {
    occupancy: [
      ['avg_occupancy (people)', (p) => p.avg_occupancy],
      ['avg_utilization (fraction)', (p) => p.avg_utilization_percentage],
      ['peak_occupancy (people)', (p) => p.peak_occupancy],
      ['peak_utilization (fraction)', (p) => p.peak_utilization_percentage],
    ],
    traffic: [['traffic (entries)', (p) => p.traffic]],
    dwell_time: [
      [`avg_dwell (${dwellUnit})`, (p) => p.avg_dwell_time],
      [`peak_dwell (${dwellUnit})`, (p) => p.peak_dwell_time],
    ],
    availability: [['availability (fraction)', (p) => p.availability_percentage]],
  };
  return columns[metric] as MetricColumns<Metric>;
}

/** Every window of every page, in the order the pages come (a walk's pages are in range order). */
export function metricTable(
  metric: Metric,
  pages: readonly MetricResponse[],
  context: ExportContext,
  dwellUnit: DwellUnit,
): CsvTable {
  const columns = metricColumns(metric, dwellUnit);
  const rows: Cell[][] = [];
  for (const page of pages) {
    for (const point of page.data as readonly PointOf<Metric>[]) {
      rows.push([point.window_start, point.window_end, ...columns.map(([, value]) => value(point))]);
    }
  }
  return {
    meta: metaOf(context, [['metric', metric]]),
    columns: ['window_start', 'window_end', ...columns.map(([header]) => header)],
    rows,
  };
}
