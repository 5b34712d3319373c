/**
 * Busiest times: average or peak utilization by weekday and hour, with its table to read instead and, on a page,
 * its CSV and PNG.
 */
import './lazy-chart.css';
import '../components/panel-header.css';
import './heatmap-panel.css';
import { t } from '@lingui/core/macro';
import { useMemo, useRef, useState } from 'react';

import { busiestCell, weekdayHourCells, type HeatmapCell, type HeatmapMode } from '../analysis/heatmap';
import type { OccupancyPoint } from '../api/schemas';
import { heatmapDayName, type WallChartRecipe } from '../charts/wall-chart-recipe';
import { useWallScreen } from '../charts/wall-screen';
import { Panel } from '../components/panel-header';
import { TableDisclosure } from '../components/table-disclosure';
import { SegmentedControl } from '../components/segmented-control';
import { Skeleton } from '../components/skeleton';
import { ChartPngButton } from '../export/chart-png-button';
import type { ViewContext } from '../export/context';
import type { ChartPicture } from '../lib/chart-picture';
import { DownloadButton } from '../export/download-button';
import { weekdayOrder } from '../filters/filter-words';
import { formatHour, percent } from '../lib/format';
import { activeLanguage } from '../lib/i18n';
import { weekLocale } from '../lib/language';
import { chartUnavailable, noDataLegend } from './chart-notes';
import { WallChart } from './wall-chart';

/** The heatmap's rows: in English the week from Monday, as the page's words are British English; else the locale's. */
function heatmapWeek(): number[] {
  return weekdayOrder(activeLanguage() === 'en' ? 'en-GB' : weekLocale());
}

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
  // The language is the same for the life of the page's tree (app/app.tsx renders it anew for another).
  const week = useMemo(() => heatmapWeek(), []);
  const picture = useRef<ChartPicture | null>(null);
  const [mode, setMode] = useState<HeatmapMode>('average');
  // A wall screen is read, not used: the average, with no switch and no table to open.
  const wall = useWallScreen();
  const cells = useMemo(() => (points ? weekdayHourCells(points, mode) : undefined), [points, mode]);
  // Drawn from its recipe, in the chart worker where it can be (panels/wall-chart.tsx).
  const recipe = useMemo(
    (): WallChartRecipe | undefined =>
      cells && {
        kind: 'heatmap',
        cells,
        context: { mode, zoneLabel, weekdayOrder: week, scaleHeight },
      },
    [cells, mode, zoneLabel, week, scaleHeight],
  );
  const busiest = cells ? busiestCell(cells) : null;
  const summary = busiest ? busiestWords(mode, zoneLabel, busiest) : t`Busiest times: no data for these filters.`;
  const values = [
    ['average', t`Average`],
    ['peak', t`Peak`],
  ] as const;
  return (
    <Panel
      title={t`Busiest times`}
      period={period}
      actions={
        exportAs && (
          <>
            <DownloadButton
              label={t`Download busiest times as CSV`}
              unavailable={cells ? null : t`The data is still loading.`}
              onDownload={async () => {
                const { saveHeatmapCsv } = await import('../export/save-utilization');
                saveHeatmapCsv(cells!, mode, exportAs);
              }}
            />
            <ChartPngButton
              label={t`Download busiest times chart as PNG`}
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
        <p className="panel-note">{t`Average utilization by weekday and hour`}</p>
      ) : (
        <SegmentedControl<HeatmapMode> label={t`Heatmap value`} options={values} value={mode} onChange={setMode} />
      )}
      {!cells && <Skeleton label={t`Loading busiest times`} />}
      {recipe && busiest && (
        <>
          <div className="chart-box heatmap-box" data-busiest-day={busiest.day} data-busiest-hour={busiest.hour}>
            <WallChart recipe={recipe} summary={summary} wall={wall} pictureRef={picture} />
          </div>
          <p className="heatmap-legend">
            <span className="no-data-swatch" aria-hidden="true" /> {noDataLegend()}
          </p>
          {!wall && (
            <TableDisclosure
              summary={t`Busiest times as a table`}
              label={t`Busiest times table`}
              table={() => <HeatmapTable cells={cells!} mode={mode} zoneLabel={zoneLabel} week={week} />}
            />
          )}
        </>
      )}
      {cells && !busiest && <p role="status">{t`No occupancy data for these filters.`}</p>}
    </Panel>
  );
}

/** The cells to read: a row per hour, a column per weekday in the heatmap's order; blank where there is no data. */
function HeatmapTable(props: { cells: readonly HeatmapCell[]; mode: HeatmapMode; zoneLabel: string; week: number[] }) {
  const { cells, mode, zoneLabel, week } = props;
  const valueAt = new Map(cells.map((cell) => [`${cell.day} ${cell.hour}`, cell.value]));
  return (
    <table>
      <caption>
        {mode === 'average'
          ? t`Average utilization by weekday and hour (${zoneLabel}); blank: no data (outside the filters or opening hours)`
          : t`Peak utilization by weekday and hour (${zoneLabel}); blank: no data (outside the filters or opening hours)`}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t`Hour`}</th>
          {week.map((day) => (
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
            {week.map((day) => {
              const value = valueAt.get(`${day} ${hour}`);
              return <td key={day}>{value == null ? '' : percent(value)}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart's summary: where and when it was busiest. */
function busiestWords(
  mode: HeatmapMode,
  zoneLabel: string,
  busiest: { day: number; hour: number; value: number | null },
) {
  const day = heatmapDayName(busiest.day);
  const hours = `${formatHour(busiest.hour)}–${formatHour(busiest.hour + 1)}`;
  const value = percent(busiest.value ?? 0);
  return mode === 'average'
    ? t`Busiest times, average utilization by weekday and hour in ${zoneLabel}: highest on ${day} ${hours} at ${value}.`
    : t`Busiest times, peak utilization by weekday and hour in ${zoneLabel}: highest on ${day} ${hours} at ${value}.`;
}
