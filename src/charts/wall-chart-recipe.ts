/**
 * A wall screen's chart as data: what to draw (a recipe) instead of an ECharts option, whose formatters are
 * functions and cannot be sent to a worker. The kiosk's charts are drawn from recipes in a worker
 * (charts/wall-chart-worker.ts) where the browser can, and on the page where it cannot (panels/wall-chart.tsx); either
 * way the option is built here, by the same builders as a page's charts.
 */
import type { Messages } from '@lingui/core';
import type { EChartsCoreOption } from 'echarts/core';

import type { MetricResponse } from '../api/schemas';
import { weekdayName } from '../lib/format';
import type { ResolvedTheme } from '../lib/theme';
import { buildHeatmapOption, type HeatmapContext, type UtilizationHeatmapCell } from './heatmap-option';
import { buildMetricOption, type MetricChartContext } from './metric-option';

export type WallChartRecipe =
  | {
      kind: 'metric';
      metric: 'occupancy' | 'traffic';
      pages: readonly MetricResponse[];
      context: Omit<MetricChartContext, 'compare'>;
    }
  | {
      kind: 'heatmap';
      cells: readonly UtilizationHeatmapCell[];
      context: Omit<HeatmapContext, 'dayName'>;
    };

/** A heatmap row's weekday, short (`Mon`): on its axis, and in the panel's summary and table (panels/heatmap-panel.tsx). */
export const heatmapDayName = (digit: number) => weekdayName(digit);

/** The recipe's option, as a page's chart of the same data is built. */
export function wallChartOption(recipe: WallChartRecipe): EChartsCoreOption {
  if (recipe.kind === 'metric') return buildMetricOption(recipe.metric, recipe.pages, recipe.context);
  return buildHeatmapOption(recipe.cells, { ...recipe.context, dayName: heatmapDayName });
}

/** What the page tells the worker: a chart's canvas and size, what to draw on it, a new size, its end; the typeface. */
export type ToWallChartWorker =
  | {
      type: 'init';
      id: number;
      canvas: OffscreenCanvas;
      /** The chart's size as laid out (CSS px, before a wall screen's scale), and its canvas pixels per CSS px. */
      width: number;
      height: number;
      pixelRatio: number;
      theme: ResolvedTheme;
    }
  | { type: 'draw'; id: number; recipe: WallChartRecipe; animate: boolean }
  | { type: 'resize'; id: number; width: number; height: number }
  | { type: 'dispose'; id: number }
  /** The app's typeface is in the page (from its cache now, not downloaded twice): the worker may load it. */
  | { type: 'typeface' }
  /** The page's language and its compiled messages: the charts drawn from now on speak it. */
  | { type: 'language'; language: string; messages: Messages };

/** What the worker tells the page: a chart has finished drawing, or could not be drawn. */
export type FromWallChartWorker = { type: 'drawn'; id: number } | { type: 'failed'; id: number; message: string };
