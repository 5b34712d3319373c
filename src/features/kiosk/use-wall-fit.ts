import { useMemo, useSyncExternalStore } from 'react';

import { NARROW_WALL_PX, wallFigures, wallHeatmapScaleHeight } from './wall-figures';

/** The screen's size as `width×height`, followed as the window is resized (a string, so an unchanged size is equal). */
function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const screenSize = () => `${window.innerWidth}x${window.innerHeight}`;

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
