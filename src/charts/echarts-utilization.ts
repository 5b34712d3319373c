/**
 * What only the utilization page draws, registered on the same ECharts as echarts.ts when that page's code
 * loads: the weekday × hour heatmap and its colour scale (the continuous visualMap only), and the titles of the
 * small multiples. Kept out of echarts.ts so that a metric page does not load them.
 */
import { HeatmapChart } from 'echarts/charts';
import { TitleComponent, VisualMapContinuousComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

echarts.use([HeatmapChart, VisualMapContinuousComponent, TitleComponent]);
