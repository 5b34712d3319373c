/**
 * A chart as data: what to draw (a recipe) instead of an ECharts option, whose formatters are functions and cannot be
 * sent to a worker. Every chart of the app is drawn from a recipe, in a worker (charts/wall-chart-worker.ts) where the
 * browser can, and on the page where it cannot or once someone points at it (panels/wall-chart.tsx); either way its
 * option is built by the one builder of its kind (charts/wall-chart-option.ts).
 */
import type { Messages } from '@lingui/core';

import type { Metric, MetricResponse } from '../api/schemas';
import { weekdayName } from '../lib/format';
import type { ResolvedTheme } from '../lib/theme';
import type { HeatmapContext, UtilizationHeatmapCell } from './heatmap-option';
import type { MetricChartContext } from './metric-option';
import type { UtilizationDistributionBin } from './distribution-option';
import type { SmallMultiplesChild } from './small-multiples-option';
import type { UtilizationOverTimeContext } from './utilization-options';
import type { OccupancyPoint } from '../api/schemas';
import type { CompareChartContext, CompareSeries } from './compare-option';

export type WallChartRecipe =
  | {
      kind: 'metric';
      metric: Metric;
      pages: readonly MetricResponse[];
      context: MetricChartContext;
    }
  | {
      kind: 'heatmap';
      cells: readonly UtilizationHeatmapCell[];
      context: Omit<HeatmapContext, 'dayName'>;
    }
  /** The utilization page's: over time, its spaces' small multiples, and how often it is how full. */
  | { kind: 'utilization'; points: readonly OccupancyPoint[]; context: UtilizationOverTimeContext }
  | { kind: 'small-multiples'; spaces: readonly SmallMultiplesChild[]; context: UtilizationOverTimeContext }
  | { kind: 'distribution'; bins: readonly UtilizationDistributionBin[] }
  /** The compare page's: one line per location, on local wall-clock time. */
  | { kind: 'compare'; series: readonly CompareSeries[]; context: CompareChartContext };

/** A heatmap row's weekday, short (`Mon`): on its axis, and in the panel's summary and table (panels/heatmap-panel.tsx). */
export const heatmapDayName = (digit: number) => weekdayName(digit);

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
  /** Its picture: PNG at `pixelRatio` times its size, on `backgroundColor` (lib/chart-picture.ts). */
  | { type: 'picture'; id: number; pixelRatio: number; backgroundColor: string }
  /** The app's typeface is in the page (from its cache now, not downloaded twice): the worker may load it. */
  | { type: 'typeface' }
  /** The page's language and its compiled messages: the charts drawn from now on speak it. */
  | { type: 'language'; language: string; messages: Messages };

/** What the worker tells the page: a chart has finished drawing, could not be drawn, or here is its picture. */
export type FromWallChartWorker =
  | { type: 'drawn'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'picture'; id: number; png: Blob | null };
