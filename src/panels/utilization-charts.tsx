/**
 * The utilization page's chart panels. Each takes a result (points, computed by analysis/), owns its loading
 * and empty states, draws through the lazy <Chart>, and gives what the canvas cannot: a text summary, and for
 * the heatmap and the distribution a table to read instead.
 */
import './lazy-chart.css';
import '../components/panel-header.css';
import './utilization-charts.css';
import { useMemo, useRef, useState } from 'react';

import { utilizationDistribution } from '../analysis/distribution';
import { busiestCell, weekdayHourCells, type HeatmapMode } from '../analysis/heatmap';
import type { OccupancyPoint } from '../api/schemas';
import {
  buildDistributionOption,
  buildHeatmapOption,
  buildSmallMultiplesOption,
  buildUtilizationOverTimeOption,
  smallMultiplesLayout,
  type SmallMultiplesChild,
  type UtilizationOverTimeContext,
} from '../charts/utilization-options';
import { useWallScreen } from '../charts/wall-screen';
import { PanelHeader } from '../components/panel-header';
import { SegmentedControl } from '../components/segmented-control';
import { PanelPeriod } from '../components/panel-period';
import { Skeleton } from '../components/skeleton';
import { ChartPngButton } from '../export/chart-png-button';
import type { ChartPicture } from '../export/download';
import { DownloadButton } from '../export/download-button';
import type { ViewContext } from '../export/context';
import { describeValues } from '../charts/series-summary';
import { USUAL_SUMMARY } from '../charts/usual-overlay';
import { weekdayOrder } from '../filters/model';
import { formatHour, percent, weekdayName, windowLabel } from '../lib/format';
import { LazyChart } from './lazy-chart';
import { ScrollRegion } from '../components/scroll-region';

const dayName = (digit: number) => weekdayName(digit);
/** What the hatched cells are: hours the filters or opening hours leave out, and hours of this week still to come. */
const NO_DATA_LEGEND = 'No data: outside the hours shown, or still to come';

export function UtilizationOverTimePanel(props: {
  points: readonly OccupancyPoint[] | undefined;
  context: UtilizationOverTimeContext;
  summary: string;
  /** Offers the chart as PNG (not on the kiosk). */
  exportAs?: ViewContext;
}) {
  const { points, context, summary, exportAs } = props;
  const picture = useRef<ChartPicture | null>(null);
  const option = useMemo(
    () => (points && points.length > 0 ? buildUtilizationOverTimeOption(points, context) : null),
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
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <section className="panel" aria-label="Utilization over time">
      <PanelHeader
        title="Utilization over time"
        actions={
          exportAs && (
            <ChartPngButton
              label="Download utilization over time chart as PNG"
              chart={picture}
              context={exportAs}
              what="utilization-over-time"
              unavailable={chartUnavailable(points, option)}
            />
          )
        }
      />
      {!points && <Skeleton label="Loading utilization" />}
      {points && points.length === 0 && <p role="status">No occupancy data for these filters.</p>}
      {option && points && (
        <>
          <div className="chart-box">
            <LazyChart
              kind="utilization"
              pictureRef={picture}
              option={option}
              summary={
                (values ? `${summary.replace(/\.$/, '')}: average utilization ${values}.` : summary) +
                (context.usual ? ` ${USUAL_SUMMARY}` : '')
              }
            />
          </div>
          <details onToggle={(event) => setTableOpen(event.currentTarget.open)}>
            <summary>Utilization over time as a table</summary>
            {/* Rendered when opened: a year is 8,760 rows. */}
            {tableOpen && (
              <ScrollRegion label="Hourly utilization table">
                <table>
                  <caption>Average and peak utilization per hour ({context.zoneLabel})</caption>
                  <thead>
                    <tr>
                      <th scope="col">Window</th>
                      <th scope="col">Average utilization</th>
                      <th scope="col">Peak utilization</th>
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
              </ScrollRegion>
            )}
          </details>
        </>
      )}
    </section>
  );
}

/** Why a chart cannot be saved yet: its data is loading, or there is nothing to draw. */
function chartUnavailable(points: readonly unknown[] | undefined, option: unknown): string | null {
  if (!points) return 'The chart is still loading.';
  return option ? null : 'There is nothing to draw.';
}

const HEATMAP_VALUES = [
  ['average', 'Average'],
  ['peak', 'Peak'],
] as const;

