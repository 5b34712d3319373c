/**
 * Whether charts animate a change to what they show (a chart's first drawing never is: charts/chart.tsx). They do on
 * the pages; not on a kiosk, whose screen redraws every chart at
 * every rotation and refresh for nobody watching, on hardware that is often weak (each drawing is then one frame,
 * not a second of them); and not for someone whose system asks for reduced motion.
 */
import { useSyncExternalStore } from 'react';

import { useWallScreen } from './wall-screen';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Followed live, like the colour scheme (lib/use-theme.ts). */
export function useChartAnimation(): boolean {
  const wall = useWallScreen();
  const reduced = useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
  return !wall && !reduced;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
