/**
 * The chart with its states: a skeleton while the first page loads, "no data" naming the filters, the error
 * with retry (keeping the pages already drawn), and the chart. Its PNG download is the page's, in "More"
 * (chart-words.ts pngUnavailable).
 */
import '../../panels/lazy-chart.css';
import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type RefObject } from 'react';

import type { MetricResponse } from '../../api/schemas';
import type { MetricChartContext, MetricComparison } from '../../charts/metric-option';
import { readPageTimes } from '../../charts/series';
import type { WallChartRecipe } from '../../charts/wall-chart-recipe';
import { LARGE_SERIES } from '../../charts/chart-base';
import { describeMetricValues } from '../../charts/series-summary';
import type { UsualToday } from '../../charts/usual-overlay';
import { ErrorPanel } from '../../components/error-panel';
import { WallChart } from '../../panels/wall-chart';
import { Skeleton } from '../../components/skeleton';
import { useAppContext } from '../../config/app-context';
import type { ChartPicture } from '../../lib/chart-picture';
import { useThrottledValue } from '../../lib/scheduling/use-throttled-value';
import type { MetricDefinition } from '../../metrics/definitions';
import { emptyMessage, type EmptyContext } from '../../views/empty-message';
import { chartName, chartSummary } from './chart-words';

const REDRAW_EVERY_MS = 750;
/**
 * A large series is slow to draw on a slow machine, and while it draws no response is read: at REDRAW_EVERY_MS a
 * year at 15 minutes spent much of its walk redrawing. Its partial drawings come less often (tuned with
 * `npm run bench`, whose rows time a year's walk and final draw).
 */
const LARGE_REDRAW_EVERY_MS = 2_000;

export interface MetricChartPanelProps {
  definition: MetricDefinition;
  /** The request drawn: under a new one, nothing of the old one is shown, not even for a frame. */
  requestKey: string;
  /** The series' query: `dataUpdatedAt` says when the pages were received (their windows still going on then are partial). */
  query: Pick<UseQueryResult, 'error' | 'fetchStatus' | 'refetch' | 'dataUpdatedAt'>;
  pages: readonly MetricResponse[] | undefined;
  zoneText: string;
  interval: string;
  describeRange: string;
  /** Set to the drawn chart's picture maker, for the page's "Download chart as PNG" (chart-words.ts pngUnavailable says when). */
  pictureRef: RefObject<ChartPicture | null>;
  /** Cut closed hours and days out of the time axis (charts/time-axis.ts). */
  hideClosed: boolean;
  /** What an empty range is told with (views/empty-message.ts), less the server's echo of hours and days. */
  empty: Omit<EmptyContext, 'applied'>;
  /** Occupancy today: the usual day drawn behind today's line (charts/usual-overlay.ts). */
  usual?: UsualToday;
  /** A comparison period drawn behind the primary value, once all of it is in; `dates` says which, for the summary. */
  compare?: MetricComparison & { dates: string };
}

export function MetricChartPanel({
  definition,
  requestKey,
  query,
  pages,
  zoneText,
  interval,
  describeRange,
  pictureRef,
  hideClosed,
  empty,
  usual,
  compare,
}: MetricChartPanelProps) {
  const { config } = useAppContext();
  const complete = query.fetchStatus !== 'fetching';
  // While pages stream in, the chart is redrawn a few times a second rather than once per page.
  const pointsSoFar = pages?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  // The pages with when they were received, passed on together.
  const { dataUpdatedAt } = query;
  const received = useMemo(() => pages && { pages, at: dataUpdatedAt }, [pages, dataUpdatedAt]);
  const shown = useThrottledValue(
    received,
    pointsSoFar > LARGE_SERIES ? LARGE_REDRAW_EVERY_MS : REDRAW_EVERY_MS,
    complete,
    requestKey,
  );
  const drawn = shown?.pages;
  const drawnAt = shown?.at ?? 0;
  // Each page's times read as it arrives, not all at the final drawing, so the final draw does not pay for them.
  useEffect(() => {
    if (pages) readPageTimes(pages);
  }, [pages]);
  // The comparison by its parts (its windows are one array per cut): redrawn when one of them changes, not on every
  // render of the page.
  const comparePoints = compare?.points;
  const compareLabel = compare?.label;
  const compareShift = compare?.shiftDays;
  const context = useMemo(
    (): MetricChartContext => ({
      interval,
      zoneLabel: zoneText,
      nowMs: drawnAt,
      dwellUnit: config.dwellTimeUnit,
      hideClosed,
      usual,
      compare:
        comparePoints && compareLabel !== undefined && compareShift !== undefined
          ? { points: comparePoints, label: compareLabel, shiftDays: compareShift }
          : undefined,
    }),
    [interval, zoneText, drawnAt, config.dwellTimeUnit, hideClosed, usual, comparePoints, compareLabel, compareShift],
  );
  // What the chart draws, as a recipe (charts/wall-chart-recipe.ts): in the chart worker, or on the page.
  const points = drawn?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  const visible = points > 0;
  // Between two requests the chart is hidden and holds nothing.
  const recipe = useMemo(
    (): WallChartRecipe => ({ kind: 'metric', metric: definition.metric, pages: visible ? drawn! : [], context }),
    [definition.metric, drawn, visible, context],
  );
  const first = drawn?.[0];
  const values = useMemo(
    () => (drawn ? describeMetricValues(definition.metric, drawn, interval, config.dwellTimeUnit) : null),
    [definition.metric, drawn, interval, config.dwellTimeUnit],
  );
  // From its first drawing on, the chart stays mounted: one ECharts instance draws every request of this view
  // (a filter change redraws, it does not re-create). Between two requests it is hidden and emptied.
  const [mounted, setMounted] = useState(false);
  if (visible && !mounted) setMounted(true);

  return (
    <section className="panel chart-panel" aria-label={chartName(definition)}>
      {query.error ? <ErrorPanel error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!pages && !query.error && <ChartSkeleton />}
      {first && complete && points === 0 && (
        <p className="empty" role="status">
          {emptyMessage({ ...empty, applied: { hours: first.hour_range, days: first.days_of_week } }).text}
        </p>
      )}
      {mounted && (
        <div className="chart-box" hidden={!visible}>
          <WallChart
            wall={false}
            pictureRef={pictureRef}
            recipe={recipe}
            summary={chartSummary({
              definition,
              name: first?.name,
              describeRange,
              points,
              interval,
              zoneText,
              values,
              usual: usual !== undefined,
              compare,
            })}
          />
        </div>
      )}
    </section>
  );
}

function ChartSkeleton() {
  return <Skeleton label={t`Loading chart`} />;
}