export function HeatmapPanel(props: {
  points: readonly OccupancyPoint[] | undefined;
  zoneLabel: string;
  /** Offers the cells as CSV and the chart as PNG (not on the kiosk). */
  exportAs?: ViewContext;
  /** The period the cells cover, said beside the heading where no filter bar says it (the kiosk). */
  period?: string;
  /** The colour scale's height in pixels, in a chart shorter than a page's (a phone-sized wall). */
  scaleHeight?: number;
}) {
  const { points, zoneLabel, exportAs, period, scaleHeight } = props;
  const picture = useRef<ChartPicture | null>(null);
  const [mode, setMode] = useState<HeatmapMode>('average');
  // A wall screen is read, not used: the average, with no switch and no table to open.
  const wall = useWallScreen();
  const cells = useMemo(() => (points ? weekdayHourCells(points, mode) : undefined), [points, mode]);
  const order = weekdayOrder('en-GB');
  const option = useMemo(
    () => cells && buildHeatmapOption(cells, { mode, zoneLabel, weekdayOrder: order, dayName, scaleHeight }),
    // `order` is the same week order on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cells, mode, zoneLabel, scaleHeight],
  );
  const busiest = cells ? busiestCell(cells) : null;
  const what = mode === 'average' ? 'average' : 'peak';
  const summary = busiest
    ? `Busiest times, ${what} utilization by weekday and hour in ${zoneLabel}: highest on ${dayName(busiest.day)} ${formatHour(busiest.hour)}–${formatHour(busiest.hour + 1)} at ${percent(busiest.value ?? 0)}.`
    : 'Busiest times: no data for these filters.';
  return (
    <section className="panel" aria-label="Busiest times">
      <PanelHeader
        title={
          <>
            Busiest times
            <PanelPeriod period={period} />
          </>
        }
        actions={
          exportAs && (
            <>
              <DownloadButton
                label="Download busiest times as CSV"
                unavailable={cells ? null : 'The data is still loading.'}
                onDownload={async () => {
                  const { saveHeatmapCsv } = await import('../export/save-utilization');
                  saveHeatmapCsv(cells!, mode, exportAs);
                }}
              />
              <ChartPngButton
                label="Download busiest times chart as PNG"
                chart={picture}
                context={exportAs}
                what="utilization-busiest-times"
                unavailable={chartUnavailable(points, option && busiest)}
              />
            </>
          )
        }
      />
      {wall ? (
        <p className="panel-note">Average utilization by weekday and hour</p>
      ) : (
        <SegmentedControl<HeatmapMode> label="Heatmap value" options={HEATMAP_VALUES} value={mode} onChange={setMode} />
      )}
      {!cells && <Skeleton label="Loading busiest times" />}
      {option && busiest && (
        <>
          <div className="chart-box heatmap-box" data-busiest-day={busiest.day} data-busiest-hour={busiest.hour}>
            <LazyChart kind="utilization" pictureRef={picture} option={option} summary={summary} />
          </div>
          <p className="heatmap-legend">
            <span className="no-data-swatch" aria-hidden="true" /> {NO_DATA_LEGEND}
          </p>
          {!wall && (
            <details>
              <summary>Busiest times as a table</summary>
              <ScrollRegion label="Busiest times table">
                <table>
                  <caption>
                    {what[0]!.toUpperCase() + what.slice(1)} utilization by weekday and hour ({zoneLabel}); blank: no
                    data (outside the filters or opening hours)
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Hour</th>
                      {order.map((day) => (
                        <th scope="col" key={day}>
                          {dayName(day)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Array.from({ length: 24 }, (_, hour) => (
                      <tr key={hour}>
                        <th scope="row">{formatHour(hour)}</th>
                        {order.map((day) => {
                          const cell = cells?.find((c) => c.day === day && c.hour === hour);
                          return <td key={day}>{cell?.value == null ? '' : percent(cell.value)}</td>;
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </details>
          )}
        </>
      )}
      {cells && !busiest && <p role="status">No occupancy data for these filters.</p>}
    </section>
  );
}

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
    <section className="panel" aria-label="How full, how often">
      <PanelHeader
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
      />
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
    </section>
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
  const option = useMemo(
    () => (spaces.length > 0 ? buildSmallMultiplesOption(spaces, context) : null),
    [spaces, context],
  );
  if (!option) return null;
  const { heightPx } = smallMultiplesLayout(spaces.length);
  return (
    <>
      {exportAs && (
        <div className="panel-actions">
          <ChartPngButton
            label="Download spaces chart as PNG"
            chart={picture}
            context={exportAs}
            what="utilization-spaces"
            unavailable={null}
          />
        </div>
      )}
      <div className="chart-box" style={{ height: heightPx }}>
        <LazyChart
          kind="utilization"
          pictureRef={picture}
          option={option}
          summary={`Average utilization over time of ${spaces.length} spaces, on one time axis and one scale.`}
        />
      </div>
    </>
  );
}
