/** A chart as PNG, to download. Loaded on the first click (`import()`). */
import type { ViewContext } from './context';
import { chartPng, saveBlob, type ChartPicture } from './download';
import { fileOf } from './file-of';

/** `what` names the chart in the file name (`occupancy`, `utilization-over-time`); on the theme's panel colour. */
export function saveChartPng(chart: ChartPicture, backgroundColor: string, context: ViewContext, what: string): void {
  saveBlob(chartPng(chart, backgroundColor), fileOf(context, what, 'png'));
}
