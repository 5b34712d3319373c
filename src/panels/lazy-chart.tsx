/**
 * `<Chart>` loaded lazily. ECharts is most of the bundle: a separate chunk, fetched as soon as this module is
 * imported (in parallel with the app's start and the first page of data) rather than before the first paint.
 * Every chart is drawn through here, in the app's theme (`?theme=`, or the system's preference).
 */
import { lazy, Suspense } from 'react';

import { Skeleton } from '../components/skeleton';
import type { ChartProps } from '../charts/chart';
import { useTheme } from '../lib/use-theme';

const chartModule = import('../charts/chart');
const Chart = lazy(() => chartModule.then((module) => ({ default: module.Chart })));

export function LazyChart(props: Omit<ChartProps, 'theme'>) {
  const { resolved } = useTheme();
  return (
    <Suspense fallback={<Skeleton label="Loading chart" />}>
      <Chart {...props} theme={resolved} />
    </Suspense>
  );
}
