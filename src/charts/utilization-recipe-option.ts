/**
 * The option of a recipe of the utilization views (charts/wall-chart-recipe.ts: the heatmap, utilization over time,
 * the spaces' small multiples, the distribution): on the page (charts/wall-chart-option.ts), and in the chart worker,
 * which loads it, with those charts' ECharts parts, when it first draws one (a metric page draws none).
 */
import type { EChartsCoreOption } from 'echarts/core';

import { buildDistributionOption } from './distribution-option';
import { buildHeatmapOption } from './heatmap-option';
import { buildSmallMultiplesOption } from './small-multiples-option';
import { buildUtilizationOverTimeOption } from './utilization-options';
import { heatmapDayName, type WallChartRecipe } from './wall-chart-recipe';

export function utilizationRecipeOption(
  recipe: Exclude<WallChartRecipe, { kind: 'metric' | 'compare' }>,
): EChartsCoreOption {
  switch (recipe.kind) {
    case 'heatmap':
      return buildHeatmapOption(recipe.cells, { ...recipe.context, dayName: heatmapDayName });
    case 'utilization':
      return buildUtilizationOverTimeOption(recipe.points, recipe.context);
    case 'small-multiples':
      return buildSmallMultiplesOption(recipe.spaces, recipe.context);
    case 'distribution':
      return buildDistributionOption(recipe.bins);
  }
}
