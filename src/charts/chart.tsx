/**
 * The thin renderer: draws an option built elsewhere, and disposes its instance on unmount
 * (echarts-for-react does). `opts` and `style` are stable, and the theme is a name, so the instance is re-created
 * only when the theme (or a wall screen's scale, as its window is resized) changes, never on refresh. On a wall
 * screen the chart is laid out smaller by its scale and shown larger by as much, at as many more pixels, so text,
 * margins and lines grow together and stay sharp.
 */
import './chart.css';
import type { EChartsCoreOption } from 'echarts/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type CSSProperties, type Ref } from 'react';

import { dataUrlToBlob, pagePicture, type ChartPicture } from '../lib/chart-picture';
import { registerPrintable } from '../lib/print-pictures';
import type { ResolvedTheme } from '../lib/theme';
import { useFontsLoaded } from '../lib/use-fonts-loaded';
import { markChartFinished } from './chart-finished';
import { chartThemeName, echarts, themedOption } from './echarts';
import { scaledBox, useWallScale } from './wall-scale';

const OPTS = { renderer: 'canvas' } as const;

/** Options and box of a chart drawn `scale` times larger than on a page (1: as on a page). */
function scaled(scale: number): { opts: { renderer: 'canvas'; devicePixelRatio?: number }; style: CSSProperties } {
  if (scale === 1) return { opts: OPTS, style: scaledBox(1) };
  return { opts: { ...OPTS, devicePixelRatio: (window.devicePixelRatio || 1) * scale }, style: scaledBox(scale) };
}

/**
 * The echarts module as echarts-for-react is handed it, with one change: a chart is emptied and repainted before it
 * is disposed. ECharts 6.1 always paints a heatmap's cells on an incremental layer, which stops after 15 ms of work
 * and finishes in the next animation frame; a chart disposed in between (the kiosk's rotation unmounts its charts)
 * left that frame to paint with a disposed painter, an uncaught "Cannot read properties of null (reading
 * 'layerStack')" on a slow screen (e2e/kiosk-soak.spec.ts). The empty repaint gives the painter a new redraw id, so
 * the pending frame returns without painting. Only public API: `getZr()`, `clear()`, `refreshImmediately()`.
 */
const ECHARTS = {
  ...echarts,
  dispose(target: HTMLElement) {
    const zr = echarts.getInstanceByDom(target)?.getZr();
    if (zr) {
      zr.clear();
      zr.refreshImmediately();
    }
    echarts.dispose(target);
  },
};

export interface ChartProps {
  option: EChartsCoreOption;
  /** What a screen reader hears: the canvas itself is invisible to it. */
  summary: string;
  /** The app's theme (lib/use-theme.ts); light when not given. */
  theme?: ResolvedTheme;
  /** False: drawn at once, whatever the option says (charts/motion.ts). */
  animate?: boolean;
  /** Drawn in proportion to the text around it (charts/wall-scale.ts). */
  wall?: boolean;
  /** Set to the drawn chart's picture (lib/chart-picture.ts), for "Download chart as PNG". */
  pictureRef?: Ref<ChartPicture | null>;
  /** Told each time ECharts has finished drawing (the first time: the chart is on screen). */
  onDrawn?: () => void;
}

export function Chart({
  option,
  summary,
  theme = 'light',
  animate = true,
  wall = false,
  pictureRef,
  onDrawn,
}: ChartProps) {
  // Drawn again, without animation, when the app's typeface arrives after the first draw (a canvas keeps the
  // fallback's glyphs until then).
  const fontsLoaded = useFontsLoaded();
  const [fontsAtFirstDraw] = useState(fontsLoaded);
  const fontsSinceFirstDraw = fontsLoaded === fontsAtFirstDraw ? null : fontsLoaded;
  // The same object while option, theme, motion and fonts are: echarts-for-react compares it on every render.
  const drawn = useMemo(() => {
    const themed = themedOption(option, theme);
    // No entry animation: a chart appears drawn, in one frame, not over a second of frames that each hold a slow
    // device's main thread; what animates is a change to a chart on screen.
    return animate && fontsSinceFirstDraw === null
      ? { ...themed, animationDuration: 0 }
      : { ...themed, animation: false };
  }, [option, theme, animate, fontsSinceFirstDraw]);
  const component = useRef<ReactEChartsCore>(null);
  // One object for the chart's life (echarts-for-react binds its events again when it changes).
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  });
  const events = useMemo(
    () => ({
      finished: () => {
        markChartFinished();
        drawnRef.current?.();
      },
    }),
    [],
  );
  const figure = useRef<HTMLElement>(null);
  const scale = useWallScale(figure, wall);
  const box = useMemo(() => (scale === null ? null : scaled(scale)), [scale]);
  useImperativeHandle(
    pictureRef,
    // The instance of the moment: echarts-for-react re-creates it when the theme changes.
    () => pagePicture((options) => component.current!.getEchartsInstance().getDataURL(options)),
    [],
  );
  // Printed as a sharp picture too (lib/print-pictures.ts), as a chart drawn in the worker is.
  useEffect(() => {
    const host = figure.current;
    if (!host) return;
    return registerPrintable(host, async (pixelRatio, backgroundColor) =>
      dataUrlToBlob(component.current!.getEchartsInstance().getDataURL({ type: 'png', pixelRatio, backgroundColor })),
    );
  }, []);
  return (
    <figure ref={figure} className="chart" aria-label={summary}>
      {box && (
        <ReactEChartsCore
          ref={component}
          echarts={ECHARTS}
          option={drawn}
          theme={chartThemeName(theme)}
          notMerge
          lazyUpdate
          opts={box.opts}
          style={box.style}
          onEvents={events}
        />
      )}
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
