/**
 * `<Chart>` loaded lazily. ECharts is most of the bundle: a chunk of its own, asked for once a view's data has been
 * asked for (`preloadChart`), so its download and evaluation overlap the network instead of holding up the app's
 * start and its first requests; or, at the latest, when a chart is first drawn.
 * Every chart is drawn through here, in the app's theme (`?theme=`, or the system's preference), animated or not
 * (charts/motion.ts), and larger on a wall screen (charts/wall-screen.ts).
 */
import { lazy, Suspense } from 'react';

import { Skeleton } from '../components/skeleton';
import type { ChartProps } from '../charts/chart';
import { useChartAnimation } from '../charts/motion';
import { useWallScreen } from '../charts/wall-screen';
import { useTheme } from '../lib/use-theme';

let chartModule: Promise<typeof import('../charts/chart')> | null = null;

/** Starts loading the chart code (once); call it as soon as a view has asked for the data it will draw. */
export function preloadChart(): Promise<typeof import('../charts/chart')> {
  // A failed download is asked for again next time, not remembered.
  return (chartModule ??= import('../charts/chart').catch((error: unknown) => {
    chartModule = null;
    throw error;
  }));
}

const Chart = lazy(() => preloadChart().then((module) => ({ default: module.Chart })));

export function LazyChart(props: Omit<ChartProps, 'theme' | 'animate' | 'wall'>) {
  const { resolved } = useTheme();
  const animate = useChartAnimation();
  const wall = useWallScreen();
  return (
    <Suspense fallback={<Skeleton label="Loading chart" />}>
      <Chart {...props} theme={resolved} animate={animate} wall={wall} />
    </Suspense>
  );
}
