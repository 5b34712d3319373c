/** Today's charts on the kiosk: occupancy by the quarter-hour (with what is usual behind it), entries by the hour. */
import { t } from '@lingui/core/macro';
import { useMemo } from 'react';

import type { UsualValue } from '../../analysis/usual';
import type { WalkedPage } from '../../api/filter-fallback';
import type { OccupancyPoint } from '../../api/schemas';
import { describeMetricValues } from '../../charts/series-summary';
import { usualSummary, usualForView } from '../../charts/usual-overlay';
import type { WallChartRecipe } from '../../charts/wall-chart-recipe';
import { PanelPeriod } from '../../components/panel-period';
import { Skeleton } from '../../components/skeleton';
import { formatIntervalCount, lowerFirst } from '../../lib/format';
import { formatDateRange, zoneLabel, type LocationZone } from '../../lib/time';
import { MINUTE_MS } from '../../lib/time-spans';
import { WallChart } from '../../panels/wall-chart';
import { TODAY_INTERVALS } from './kiosk-plan';

export function TodayChart(props: {
  label: string;
  /** A shorter heading than the label, inside a panel that says the rest. */
  heading?: string;
  metric: 'occupancy' | 'traffic';
  pages: WalkedPage[] | undefined;
  /** When the pages were received: the windows still going on then are drawn as partial. */
  receivedAt: number;
  zone: LocationZone;
  nowMs: number;
  /** The location's date: pages of another day (kept from before midnight) say which day they are. */
  today: string;
  /** What is usual for today's weekday, hour by hour (drawn behind today's line). */
  usual?: readonly (UsualValue | null)[];
  /** Inside another panel: a heading of its own level, no panel frame. */
  embedded?: boolean;
}) {
  const { label, metric, pages, receivedAt, zone, nowMs, today, embedded, usual: usualDay } = props;
  const interval = TODAY_INTERVALS[metric];
  const zoneText = zoneLabel(zone);
  // The date of the day drawn, from the time range's own wall-clock fields.
  const day = pages?.[0]?.time_range.start.slice(0, 10);
  const otherDay = day !== undefined && day !== today ? formatDateRange(day, day) : null;
  // The usual day behind today's line, and the rest of today as expected from it (not behind a kept other day):
  // it moves on with the minute, not every second.
  const minuteMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const usual = useMemo(
    () =>
      usualForView(usualDay, {
        zone,
        range: { start: day ?? today, end: day ?? today },
        interval,
        today,
        nowMs: minuteMs,
      }),
    [usualDay, zone, day, today, interval, minuteMs],
  );
  // Rebuilt when the data changes, not as the clock moves.
  const recipe = useMemo(
    (): WallChartRecipe | null =>
      pages && pages.length > 0
        ? {
            kind: 'metric',
            metric,
            pages,
            context: { interval, zoneLabel: zoneText, nowMs: receivedAt, dwellUnit: 'minutes', usual },
          }
        : null,
    [pages, metric, interval, zoneText, receivedAt, usual],
  );
  const windows = pages?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  const values = useMemo(
    () => pages && describeMetricValues(metric, pages, interval, 'minutes'),
    [pages, metric, interval],
  );
  const Heading = embedded ? 'h3' : 'h2';
  return (
    <section className={embedded ? 'kiosk-today' : 'panel kiosk-panel'} aria-label={props.heading ?? label}>
      <Heading>
        {props.heading ?? label}
        <PanelPeriod period={otherDay} />
      </Heading>
      {!pages && <Skeleton label={loadingLabel(label)} />}
      {pages && windows === 0 && <p role="status">{t`No data yet today.`}</p>}
      {recipe && windows > 0 && (
        <div className="chart-box">
          <WallChart
            recipe={recipe}
            summary={
              todaySummary({ label, otherDay, count: formatIntervalCount(windows, interval), zoneText, values }) +
              (usual ? ` ${usualSummary()}` : '')
            }
          />
        </div>
      )}
    </section>
  );
}

/** `Loading occupancy today against capacity`. */
function loadingLabel(label: string): string {
  const what = lowerFirst(label);
  return t`Loading ${what}`;
}

/** The chart's summary: what, which day, how many windows so far, on which clock, and its values. */
function todaySummary(words: {
  label: string;
  otherDay: string | null;
  count: string;
  zoneText: string;
  values: string | null | undefined;
}): string {
  const { label, otherDay, count, zoneText, values } = words;
  if (otherDay) {
    return values
      ? t`${label}: ${otherDay}, ${count}, times in ${zoneText}: ${values}.`
      : t`${label}: ${otherDay}, ${count}, times in ${zoneText}.`;
  }
  return values
    ? t`${label}, ${count} so far, times in ${zoneText}: ${values}.`
    : t`${label}, ${count} so far, times in ${zoneText}.`;
}

/** The windows of kept pages of today's occupancy. */
export function keptPoints(pages: readonly { data: readonly unknown[] }[]): OccupancyPoint[] {
  return pages.flatMap((page) => page.data as OccupancyPoint[]);
}
