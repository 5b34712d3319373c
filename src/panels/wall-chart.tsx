/**
 * A chart drawn from a recipe (charts/wall-chart-recipe.ts) in a worker where the browser can hand a canvas over to
 * one (charts/wall-chart-worker.ts): the kiosk's charts, and a metric page's. ECharts' evaluation and a chart's first
 * draw were a page's longest tasks; here nothing of ECharts runs on the page until someone points at the chart (a
 * door tablet, a mouse), which is then drawn on the page, with its tooltip and zoom, from then on. Where the browser
 * cannot (no OffscreenCanvas, or the worker failed), the same recipe is drawn on the page, as any chart is
 * (panels/lazy-chart.tsx). Its picture (`pictureRef`, for a PNG download) is drawn by whichever holds it.
 *
 * As on the page: drawn once the first screen's words are painted (panels/first-screen.tsx), and, below them, once
 * near the screen; in the app's theme, animated or not (charts/motion.ts), larger by a wall's scale
 * (charts/wall-scale.ts) on a wall, its figure named by its summary and in the skeleton's colour until drawn.
 */
import '../charts/chart.css';
import './lazy-chart.css';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';

import { markChartFinished } from '../charts/chart-finished';
import { useChartAnimation } from '../charts/motion';
import { scaledBox, useWallScale } from '../charts/wall-scale';
import type { WallChartRecipe } from '../charts/wall-chart-recipe';
import type { ChartPicture } from '../lib/chart-picture';
import { registerPrintable, useEveryChartWanted } from '../lib/print-pictures';
import type { ResolvedTheme } from '../lib/theme';
import { useTheme } from '../lib/use-theme';
import { NEAR_SCREEN, useBelowFirstScreen, useFirstScreenShown } from './first-screen';
import { measureAfterLayout } from '../lib/scheduling/after-layout';
import { useNearViewport } from '../lib/scheduling/use-near-viewport';
import { CHART_CODE, disposeChart, drawsOffPage, listeners, newChartId, pictureOf, post } from './chart-worker';
import { Skeleton } from '../components/skeleton';

export interface WallChartProps {
  recipe: WallChartRecipe;
  summary: string;
  /** Drawn in proportion to the text around it, as a wall screen's (charts/wall-scale.ts). */
  wall?: boolean;
  /** Set to the drawn chart's picture (lib/chart-picture.ts), for a PNG download. */
  pictureRef?: RefObject<ChartPicture | null>;
}

export function WallChart(props: WallChartProps) {
  const { recipe } = props;
  // Drawn on the page from when someone points at it: its tooltips need the page.
  const [onPage, setOnPage] = useState(() => !drawsOffPage());
  const toPage = useCallback(() => {
    // Laid out for print, the page moves under a resting pointer: nobody points at a chart on paper.
    if (typeof matchMedia === 'function' && matchMedia('print').matches) return;
    // Its code first, so that the chart drawn in the worker stays until the page can draw it.
    void CHART_CODE[recipe.kind]().finally(() => setOnPage(true));
  }, [recipe.kind]);
  if (onPage) {
    return (
      <Suspense fallback={<Skeleton label="Loading chart" />}>
        <PageWallChart {...props} />
      </Suspense>
    );
  }
  return <WorkerWallChart {...props} onPointed={toPage} onFailed={() => setOnPage(true)} />;
}

const PageWallChart = lazy(() => import('./page-wall-chart').then((module) => ({ default: module.PageWallChart })));

function WorkerWallChart(props: WallChartProps & { onPointed: () => void; onFailed: () => void }) {
  const { resolved } = useTheme();
  const animate = useChartAnimation();
  const shown = useFirstScreenShown();
  const figure = useRef<HTMLElement>(null);
  const scale = useWallScale(figure, props.wall ?? true);
  // Below a first screen of words, drawn once near the screen, as on the page (panels/lazy-chart.tsx).
  const nearScreen = useNearViewport(figure, NEAR_SCREEN, useBelowFirstScreen());
  const near = useEveryChartWanted() || nearScreen;
  const [drawn, setDrawn] = useState(false);
  return (
    <div className="lazy-chart">
      <figure
        ref={figure}
        className={drawn ? 'chart wall-chart' : 'chart wall-chart chart-not-drawn'}
        aria-label={props.summary}
        onPointerEnter={props.onPointed}
      >
        {shown && near && scale !== null && (
          // A new canvas for a new theme or scale: ECharts takes both when a chart is made.
          <OffPageCanvas
            key={`${resolved} ${scale}`}
            figure={figure}
            recipe={props.recipe}
            theme={resolved}
            animate={animate}
            scale={scale}
            pictureRef={props.pictureRef}
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
  pictureRef: RefObject<ChartPicture | null> | undefined;
  onDrawn: () => void;
  onFailed: () => void;
}) {
  const { figure, recipe, theme, animate, scale, pictureRef } = props;
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
    const chartId = newChartId();
    listeners.set(chartId, (message) => {
      if (message.type === 'drawn') {
        markChartFinished();
        told.current.onDrawn();
      } else told.current.onFailed();
    });
    const size = () => ({ width: canvas.clientWidth, height: canvas.clientHeight });
    const pixelRatio = (devicePixelRatio || 1) * scale;
    let last: { width: number; height: number } | null = null;
    let unregister = () => {};
    // The size after the frame's layout: read here, in the effects of the commit that put the canvas in, it would lay
    // the whole new page out in that commit's task.
    const stopMeasuring = measureAfterLayout(
      canvas,
      () => {
        const now = size();
        // Handed over, and resized, only to a size: a canvas of no height (its panel hidden, as a rotating kiosk hides
        // the screen it leaves) makes ECharts throw in the worker, which then stops for every chart.
        if (now.width === 0 || now.height === 0) return;
        if (last === null) {
          last = now;
          // Its pixels as the worker makes them: the element keeps the size it was handed over with.
          canvas.width = Math.round(now.width * pixelRatio);
          canvas.height = Math.round(now.height * pixelRatio);
          const offscreen = canvas.transferControlToOffscreen();
          post({ type: 'init', id: chartId, canvas: offscreen, ...now, pixelRatio, theme }, [offscreen]);
          chart.current = chartId;
          sent.current = null;
          send();
          if (pictureRef) pictureRef.current = { png: (backgroundColor) => pictureOf(chartId, backgroundColor) };
          unregister = registerPrintable(host, (ratio, backgroundColor) => pictureOf(chartId, backgroundColor, ratio));
          return;
        }
        if (now.width === last.width && now.height === last.height) return;
        last = now;
        post({ type: 'resize', id: chartId, ...now });
      },
      true,
    );
    return () => {
      unregister();
      chart.current = null;
      if (pictureRef) pictureRef.current = null;
      stopMeasuring();
      disposeChart(chartId);
      canvas.remove();
    };
  }, [figure, scale, theme, send, pictureRef]);
  return null;
}
