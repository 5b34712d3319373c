/** The distribution of open hours over utilization bands (utilization-options.ts states the conventions). */
import type { EChartsCoreOption } from 'echarts/core';

import { escapeHtml } from '../lib/escape-html';
import { formatNumber, percent, percentOf, percentTick, percentValue } from '../lib/format';
import { UTILIZATION_COLORS } from './utilization-options';

export interface UtilizationDistributionBin {
  /** `0–20 %`, …, `over 100 %`. */
  label: string;
  /** Open hours (hourly windows) in the band. */
  hours: number;
  /** A fraction of all open hours; null when there are none. */
  share: number | null;
}

export function buildDistributionOption(bins: readonly UtilizationDistributionBin[]): EChartsCoreOption {
  const hours = (n: number) => `${formatNumber(Math.round(n * 10) / 10)} h`;
  return {
    grid: { left: 56, right: 24, top: 32, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        const bin = first?.dataIndex === undefined ? undefined : bins[first.dataIndex];
        if (!bin) return '';
        const share = bin.share === null ? 'no data' : `${percent(bin.share)} of open hours`;
        return [
          `<b>${escapeHtml(`${bin.label} utilization`)}</b>`,
          `Hours: <b>${escapeHtml(hours(bin.hours))}</b>`,
          `Share: <b>${escapeHtml(share)}</b>`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: bins.map((bin) => bin.label),
      name: 'Utilization',
      nameLocation: 'middle',
      nameGap: 30,
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', name: '% of open hours', min: 0, axisLabel: { formatter: percentTick } },
    series: [
      {
        type: 'bar',
        name: 'Share of open hours',
        data: bins.map((bin) => (bin.share === null ? null : percentValue(bin.share))),
        barMaxWidth: 64,
        itemStyle: { color: UTILIZATION_COLORS.avg },
        label: { show: true, position: 'top', formatter: (item: { value: number }) => percentOf(item.value) },
      },
    ],
  };
}
