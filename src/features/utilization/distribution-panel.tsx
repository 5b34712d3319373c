/** How full, how often: the share of open hours in each band of utilization, as a chart and as a list. */
import '../../panels/lazy-chart.css';
import '../../components/panel-header.css';
import './utilization-charts.css';
import { useMemo, useRef } from 'react';

import { utilizationDistribution } from '../../analysis/distribution';
import type { OccupancyPoint } from '../../api/schemas';
import type { WallChartRecipe } from '../../charts/wall-chart-recipe';
import { Panel } from '../../components/panel-header';
import { Skeleton } from '../../components/skeleton';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ViewContext } from '../../export/context';
import type { ChartPicture } from '../../lib/chart-picture';
import { percent } from '../../lib/format';
import { chartUnavailable, NO_DATA_LEGEND } from '../../panels/chart-notes';
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
            unavailable={chartUnavailable(points, recipe && total > 0)}
          />
        )
      }
    >
      {!bins && <Skeleton label="Loading distribution" />}
      {recipe && total > 0 && (
        <>
          <div className="chart-box small-chart">
            <WallChart recipe={recipe} summary={summary} wall={false} pictureRef={picture} />
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
