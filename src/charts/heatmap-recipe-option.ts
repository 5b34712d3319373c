/**
 * A heatmap recipe's option (charts/wall-chart-recipe.ts): on the page (charts/wall-chart-option.ts), and in the chart
 * worker, which loads it, with the heatmap's ECharts parts, when it first draws a heatmap (a metric page draws none).
 */
import type { EChartsCoreOption } from 'echarts/core';

import { buildHeatmapOption } from './heatmap-option';
import { heatmapDayName, type WallChartRecipe } from './wall-chart-recipe';

export function heatmapRecipeOption(recipe: Extract<WallChartRecipe, { kind: 'heatmap' }>): EChartsCoreOption {
  return buildHeatmapOption(recipe.cells, { ...recipe.context, dayName: heatmapDayName });
}
