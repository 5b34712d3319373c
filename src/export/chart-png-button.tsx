/**
 * "Download … as PNG" for one chart: its picture (export/download.ts: twice the screen's pixels),
 * on the panel colour of the theme in force, so the file looks like the screen and is never transparent.
 */
import { t } from '@lingui/core/macro';
import type { RefObject } from 'react';

import { PALETTES } from '../lib/theme';
import { useTheme } from '../lib/use-theme';
import type { ChartPicture } from '../lib/chart-picture';
import { DownloadButton } from './download-button';
import type { ViewContext } from './context';

export interface ChartPngButtonProps {
  label: string;
  /** The drawn chart (`pictureRef` of <Chart>); empty until it is drawn. */
  chart: RefObject<ChartPicture | null>;
  context: ViewContext;
  /** What the file name calls the chart: `occupancy`, `utilization-over-time`. */
  what: string;
  unavailable: string | null;
}

export function ChartPngButton({ label, chart, context, what, unavailable }: ChartPngButtonProps) {
  const { resolved } = useTheme();
  const download = async () => {
    const { saveChartPng } = await import('./save-png');
    const picture = chart.current;
    if (!picture) throw new Error(t`the chart is not drawn yet.`);
    await saveChartPng(picture, PALETTES[resolved].panel, context, what);
  };
  return <DownloadButton label={label} unavailable={unavailable} onDownload={download} />;
}
