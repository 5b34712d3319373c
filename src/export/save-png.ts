/** A chart as PNG, to download. Loaded on the first click (`import()`). */
import type { ViewContext } from './context';
import type { ChartPicture } from '../lib/chart-picture';
import { saveBlob } from './download';
import { fileOf } from './file-of';

/** `what` names the chart in the file name (`occupancy`, `utilization-over-time`); on the theme's panel colour. */
export async function saveChartPng(
  chart: ChartPicture,
  backgroundColor: string,
  context: ViewContext,
  what: string,
): Promise<void> {
  saveBlob(await chart.png(backgroundColor), fileOf(context, what, 'png'));
}
