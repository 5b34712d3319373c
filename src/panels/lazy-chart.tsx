/**
 * `<Chart>` loaded lazily: its code is asked for once a view's data has been asked for (panels/chart-code.ts), or,
 * at the latest, when a chart is first drawn, but not before the first screen's words are painted on a page that
 * shows words first (panels/first-screen.tsx). The utilization page's kinds of chart (the heatmap, titled small
 * multiples) are registered with it when a chart asks for them.
 * Every chart is drawn through here, in the app's theme (`?theme=`, or the system's preference), animated or not
 * (charts/motion.ts), and larger on a wall screen (charts/wall-screen.ts).
 */
import './lazy-chart.css';
import { lazy, Suspense } from 'react';

import { Skeleton } from '../components/skeleton';
import type { ChartProps } from '../charts/chart';
import { useChartAnimation } from '../charts/motion';
import { useWallScreen } from '../charts/wall-screen';
import { useTheme } from '../lib/use-theme';
import { preloadChart, preloadUtilizationChart } from './chart-code';
import { useFirstScreenShown } from './first-screen';

const CHARTS = {
  metric: lazy(() => preloadChart().then((module) => ({ default: module.Chart }))),
  utilization: lazy(() => preloadUtilizationChart().then((module) => ({ default: module.Chart }))),
};

export interface LazyChartProps extends Omit<ChartProps, 'theme' | 'animate' | 'wall'> {
  /** What the option draws with: the metric pages' lines and bars, or also the utilization page's kinds. */
  kind?: keyof typeof CHARTS;
}

export function LazyChart({ kind = 'metric', ...props }: LazyChartProps) {
  const { resolved } = useTheme();
  const animate = useChartAnimation();
  const wall = useWallScreen();
  const shown = useFirstScreenShown();
  const placeholder = <Skeleton label="Loading chart" />;
  if (!shown) return placeholder;
  const Chart = CHARTS[kind];
  return (
    <Suspense fallback={placeholder}>
      <Chart {...props} theme={resolved} animate={animate} wall={wall} />
    </Suspense>
  );
}
