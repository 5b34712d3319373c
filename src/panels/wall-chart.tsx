/**
 * A wall screen's chart (the kiosk's), drawn in a worker where the browser can hand a canvas over to one
 * (charts/wall-chart-worker.ts): on a slow screen ECharts' first draw of a chart was the page's longest task, and
 * a wall needs no pointer, so nothing of ECharts has to run on the page. Where it cannot (no OffscreenCanvas, or the
 * worker failed), the same recipe is drawn on the page, as any chart is (panels/lazy-chart.tsx).
 *
 * As on the page: drawn once the first screen's words are painted (panels/first-screen.tsx), in the app's theme,
 * animated or not (charts/motion.ts), larger by the wall's scale (charts/wall-scale.ts), its figure named by its
 * summary and in the skeleton's colour until drawn.
 */

import '../charts/chart.css';
import './lazy-chart.css';
import { i18n } from '@lingui/core';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';

import { markChartFinished } from '../charts/chart-finished';
import { useChartAnimation } from '../charts/motion';
import { scaledBox, useWallScale } from '../charts/wall-scale';
import {
  wallChartOption,
  type FromWallChartWorker,
  type ToWallChartWorker,
  type WallChartRecipe,
} from '../charts/wall-chart-recipe';
import type { ResolvedTheme } from '../lib/theme';
import { onTypefaceArrived, typefaceArrivals } from '../lib/typeface';
import { useTheme } from '../lib/use-theme';
import { useFirstScreenShown } from './first-screen';
import { preloadChart, preloadUtilizationChart } from './chart-code';
import { LazyChart } from './lazy-chart';

export function WallChart({ recipe, summary }: { recipe: WallChartRecipe; summary: string }) {
  // Drawn on the page from when someone points at it (a door tablet, a mouse): its tooltips need the page.
  const [onPage, setOnPage] = useState(() => !drawsOffPage());
  if (onPage) return <PageWallChart recipe={recipe} summary={summary} />;
  return (
    <WorkerWallChart
      recipe={recipe}
      summary={summary}
      onPointed={() => {
        // Its code first, so that the chart drawn in the worker stays until the page can draw it.
        void CHART_CODE[recipe.kind]().finally(() => setOnPage(true));
      }}
      onFailed={() => setOnPage(true)}
    />
  );
}

/** Whether this browser can draw on a canvas from a worker. */
function drawsOffPage(): boolean {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/** The code a recipe's chart is drawn with on the page (panels/chart-code.ts). */
const CHART_CODE = { metric: preloadChart, heatmap: preloadUtilizationChart };

function PageWallChart({ recipe, summary }: { recipe: WallChartRecipe; summary: string }) {
  const option = useMemo(() => wallChartOption(recipe), [recipe]);
  return <LazyChart kind={recipe.kind === 'heatmap' ? 'utilization' : 'metric'} option={option} summary={summary} />;
}

function WorkerWallChart(props: {
  recipe: WallChartRecipe;
  summary: string;
  onPointed: () => void;
  onFailed: () => void;
}) {
  const { resolved } = useTheme();
  const animate = useChartAnimation();
  const shown = useFirstScreenShown();
  const figure = useRef<HTMLElement>(null);
  const scale = useWallScale(figure, true);
  const [drawn, setDrawn] = useState(false);
  return (
    <div className="lazy-chart">
      <figure
        ref={figure}
        className={drawn ? 'chart wall-chart' : 'chart wall-chart chart-not-drawn'}
        aria-label={props.summary}
        onPointerEnter={props.onPointed}
      >
        {shown && scale !== null && (
          // A new canvas for a new theme or scale: ECharts takes both when a chart is made.
          <OffPageCanvas
            key={`${resolved} ${scale}`}
            figure={figure}
            recipe={props.recipe}
            theme={resolved}
            animate={animate}
            scale={scale}
            onDrawn={() => setDrawn(true)}
            onFailed={props.onFailed}
          />
        )}
        <figcaption className="visually-hidden">{props.summary}</figcaption>
      </figure>
    </div>
  );
}

/**
 * A canvas handed to the worker. It is made here, not rendered by React: a canvas can be handed over once, and
 * React's strict mode mounts a component twice.
 */
function OffPageCanvas(props: {
  figure: RefObject<HTMLElement | null>;
  recipe: WallChartRecipe;
  theme: ResolvedTheme;
  animate: boolean;
  scale: number;
  onDrawn: () => void;
  onFailed: () => void;
}) {
  const { figure, recipe, theme, animate, scale } = props;
  const told = useRef({ onDrawn: props.onDrawn, onFailed: props.onFailed });
  useEffect(() => {
    told.current = { onDrawn: props.onDrawn, onFailed: props.onFailed };
  });
  // What to draw, sent to the worker once its chart is made and each time it changes (not twice).
  const chart = useRef<number | null>(null);
  const wanted = useRef({ recipe, animate });
  const sent = useRef<typeof wanted.current | null>(null);
  const send = useCallback(() => {
    const next = wanted.current;
    if (chart.current === null || (sent.current?.recipe === next.recipe && sent.current.animate === next.animate)) {
      return;
    }
    sent.current = next;
    post({ type: 'draw', id: chart.current, ...next });
  }, []);
  useEffect(() => {
    wanted.current = { recipe, animate };
    send();
  }, [recipe, animate, send]);
  useEffect(() => {
    const host = figure.current;
    if (!host) return;
    const canvas = document.createElement('canvas');
    Object.assign(canvas.style, scaledBox(scale));
    host.prepend(canvas);
    const chartId = nextChartId++;
    listeners.set(chartId, (message) => {
      if (message.type === 'drawn') {
        markChartFinished();
        told.current.onDrawn();
      } else told.current.onFailed();
    });
    const size = () => ({ width: canvas.clientWidth, height: canvas.clientHeight });
    let last = size();
    const pixelRatio = (devicePixelRatio || 1) * scale;
    // Its pixels as the worker makes them: the element keeps the size it was handed over with.
    canvas.width = Math.round(last.width * pixelRatio);
    canvas.height = Math.round(last.height * pixelRatio);
    const offscreen = canvas.transferControlToOffscreen();
    post({ type: 'init', id: chartId, canvas: offscreen, ...last, pixelRatio, theme }, [offscreen]);
    const resized = new ResizeObserver(() => {
      const now = size();
      if (now.width === last.width && now.height === last.height) return;
      last = now;
      post({ type: 'resize', id: chartId, ...now });
    });
    resized.observe(canvas);
    chart.current = chartId;
    sent.current = null;
    send();
    return () => {
      chart.current = null;
      resized.disconnect();
      listeners.delete(chartId);
      // To the worker that holds it, if it still runs (not a new one).
      worker?.postMessage({ type: 'dispose', id: chartId } satisfies ToWallChartWorker);
      canvas.remove();
    };
  }, [figure, scale, theme, send]);
  return null;
}

// One worker for every wall chart, made when the first is drawn.
let worker: Worker | null = null;
let nextChartId = 1;
const listeners = new Map<number, (message: FromWallChartWorker) => void>();

function wallChartWorker(): Worker {
  if (worker) return worker;
  const made = new Worker(new URL('../charts/wall-chart-worker.ts', import.meta.url), { type: 'module' });
  made.onmessage = (event: MessageEvent<FromWallChartWorker>) => listeners.get(event.data.id)?.(event.data);
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
  };
  return (worker = made);
}

/** The language the worker was last told, so that it builds its charts' words in the page's. */
let workerLanguage: { worker: Worker; language: string } | null = null;

function post(message: ToWallChartWorker, transfer: Transferable[] = []): void {
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
