/**
 * How much larger a chart is drawn on a wall screen (charts/wall-screen.ts): in proportion to the screen's own
 * text, which grows with the screen's width (`.kiosk` in app/frames/frame.css: `clamp(16px, 1.15vw, 44px)`), so at
 * 1920 px wide its 22 px text stands beside axis labels of 16.5 px instead of 12. The lazily loaded chart
 * (charts/chart.tsx) and the wall's charts drawn in a worker (panels/wall-chart.tsx) import this.
 */
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

import { measureAfterLayout } from '../lib/scheduling/after-layout';

/** The page's text size, which a chart's own (ECharts' 12 px labels) is drawn for. */
const PAGE_TEXT_PX = 16;

/**
 * How much larger than on a page a chart is drawn beside text of `textPx` (its labels, margins, lines and legend
 * alike): never smaller, and rounded to a hundredth so a resize by a pixel or two redraws nothing.
 */
export function wallScale(textPx: number): number {
  if (!Number.isFinite(textPx) || textPx <= PAGE_TEXT_PX) return 1;
  return Math.round((textPx / PAGE_TEXT_PX) * 100) / 100;
}

/**
 * `wallScale` of the text around `element`, followed as the window is resized; 1 when `enabled` is false. Null until
 * first measured (before the browser paints), so a chart is created once, at its scale, not at 1 and then again.
 * First measured at its ResizeObserver's first report, after the frame's layout: read in the commit that put the
 * element in, the text size works out the whole new page's styles in that commit's task.
 */
export function useWallScale(element: RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [scale, setScale] = useState<number | null>(null);
  useLayoutEffect(() => {
    const target = element.current;
    if (!enabled || !target) return;
    const measure = () => setScale(wallScale(parseFloat(getComputedStyle(target).fontSize)));
    const stop = measureAfterLayout(target, measure, false);
    window.addEventListener('resize', measure);
    return () => {
      stop();
      window.removeEventListener('resize', measure);
    };
  }, [element, enabled]);
  return enabled ? scale : 1;
}

const FULL_BOX: CSSProperties = { height: '100%', width: '100%' };

/**
 * The box a chart is laid out in, inside a figure it fills once scaled `scale` times: smaller by the scale, and shown
 * larger by as much (the same object each time at scale 1).
 */
export function scaledBox(scale: number): CSSProperties {
  if (scale === 1) return FULL_BOX;
  const size = `${100 / scale}%`;
  return { height: size, width: size, transform: `scale(${scale})`, transformOrigin: '0 0' };
}
