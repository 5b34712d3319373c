/**
 * The utilization page's charts over time: the location's, and its spaces' small multiples (the busiest times and
 * the distribution are heatmap-panel.tsx and distribution-panel.tsx). Each takes a result (points, computed by
 * analysis/), owns its loading and empty states, draws from a recipe (panels/wall-chart.tsx), and gives what the canvas cannot:
 * a text summary, and for the location's chart a table to read instead.
 */
import '../../panels/lazy-chart.css';
import '../../components/panel-header.css';
import './utilization-charts.css';
import { plural, t } from '@lingui/core/macro';
import { useMemo, useRef } from 'react';

import type { OccupancyPoint } from '../../api/schemas';
import { smallMultiplesLayout, type SmallMultiplesChild } from '../../charts/small-multiples-option';
import type { UtilizationOverTimeContext } from '../../charts/utilization-options';
import type { WallChartRecipe } from '../../charts/wall-chart-recipe';
import { describeValues } from '../../charts/series-summary';
import { usualSummary } from '../../charts/usual-overlay';
import { Panel } from '../../components/panel-header';
import { Skeleton } from '../../components/skeleton';
import { TableDisclosure } from '../../components/table-disclosure';
import { ChartPngButton } from '../../export/chart-png-button';
import type { ViewContext } from '../../export/context';
import type { ChartPicture } from '../../lib/chart-picture';
import { percent, windowLabel } from '../../lib/format';
import { chartUnavailable } from '../../panels/chart-notes';
import { WallChart } from '../../panels/wall-chart';

export function UtilizationOverTimePanel(props: {
  points: readonly OccupancyPoint[] | undefined;
  context: UtilizationOverTimeContext;
  summary: string;
  /** Offers the chart as PNG (not on the kiosk). */
  exportAs?: ViewContext;
}) {
  const { points, context, summary, exportAs } = props;
  const picture = useRef<ChartPicture | null>(null);
  const recipe = useMemo(
    (): WallChartRecipe | null => (points && points.length > 0 ? { kind: 'utilization', points, context } : null),
    [points, context],
  );
  const values = useMemo(
    () =>
      points &&
      describeValues(
        points.map((point) => ({ windowStart: point.window_start, value: point.avg_utilization_percentage })),
        percent,
        true,
      ),
    [points],
  );
  return (
    <Panel
      title={t`Utilization over time`}
      actions={
        exportAs && (
          <ChartPngButton
            label={t`Download utilization over time chart as PNG`}
            chart={picture}
            context={exportAs}
            what="utilization-over-time"
            unavailable={chartUnavailable(points, recipe)}
          />
        )
      }
    >
      {!points && <Skeleton label={t`Loading utilization`} />}
      {points && points.length === 0 && <p role="status">{t`No occupancy data for these filters.`}</p>}
      {recipe && points && (
        <>
          <div className="chart-box">
            <WallChart
              wall={false}
              recipe={recipe}
              pictureRef={picture}
              summary={(values ? withValues(summary, values) : summary) + (context.usual ? ` ${usualSummary()}` : '')}
            />
          </div>
          <TableDisclosure
            summary={t`Utilization over time as a table`}
            label={t`Hourly utilization table`}
            table={() => (
              <table>
                <caption>{hourlyCaption(context.zoneLabel)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Window`}</th>
                    <th scope="col">{t`Average utilization`}</th>
                    <th scope="col">{t`Peak utilization`}</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.window_start}>
                      <th scope="row">{windowLabel(point.window_start, point.window_end, '60min')}</th>
                      <td>{percent(point.avg_utilization_percentage)}</td>
                      <td>{percent(point.peak_utilization_percentage)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          />
        </>
      )}
    </Panel>
  );
}

export function SmallMultiplesPanel(props: {
  spaces: readonly SmallMultiplesChild[];
  context: UtilizationOverTimeContext;
  /** Offers the chart as PNG. */
  exportAs?: ViewContext;
}) {
  const { spaces, context, exportAs } = props;
  const picture = useRef<ChartPicture | null>(null);
  const recipe = useMemo(
    (): WallChartRecipe | null => (spaces.length > 0 ? { kind: 'small-multiples', spaces, context } : null),
    [spaces, context],
  );
  if (!recipe) return null;
  const { heightPx } = smallMultiplesLayout(spaces.length);
  return (
    <>
      {exportAs && (
        <div className="panel-actions">
          <ChartPngButton
            label={t`Download spaces chart as PNG`}
            chart={picture}
            context={exportAs}
            what="utilization-spaces"
            unavailable={null}
          />
        </div>
      )}
      <div className="chart-box" style={{ height: heightPx }}>
        <WallChart
          wall={false}
          recipe={recipe}
          pictureRef={picture}
          summary={plural(spaces.length, {
            one: 'Average utilization over time of # space, on one time axis and one scale.',
            other: 'Average utilization over time of # spaces, on one time axis and one scale.',
          })}
        />
      </div>
    </>
  );
}

/** The chart's summary with its lowest, highest and latest values. */
function withValues(summary: string, values: string): string {
  const head = summary.replace(/[.。]$/, '');
  return t`${head}: average utilization ${values}.`;
}

/** `Average and peak utilization per hour (Europe/Berlin)`. */
function hourlyCaption(zone: string): string {
  return t`Average and peak utilization per hour (${zone})`;
}
