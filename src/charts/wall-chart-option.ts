/**
 * A recipe's ECharts option (charts/wall-chart-recipe.ts), built by the same builders as every chart of the page, for a
 * recipe drawn on the page (panels/page-wall-chart.tsx). Apart from the recipe's
 * types, so that a page which only hands recipes to the worker does not load the builders.
 */
import type { EChartsCoreOption } from 'echarts/core';

import { buildCompareOption } from './compare-option';
import { buildMetricOption } from './metric-option';
import type { WallChartRecipe } from './wall-chart-recipe';
import { utilizationRecipeOption } from './utilization-recipe-option';

export function wallChartOption(recipe: WallChartRecipe): EChartsCoreOption {
  if (recipe.kind === 'metric') return buildMetricOption(recipe.metric, recipe.pages, recipe.context);
  if (recipe.kind === 'compare') return buildCompareOption(recipe.series, recipe.context);
  return utilizationRecipeOption(recipe);
}
