/**
 * The same rows as a table, one cursor page at a time (next and previous), over the page's infinite query.
 * When the chart has already walked the pages, that query starts from them and costs no request.
 */
import '../../views/series-status.css';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';

import type { WalkedPage } from '../../api/filter-fallback';
import type { Metric, PointOf } from '../../api/schemas';
import { formatNumber, percent, windowLabel } from '../../lib/format';
import { ErrorPanel } from '../../components/error-panel';
import { Skeleton } from '../../components/skeleton';
import { useAppContext } from '../../config/app-context';
import { parseLocalDateTime, zoneLabel, type LocationZone } from '../../lib/time';
import type { MetricDefinition } from '../../metrics/definitions';
import { ScrollRegion } from '../../components/scroll-region';

type Column<M extends Metric> = [header: string, cell: (point: PointOf<M>) => string];

function columnsFor(metric: Metric, dwellUnit: string): Column<Metric>[] {
  const orNone = (value: number | null) => (value === null ? '—' : formatNumber(value));
  const seconds = dwellUnit === 'seconds';
  const columns: { [M in Metric]: Column<M>[] } = {
    occupancy: [
      [t`Average people`, (p) => formatNumber(p.avg_occupancy)],
      [t`Average utilization`, (p) => percent(p.avg_utilization_percentage)],
      [t`Peak people`, (p) => formatNumber(p.peak_occupancy)],
      [t`Peak utilization`, (p) => percent(p.peak_utilization_percentage)],
    ],
    traffic: [[t`Entries`, (p) => formatNumber(p.traffic)]],
    dwell_time: [
      [seconds ? t`Average dwell (seconds)` : t`Average dwell (minutes)`, (p) => orNone(p.avg_dwell_time)],
      [seconds ? t`Longest dwell (seconds)` : t`Longest dwell (minutes)`, (p) => orNone(p.peak_dwell_time)],
    ],
    availability: [
      [t`Time free`, (p) => (p.availability_percentage === null ? '—' : percent(p.availability_percentage))],
    ],
  };
  return columns[metric] as Column<Metric>[];
}

export interface MetricTableProps {
  definition: MetricDefinition;
  /** The page's `metricQueries.table` query (the page owns it: its first page also heads the page). */
  query: UseInfiniteQueryResult<InfiniteData<WalkedPage>>;
  interval: string;
  zone: LocationZone;
}

export function MetricTable({ definition, query, interval, zone }: MetricTableProps) {
  const { config } = useAppContext();
  const [pageIndex, setPageIndex] = useState(0);
  const pages = query.data?.pages ?? [];
  const page = pages[Math.min(pageIndex, pages.length - 1)];
  const columns = columnsFor(definition.metric, config.dwellTimeUnit);

  // The last press wins: each press of Previous or Next counts, and a page fetched for an earlier Next is kept
  // (Next then shows it without a request) but does not move the table away from where the user went since.
  const presses = useRef(0);
  const previous = () => {
    presses.current += 1;
    setPageIndex((index) => Math.max(index - 1, 0));
  };
  const next = async () => {
    const press = ++presses.current;
    if (pageIndex + 1 < pages.length) return setPageIndex((index) => index + 1);
    const fetched = pages.length; // the index of the page being fetched
    const result = await query.fetchNextPage();
    if (press === presses.current && (result.data?.pages.length ?? 0) > fetched) setPageIndex(fetched);
  };

  if (query.error && !page) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (!page) {
    return <Skeleton label={t`Loading table`} />;
  }
  const nextIsIn = pageIndex + 1 < pages.length;
  const hasNext = nextIsIn || query.hasNextPage;
  // Only a Next that has to wait for its page waits; the pages already in stay a press away.
  const nextLoading = !nextIsIn && query.isFetchingNextPage;
  const inRepeatedHour = repeatedWallClocks(page.data);
  const metric = i18n._(definition.label);
  const [pageNumber, pageCount] = [pageIndex + 1, pages.length];
  return (
    <section className="panel table-panel" aria-label={t`${metric} table`}>
      {query.error ? <ErrorPanel error={query.error} onRetry={() => void query.fetchNextPage()} /> : null}
      <ScrollRegion label={t`${metric} windows`}>
        <table>
          <caption>
            {query.hasNextPage ? t`${metric}, page ${pageNumber}` : t`${metric}, page ${pageNumber} of ${pageCount}`}
            {/* Said to screen readers with the table's name; on screen the page's header names the zone. */}
            <span className="visually-hidden">{timesIn(zoneLabel(zone))}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t`Window`}</th>
              {columns.map(([header]) => (
                <th scope="col" key={header}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.data.map((point, i) => (
              <tr key={point.window_start}>
                <th scope="row">{windowLabel(point.window_start, point.window_end, interval, inRepeatedHour[i])}</th>
                {columns.map(([header, cell]) => (
                  <td key={header}>{cell(point)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="pager">
        <button type="button" onClick={previous} disabled={pageIndex === 0}>
          {t`Previous page`}
        </button>
        <button type="button" onClick={() => void next()} disabled={!hasNext || nextLoading}>
          {nextLoading ? t`Loading…` : t`Next page`}
        </button>
      </div>
    </section>
  );
}

/** `, times in Europe/Berlin`: the table's zone, for screen readers. */
function timesIn(zone: string): string {
  return t`, times in ${zone}`;
}

/**
 * For each row, whether its wall-clock start also starts another row of the page: the repeated hour of a DST
 * fall-back, where rows show their offset to tell the two apart.
 */
function repeatedWallClocks(points: readonly { window_start: string }[]): boolean[] {
  const walls = points.map((point) => parseLocalDateTime(point.window_start).wallMs);
  const counts = new Map<number, number>();
  for (const wall of walls) counts.set(wall, (counts.get(wall) ?? 0) + 1);
  return walls.map((wall) => counts.get(wall)! > 1);
}
