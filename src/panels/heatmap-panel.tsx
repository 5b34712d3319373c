/**
 * Busiest times: average or peak utilization by weekday and hour, with its table to read instead and, on a page,
 * its CSV and PNG.
 */
import './lazy-chart.css';
import '../components/panel-header.css';
import './heatmap-panel.css';
import { useMemo, useRef, useState } from 'react';

import { busiestCell, weekdayHourCells, type HeatmapMode } from '../analysis/heatmap';
import type { OccupancyPoint } from '../api/schemas';
import { heatmapDayName, type WallChartRecipe } from '../charts/wall-chart-recipe';
import { useWallScreen } from '../charts/wall-screen';
import { Panel } from '../components/panel-header';
import { ScrollRegion } from '../components/scroll-region';
import { SegmentedControl } from '../components/segmented-control';
import { Skeleton } from '../components/skeleton';
import { ChartPngButton } from '../export/chart-png-button';
import type { ViewContext } from '../export/context';
import type { ChartPicture } from '../lib/chart-picture';
import { DownloadButton } from '../export/download-button';
import { weekdayOrder } from '../filters/filter-words';
import { formatHour, percent } from '../lib/format';
import { chartUnavailable, NO_DATA_LEGEND } from './chart-notes';
import { WallChart } from './wall-chart';

/** The heatmap's rows: the week from Monday, as the page's words are British English. */
const HEATMAP_WEEK = weekdayOrder('en-GB');

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
  // Drawn from its recipe, in the chart worker where it can be (panels/wall-chart.tsx).
  const recipe = useMemo(
    (): WallChartRecipe | undefined =>
      cells && { kind: 'heatmap', cells, context: { mode, zoneLabel, weekdayOrder: HEATMAP_WEEK, scaleHeight } },
    [cells, mode, zoneLabel, scaleHeight],
  );
  const busiest = cells ? busiestCell(cells) : null;
  const what = mode === 'average' ? 'average' : 'peak';
  const summary = busiest
    ? `Busiest times, ${what} utilization by weekday and hour in ${zoneLabel}: highest on ${heatmapDayName(busiest.day)} ${formatHour(busiest.hour)}–${formatHour(busiest.hour + 1)} at ${percent(busiest.value ?? 0)}.`
    : 'Busiest times: no data for these filters.';
  return (
    <Panel
      title="Busiest times"
      period={period}
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
              unavailable={chartUnavailable(points, recipe && busiest)}
            />
          </>
        )
      }
    >
      {wall ? (
        <p className="panel-note">Average utilization by weekday and hour</p>
      ) : (
        <SegmentedControl<HeatmapMode> label="Heatmap value" options={HEATMAP_VALUES} value={mode} onChange={setMode} />
      )}
      {!cells && <Skeleton label="Loading busiest times" />}
      {recipe && busiest && (
        <>
          <div className="chart-box heatmap-box" data-busiest-day={busiest.day} data-busiest-hour={busiest.hour}>
            <WallChart recipe={recipe} summary={summary} wall={wall} pictureRef={picture} />
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
                      {HEATMAP_WEEK.map((day) => (
                        <th scope="col" key={day}>
                          {heatmapDayName(day)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Array.from({ length: 24 }, (_, hour) => (
                      <tr key={hour}>
                        <th scope="row">{formatHour(hour)}</th>
                        {HEATMAP_WEEK.map((day) => {
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
    </Panel>
  );
}
