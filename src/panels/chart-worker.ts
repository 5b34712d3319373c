/**
 * The chart worker's channel (charts/wall-chart-worker.ts), without React: one worker for every chart drawn off the
 * page, made when the first is drawn or when a page asks for its charts' code ahead (`preloadChartDrawing`, from the
 * app's start for a chart pinned to its dates); what it says of each chart, by id; the pictures asked of it.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import type { FromWallChartWorker, ToWallChartWorker, WallChartRecipe } from '../charts/wall-chart-recipe';
import { PNG_PIXEL_RATIO } from '../lib/chart-picture';
import { onTypefaceArrived, typefaceArrivals } from '../lib/typeface';
import { preloadChart, preloadUtilizationChart } from './chart-code';

/** The code a recipe's chart is drawn with on the page (panels/chart-code.ts). */
export const CHART_CODE: Record<WallChartRecipe['kind'], () => Promise<unknown>> = {
  metric: preloadChart,
  heatmap: preloadUtilizationChart,
  utilization: preloadUtilizationChart,
  'small-multiples': preloadUtilizationChart,
  distribution: preloadUtilizationChart,
  compare: preloadChart,
};

/** Whether this browser can draw on a canvas from a worker. */
export function drawsOffPage(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/**
 * The code a chart is drawn with, asked for ahead of its first drawing: the chart worker where the browser can draw
 * from one, else ECharts for the page (panels/chart-code.ts).
 */
export function preloadChartDrawing(kind: WallChartRecipe['kind']): void {
  if (drawsOffPage()) wallChartWorker();
  else void CHART_CODE[kind]().catch(() => undefined);
}

/** A chart's picture, drawn by the worker that holds it; refused when it has none. */
export function pictureOf(chartId: number, backgroundColor: string, pixelRatio = PNG_PIXEL_RATIO): Promise<Blob> {
  return new Promise((resolve, reject) => {
    pictures.set(chartId, (png) => (png ? resolve(png) : reject(new Error(t`The chart did not give a picture.`))));
    post({ type: 'picture', id: chartId, pixelRatio, backgroundColor });
  });
}

// One worker for every chart drawn off the page, made when the first is drawn or asked for ahead.
let worker: Worker | null = null;
let nextChartId = 1;

/** A new chart's id in the worker. */
export function newChartId(): number {
  return nextChartId++;
}
export const listeners = new Map<number, (message: FromWallChartWorker) => void>();
/** The pictures asked for and not given yet, by chart. */
const pictures = new Map<number, (png: Blob | null) => void>();

export function wallChartWorker(): Worker {
  if (worker) return worker;
  const made = new Worker(new URL('../charts/wall-chart-worker.ts', import.meta.url), { type: 'module' });
  made.onmessage = ({ data }: MessageEvent<FromWallChartWorker>) => {
    if (data.type !== 'picture') return listeners.get(data.id)?.(data);
    pictures.get(data.id)?.(data.png);
    pictures.delete(data.id);
  };
  // The typeface once the page has it (lib/typeface.ts), not a second download beside the page's.
  const sendTypeface = () => made.postMessage({ type: 'typeface' } satisfies ToWallChartWorker);
  if (typefaceArrivals() > 0) sendTypeface();
  const stopTypeface = onTypefaceArrived(sendTypeface);
  // A worker that cannot start (its script not served), or that throws, leaves its charts to the page; the next wall
  // chart starts a new one.
  made.onerror = () => {
    made.terminate();
    worker = null;
    stopTypeface();
    for (const [id, listener] of listeners) listener({ type: 'failed', id, message: 'The chart worker failed.' });
    for (const refuse of pictures.values()) refuse(null);
    pictures.clear();
  };
  return (worker = made);
}

/** Forgets a chart, and tells the worker that holds it, if it still runs (not a new one). */
export function disposeChart(chartId: number): void {
  listeners.delete(chartId);
  worker?.postMessage({ type: 'dispose', id: chartId } satisfies ToWallChartWorker);
}

/** The language the worker was last told, so that it builds its charts' words in the page's. */
let workerLanguage: { worker: Worker; language: string } | null = null;

export function post(message: ToWallChartWorker, transfer: Transferable[] = []): void {
  const target = wallChartWorker();
  if (workerLanguage?.worker !== target || workerLanguage.language !== i18n.locale) {
    target.postMessage({
      type: 'language',
      language: i18n.locale,
      messages: i18n.messages,
    } satisfies ToWallChartWorker);
    workerLanguage = { worker: target, language: i18n.locale };
  }
  target.postMessage(message, transfer);
}
