/**
 * The thin renderer: draws an option built elsewhere, and disposes its instance on unmount
 * (echarts-for-react does). `opts` and `style` are stable so the instance is never re-created on refresh.
 */
import type { EChartsCoreOption } from 'echarts/core';
import ReactEChartsCore from 'echarts-for-react/esm/core';

import { echarts } from './echarts';

const OPTS = { renderer: 'canvas' } as const;
const STYLE = { height: '100%', width: '100%' } as const;
/**
 * Marks the last finished drawing on the page's performance timeline (read by bench/dashboard.ts). ECharts
 * finishes on every repaint, hovers included: the old mark is cleared, so a screen left on for days keeps one.
 */
const EVENTS = {
  finished: () => {
    performance.clearMarks('chart-finished');
    performance.mark('chart-finished');
  },
};

export interface ChartProps {
  option: EChartsCoreOption;
  /** What a screen reader hears: the canvas itself is invisible to it. */
  summary: string;
}

export function Chart({ option, summary }: ChartProps) {
  return (
    <figure className="chart" aria-label={summary}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        opts={OPTS}
        style={STYLE}
        onEvents={EVENTS}
      />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
