import { useMemo, useSyncExternalStore } from 'react';

import { measureAfterLayout } from '../../lib/scheduling/after-layout';
import { NARROW_WALL_PX, wallFigures, wallHeatmapScaleHeight } from './wall-figures';

/**
 * The screen's size as `width×height` (a string, so an unchanged size is equal), read as this module is evaluated
 * (before the kiosk's first render has changed the page, so reading it lays nothing out) and again at each resize:
 * reading it lays the page out first when the page has changed, and React reads a store at every render.
 */
const readSize = () => `${window.innerWidth}x${window.innerHeight}`;
let lastSize: string | null = typeof window === 'undefined' ? null : readSize();
function subscribeToResize(onChange: () => void) {
  const resized = () => {
    const size = readSize();
    if (size === lastSize) return;
    lastSize = size;
    onChange();
  };
  window.addEventListener('resize', resized);
  // A resize while no one was listening, looked for after the frame's layout: read here, in the commit that
  // subscribes, the size lays the kiosk's new page out in that commit's task.
  const stop = measureAfterLayout(document.documentElement, resized, false);
  return () => {
    stop();
    window.removeEventListener('resize', resized);
  };
}
const screenSize = () => (lastSize ??= readSize());

/** What this screen has room for (wall-figures.ts): its headline figures, the most telling first, and its scale. */
export function useWallFit() {
  const size = useSyncExternalStore(subscribeToResize, screenSize, () => '0x0');
  return useMemo(() => {
    const [width, height] = size.split('x').map(Number) as [number, number];
    return {
      figures: wallFigures(width, height),
      heatmapScaleHeight: wallHeatmapScaleHeight(width),
      // A phone-sized wall names its live number's panel for screen readers only.
      nowLabelHidden: width < NARROW_WALL_PX,
    };
  }, [size]);
}
