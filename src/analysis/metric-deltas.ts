/**
 * The change of a metric page's figures against a comparison period (`compare=previous|year`): each figure over
 * this period's windows less the same figure over the comparison period's windows, by analysis/figures.ts
 * `figureChange` (the rule the utilization page's changes follow: null when either side has no value). A figure
 * with a "when" (peak occupancy, busiest day, longest visit, least free) changes by its value; when it happened is
 * not compared. Pure.
 */
import { figureChange } from './figures';
import type { MetricFigure } from './metric-figures';

/** By figure key (`data-kpi`): current − previous in the figure's unit (a fraction's change is a fraction). */
export type MetricFigureDeltas = Readonly<Record<string, number | null>>;

export function compareMetricFigures(
  current: readonly Pick<MetricFigure, 'key' | 'value'>[],
  previous: readonly Pick<MetricFigure, 'key' | 'value'>[],
): MetricFigureDeltas {
  const before = new Map(previous.map((figure) => [figure.key, figure.value]));
  return Object.fromEntries(
    current.map((figure) => [figure.key, figureChange(figure.value, before.get(figure.key) ?? null)]),
  );
}
