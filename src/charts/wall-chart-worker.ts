/**
 * Charts drawn off the page's main thread: ECharts in a worker, on canvases the page has handed over
 * (panels/wall-chart.tsx), for the kiosk and for a metric page's first drawing: a chart's first draw, and ECharts'
 * own evaluation, block nothing the page does. What needs a pointer (tooltips, zoom) is left out: a chart someone
 * points at is drawn on the page from then on. A chart's picture is drawn here too, on a canvas of its own.
 */
import { i18n } from '@lingui/core';
import { setPlatformAPI, type EChartsCoreOption, type EChartsType } from 'echarts/core';

// English in force until the page says otherwise (its language comes before its first chart).
import '../lib/i18n';
import type { ResolvedTheme } from '../lib/theme';
import { interFace } from '../lib/typeface';
import { chartThemeName, echarts, themedOption } from './echarts';
import { buildMetricOption } from './metric-option';
import type { FromWallChartWorker, ToWallChartWorker, WallChartRecipe } from './wall-chart-recipe';

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
  id: number;
  chart: EChartsType;
  /**
   * How many sets of ECharts parts were registered when the chart was made. An instance keeps the visual encoders
   * registered when it is made (a heatmap made before the visualMap's parts were in was drawn in one colour), so a
   * chart made before a set its recipe needs is made again at its first draw.
   */
  madeWith: number;
  /** The canvas handed over, and its size (CSS px) and pixels per CSS px, to make the chart on. */
  canvas: OffscreenCanvas;
  width: number;
  height: number;
  pixelRatio: number;
  theme: ResolvedTheme;
  /** The latest recipe asked for, and the one drawn. */
  wanted?: WallChartRecipe;
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
          void draw(entry, entry.drawn, false);
        }
      },
      // Not in (offline, and not in the cache): the charts keep the fallback's words.
      () => undefined,
    );
}

/** The sets of ECharts parts registered since the worker started (see WallChart's `madeWith`). */
let partsRegistered = 0;

/** The utilization views' builders, with their ECharts parts registered, loaded when the first of them is drawn. */
let utilization: Promise<typeof import('./utilization-recipe-option')> | null = null;
const utilizationCode = () =>
  Promise.all([import('./echarts-utilization'), import('./utilization-recipe-option')]).then(([, option]) => {
    partsRegistered += 1;
    return option;
  });

/** The compare page's builder, loaded when its chart is first drawn. */
let compare: Promise<typeof import('./compare-option')> | null = null;

/** The recipe's option as a page's `<Chart>` draws it (charts/chart.tsx), without what needs a pointer. */
async function optionOf(recipe: WallChartRecipe, theme: ResolvedTheme): Promise<EChartsCoreOption> {
  const built =
    recipe.kind === 'metric'
      ? buildMetricOption(recipe.metric, recipe.pages, recipe.context)
      : recipe.kind === 'compare'
        ? (await (compare ??= import('./compare-option'))).buildCompareOption(recipe.series, recipe.context)
        : (await (utilization ??= utilizationCode())).utilizationRecipeOption(recipe);
  const option: EChartsCoreOption = { ...themedOption(built, theme) };
  delete option.tooltip;
  delete option.dataZoom;
  return option;
}

/** Draws `recipe` once its option is built, unless a later recipe came meanwhile. */
async function draw(entry: WallChart, recipe: WallChartRecipe, animate: boolean): Promise<void> {
  entry.wanted = recipe;
  const option = await optionOf(recipe, entry.theme);
  if (entry.wanted !== recipe || !charts.has(entry.id)) return;
  if (!entry.drawn && entry.madeWith < partsRegistered) {
    entry.chart.dispose();
    entry.chart = makeChart(entry);
    entry.madeWith = partsRegistered;
  }
  entry.chart.setOption(animate ? { ...option, animationDuration: 0 } : { ...option, animation: false }, {
    notMerge: true,
    lazyUpdate: true,
  });
  entry.drawn = recipe;
}

function makeChart(entry: Pick<WallChart, 'id' | 'canvas' | 'width' | 'height' | 'pixelRatio' | 'theme'>): EChartsType {
  const chart = echarts.init(entry.canvas as unknown as HTMLCanvasElement, chartThemeName(entry.theme), {
    renderer: 'canvas',
    width: entry.width,
    height: entry.height,
    devicePixelRatio: entry.pixelRatio,
  });
  // Said once a recipe is drawn: a chart made before its first draw also finishes a resize, drawing nothing.
  chart.on('finished', () => {
    if (charts.get(entry.id)?.drawn) scope.postMessage({ type: 'drawn', id: entry.id });
  });
  return chart;
}

/** The chart as drawn, as PNG: drawn again at `pixelRatio` on a canvas of its own, on `backgroundColor`. */
async function picture(entry: WallChart, pixelRatio: number, backgroundColor: string): Promise<Blob | null> {
  if (!entry.drawn) return null;
  const [width, height] = [entry.chart.getWidth(), entry.chart.getHeight()];
  const canvas = new OffscreenCanvas(Math.round(width * pixelRatio), Math.round(height * pixelRatio));
  const copy = echarts.init(canvas as unknown as HTMLCanvasElement, chartThemeName(entry.theme), {
    renderer: 'canvas',
    width,
    height,
    devicePixelRatio: pixelRatio,
  });
  try {
    copy.setOption({ ...(await optionOf(entry.drawn, entry.theme)), backgroundColor, animation: false });
    copy.getZr().refreshImmediately();
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    copy.dispose();
  }
}

function handle(message: ToWallChartWorker): void {
  if (message.type === 'typeface') return loadTypeface();
  if (message.type === 'language')
    return i18n.loadAndActivate({ locale: message.language, messages: message.messages });
  if (message.type === 'init') {
    const { id, canvas, width, height, pixelRatio, theme } = message;
    const made = { id, canvas, width, height, pixelRatio, theme };
    charts.set(id, { ...made, chart: makeChart(made), madeWith: partsRegistered });
    return;
  }
  const entry = charts.get(message.id);
  if (!entry) return;
  if (message.type === 'draw') {
    const { id } = message;
    draw(entry, message.recipe, message.animate && !entry.still).catch((error: unknown) =>
      scope.postMessage({ type: 'failed', id, message: String(error) }),
    );
  } else if (message.type === 'picture') {
    const { id } = message;
    void picture(entry, message.pixelRatio, message.backgroundColor).then(
      (png) => scope.postMessage({ type: 'picture', id, png }),
      () => scope.postMessage({ type: 'picture', id, png: null }),
    );
  } else if (message.type === 'resize') {
    entry.width = message.width;
    entry.height = message.height;
    entry.chart.resize({ width: message.width, height: message.height });
  } else {
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
