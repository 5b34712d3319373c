/**
 * The chart's code (ECharts is most of the bundle: a chunk of its own), asked for once a view's data has been asked
 * for, so its download and evaluation overlap the network instead of holding up the app's start and its first
 * requests. No React here: the app's start (app/start.ts) asks for it before React has been evaluated.
 */
import { loadTypeface } from '../lib/typeface';

let chartModule: Promise<typeof import('../charts/chart')> | null = null;

/** Starts loading the chart code (once); call it as soon as a view has asked for the data it will draw. */
export function preloadChart(): Promise<typeof import('../charts/chart')> {
  // Charts draw their words in the app's typeface: it comes with them, not after (lib/typeface.ts).
  loadTypeface();
  // A failed download is asked for again next time, not remembered.
  return (chartModule ??= import('../charts/chart').catch((error: unknown) => {
    chartModule = null;
    throw error;
  }));
}

/** The chart's code with what only the utilization page draws (charts/echarts-utilization.ts) registered on it. */
export function preloadUtilizationChart(): Promise<typeof import('../charts/chart')> {
  return Promise.all([preloadChart(), import('../charts/echarts-utilization')]).then(([chart]) => chart);
}
