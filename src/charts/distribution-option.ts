/** The distribution of open hours over utilization bands (utilization-options.ts states the conventions). */
import { t } from '@lingui/core/macro';
import type { EChartsCoreOption } from 'echarts/core';

import { escapeHtml } from '../lib/escape-html';
import { formatNumber, percent, percentOf, percentTick, percentValue } from '../lib/format';
import { UTILIZATION_COLORS } from './utilization-options';

export interface UtilizationDistributionBin {
  /** Its key, `0–20 %`, …, `over 100 %` (the words on screen are `binLabel`'s). */
  label: string;
  /** Its bounds, fractions; `to` null for the band over 100 %. */
  from: number;
  to: number | null;
  /** Open hours (hourly windows) in the band. */
  hours: number;
  /** A fraction of all open hours; null when there are none. */
  share: number | null;
}

/** A band as the language in force writes it: `0–20 %`, `over 100 %`; German `0–20 %`, Japanese `0–20%`. */
export function binLabel(bin: Pick<UtilizationDistributionBin, 'from' | 'to'>): string {
  if (bin.to === null) {
    const full = percentTick(percentValue(bin.from));
    return t`over ${full}`;
  }
  return `${formatNumber(percentValue(bin.from))}–${percentTick(percentValue(bin.to))}`;
}

export function buildDistributionOption(bins: readonly UtilizationDistributionBin[]): EChartsCoreOption {
  const hours = (n: number) => {
    const value = formatNumber(Math.round(n * 10) / 10);
    return t`${value} h`;
  };
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
        const shareOf = bin.share === null ? null : percent(bin.share);
        const share = shareOf === null ? t`no data` : t`${shareOf} of open hours`;
        const band = binLabel(bin);
        return [
          `<b>${escapeHtml(t`${band} utilization`)}</b>`,
          `${escapeHtml(t`Hours`)}: <b>${escapeHtml(hours(bin.hours))}</b>`,
          `${escapeHtml(t`Share`)}: <b>${escapeHtml(share)}</b>`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: bins.map(binLabel),
      name: t`Utilization`,
      nameLocation: 'middle',
      nameGap: 30,
      axisTick: { alignWithLabel: true },
      axisLabel: { interval: 0 },
    },
    yAxis: { type: 'value', name: t`% of open hours`, min: 0, axisLabel: { formatter: percentTick } },
    series: [
      {
        type: 'bar',
        name: t`Share of open hours`,
        data: bins.map((bin) => (bin.share === null ? null : percentValue(bin.share))),
        barMaxWidth: 64,
        itemStyle: { color: UTILIZATION_COLORS.avg },
        label: { show: true, position: 'top', formatter: (item: { value: number }) => percentOf(item.value) },
      },
    ],
  };
}
