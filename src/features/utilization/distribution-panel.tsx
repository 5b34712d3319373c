/** How full, how often: the share of open hours in each band of utilization, as a chart and as a list. */
import '../../panels/lazy-chart.css';
import '../../components/panel-header.css';
import './utilization-charts.css';
import { useMemo, useRef } from 'react';

import { utilizationDistribution } from '../../analysis/distribution';
import type { OccupancyPoint } from '../../api/schemas';
import { buildDistributionOption } from '../../charts/distribution-option';
import { Panel } from '../../components/panel-header';
import { Skeleton } from '../../components/skeleton';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ViewContext } from '../../export/context';
import type { ChartPicture } from '../../lib/chart-picture';
import { percent } from '../../lib/format';
import { chartUnavailable, NO_DATA_LEGEND } from '../../panels/chart-notes';
import { LazyChart } from '../../panels/lazy-chart';

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
  const option = useMemo(() => bins && buildDistributionOption(bins), [bins]);
  const total = bins?.reduce((sum, bin) => sum + bin.hours, 0) ?? 0;
  const summary = bins
    ? `Share of ${total} open hours by utilization: ${bins.map((bin) => `${bin.label} ${bin.share === null ? 'no data' : percent(bin.share)}`).join(', ')}.`
    : '';
  return (
    <Panel
      title="How full, how often"
      actions={
        exportAs && (
          <ChartPngButton
            label="Download distribution chart as PNG"
            chart={picture}
            context={exportAs}
            what="utilization-how-full"
            unavailable={chartUnavailable(points, option && total > 0)}
          />
        )
      }
    >
      {!bins && <Skeleton label="Loading distribution" />}
      {option && total > 0 && (
        <>
          <div className="chart-box small-chart">
            <LazyChart kind="utilization" pictureRef={picture} option={option} summary={summary} />
          </div>
          <p className="heatmap-legend">
            <span className="no-data-swatch" aria-hidden="true" /> {NO_DATA_LEGEND}
          </p>
          <ul className="distribution" aria-label="Share of open hours by utilization">
            {bins!.map((bin) => (
              <li key={bin.label} data-band={bin.label} data-hours={bin.hours}>
                {bin.label}: {bin.share === null ? 'no data' : percent(bin.share)} ({bin.hours} h)
              </li>
            ))}
          </ul>
        </>
      )}
      {bins && total === 0 && <p role="status">No occupancy data for these filters.</p>}
    </Panel>
  );
}
