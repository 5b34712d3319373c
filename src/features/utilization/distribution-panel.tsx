/** How full, how often: the share of open hours in each band of utilization, as a chart and as a list. */
import '../../panels/lazy-chart.css';
import '../../components/panel-header.css';
import './utilization-charts.css';
import { t } from '@lingui/core/macro';
import { useMemo, useRef } from 'react';

import { utilizationDistribution, type UtilizationBin } from '../../analysis/distribution';
import type { OccupancyPoint } from '../../api/schemas';
import { binLabel } from '../../charts/distribution-option';
import type { WallChartRecipe } from '../../charts/wall-chart-recipe';
import { Panel } from '../../components/panel-header';
import { Skeleton } from '../../components/skeleton';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ViewContext } from '../../export/context';
import type { ChartPicture } from '../../lib/chart-picture';
import { formatCount, percent } from '../../lib/format';
import { chartUnavailable, noDataLegend } from '../../panels/chart-notes';
import { WallChart } from '../../panels/wall-chart';

export function DistributionPanel({
  points,
  exportAs,
}: {
  points: readonly OccupancyPoint[] | undefined;
  /** Offers the chart as PNG (not on the kiosk). */
  exportAs?: ViewContext;
}) {
  const picture = useRef<ChartPicture | null>(null);
  const bins = useMemo(() => (points ? utilizationDistribution(points) : undefined), [points]);
  const recipe = useMemo((): WallChartRecipe | undefined => bins && { kind: 'distribution', bins }, [bins]);
  const total = bins?.reduce((sum, bin) => sum + bin.hours, 0) ?? 0;
  const shareOf = (bin: UtilizationBin) => (bin.share === null ? t`no data` : percent(bin.share));
  const summary = bins
    ? distributionSummary(
        total,
        bins.map((bin) => `${binLabel(bin)} ${shareOf(bin)}`),
      )
    : '';
  return (
    <Panel
      title={t`How full, how often`}
      actions={
        exportAs && (
          <ChartPngButton
            label={t`Download distribution chart as PNG`}
            chart={picture}
            context={exportAs}
            what="utilization-how-full"
            unavailable={chartUnavailable(points, recipe && total > 0)}
          />
        )
      }
    >
      {!bins && <Skeleton label={t`Loading distribution`} />}
      {recipe && total > 0 && (
        <>
          <div className="chart-box small-chart">
            <WallChart recipe={recipe} summary={summary} wall={false} pictureRef={picture} />
          </div>
          <p className="heatmap-legend">
            <span className="no-data-swatch" aria-hidden="true" /> {noDataLegend()}
          </p>
          <ul className="distribution" aria-label={t`Share of open hours by utilization`}>
            {bins!.map((bin) => (
              <li key={bin.label} data-band={bin.label} data-hours={bin.hours}>
                {binLabel(bin)}: {shareOf(bin)} ({hoursOf(bin.hours)})
              </li>
            ))}
          </ul>
        </>
      )}
      {bins && total === 0 && <p role="status">{t`No occupancy data for these filters.`}</p>}
    </Panel>
  );
}

/** The chart's summary: "Share of 168 open hours by utilization: 0–20 % 10.0 %, …". */
function distributionSummary(total: number, bands: readonly string[]): string {
  const list = bands.join(', ');
  return t`Share of ${total} open hours by utilization: ${list}.`;
}

/** `12 h`. */
function hoursOf(hours: number): string {
  const count = formatCount(hours);
  return t`${count} h`;
}
