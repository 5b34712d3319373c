/**
 * ECharts, registered once with only what our charts use (modular imports from `echarts/core`).
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkAreaComponent,
  AriaComponent,
  CanvasRenderer,
]);

export { echarts };

/** Escapes a string for ECharts' HTML tooltips. Every data string goes through it. */
export const escapeHtml = (text: string): string => echarts.format.encodeHTML(text);
