/**
 * The kiosk's charts, drawn off the page's main thread: ECharts in a worker, on canvases the page has handed over
 * (panels/wall-chart.tsx). On a slow screen a chart's first draw was the page's longest task (100–250 ms at 4× CPU);
 * here it blocks nothing the page does. A wall is read, not pointed at: no tooltips and no zoom, so no DOM is needed.
 */
import { i18n } from '@lingui/core';
import { setPlatformAPI, type EChartsCoreOption, type EChartsType } from 'echarts/core';

// English in force until the page says otherwise (its language comes before its first chart).
import '../lib/i18n';
import type { ResolvedTheme } from '../lib/theme';
import { interFace } from '../lib/typeface';
import { chartThemeName, echarts, themedOption } from './echarts';
import './echarts-utilization';
import {
  wallChartOption,
  type FromWallChartWorker,
  type ToWallChartWorker,
  type WallChartRecipe,
} from './wall-chart-recipe';

/** The part of a dedicated worker's scope used here (the app's types are the page's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWallChartWorker>) => void) | null;
  postMessage(message: FromWallChartWorker): void;
  fonts: FontFaceSet;
}
const scope = self as unknown as WorkerScope;

// ECharts measures its words on a canvas of its own: here one off the page, in the worker's own fonts.
setPlatformAPI({ createCanvas: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement });

interface WallChart {
  chart: EChartsType;
  theme: ResolvedTheme;
  drawn?: WallChartRecipe;
  /** Drawn again when the typeface came: from then on without animation, as on the page. */
  still?: boolean;
}
const charts = new Map<number, WallChart>();

/**
 * The app's typeface, loaded once the page has it (so from its cache) and added to the worker's fonts; the charts
 * drawn before it are drawn again, at once.
 */
function loadTypeface(): void {
  interFace()
    .load()
    .then(
      (face) => {
        scope.fonts.add(face);
        for (const entry of charts.values()) {
          if (!entry.drawn) continue;
          entry.still = true;
          draw(entry, entry.drawn, false);
        }
      },
      // Not in (offline, and not in the cache): the charts keep the fallback's words.
      () => undefined,
    );
}

/** The recipe's option as a page's `<Chart>` draws it (charts/chart.tsx), without what needs a pointer. */
function draw(entry: WallChart, recipe: WallChartRecipe, animate: boolean): void {
  const option: EChartsCoreOption = { ...themedOption(wallChartOption(recipe), entry.theme) };
  delete option.tooltip;
  delete option.dataZoom;
  entry.chart.setOption(animate ? { ...option, animationDuration: 0 } : { ...option, animation: false }, {
    notMerge: true,
    lazyUpdate: true,
  });
  entry.drawn = recipe;
}

function handle(message: ToWallChartWorker): void {
  if (message.type === 'typeface') return loadTypeface();
  if (message.type === 'language')
    return i18n.loadAndActivate({ locale: message.language, messages: message.messages });
  if (message.type === 'init') {
    const chart = echarts.init(message.canvas as unknown as HTMLCanvasElement, chartThemeName(message.theme), {
      renderer: 'canvas',
      width: message.width,
      height: message.height,
      devicePixelRatio: message.pixelRatio,
    });
    chart.on('finished', () => scope.postMessage({ type: 'drawn', id: message.id }));
    charts.set(message.id, { chart, theme: message.theme });
    return;
  }
  const entry = charts.get(message.id);
  if (!entry) return;
  if (message.type === 'draw') draw(entry, message.recipe, message.animate && !entry.still);
  else if (message.type === 'resize') entry.chart.resize({ width: message.width, height: message.height });
  else {
    // Emptied and painted before it goes, as on the page (charts/chart.tsx): a heatmap's pending frame then paints
    // nothing with a disposed painter.
    const zr = entry.chart.getZr();
    zr.clear();
    zr.refreshImmediately();
    entry.chart.dispose();
    charts.delete(message.id);
  }
}

scope.onmessage = (event) => {
  try {
    handle(event.data);
  } catch (error) {
    if ('id' in event.data) scope.postMessage({ type: 'failed', id: event.data.id, message: String(error) });
  }
};
