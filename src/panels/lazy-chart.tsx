/**
 * `<Chart>` loaded lazily: its code is asked for once a view's data has been asked for (panels/chart-code.ts), or,
 * at the latest, when a chart is first drawn.
 * Every chart is drawn through here, in the app's theme (`?theme=`, or the system's preference), animated or not
 * (charts/motion.ts), and larger on a wall screen (charts/wall-screen.ts).
 */
import { lazy, Suspense } from 'react';

import { Skeleton } from '../components/skeleton';
import type { ChartProps } from '../charts/chart';
import { useChartAnimation } from '../charts/motion';
import { useWallScreen } from '../charts/wall-screen';
import { useTheme } from '../lib/use-theme';
import { preloadChart } from './chart-code';

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
