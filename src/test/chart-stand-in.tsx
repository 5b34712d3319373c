/**
 * `<Chart>` for component tests (jsdom draws no canvas): its figure, named by its summary, which reports itself
 * drawn at once, as ECharts does once it has drawn (panels/lazy-chart.tsx then gives the next chart its turn).
 */
import { useEffect } from 'react';

import type { ChartProps } from '../charts/chart';

export function Chart({ summary, animate, onDrawn }: Pick<ChartProps, 'summary' | 'animate' | 'onDrawn'>) {
  useEffect(() => onDrawn?.(), [onDrawn]);
  return <figure aria-label={summary} data-animate={String(animate)} />;
}
