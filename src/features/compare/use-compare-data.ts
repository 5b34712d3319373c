/**
 * What `/compare` shows of each location, planned and asked for as its own page plans it: its clock (its zone, or the
 * probed local day of a record without one), its view plan (filters/view-plan.ts: a rolling range is its own dates in
 * its own zone), the series its page's figures are computed from, and the comparison period's. Utilization asks for
 * the utilization page's four series (views/use-location-series.ts); another metric for its page's walk and the
 * figure bases it needs (analysis/figure-bases.ts). Every request goes through the one client, its limiter and pace.
 */
import { useMemo } from 'react';

import { useSameItems } from '../../lib/use-same-items';

import { compareFigures } from '../../analysis/figures';
import { basesToAsk, BASIS_INTERVALS } from '../../analysis/figure-bases';
import { compareMetricFigures } from '../../analysis/metric-deltas';
import { computeMetricFigures } from '../../analysis/metric-figures';
import { cutAt, periodEndWallMs } from '../../analysis/period-cut';
import type { ComparisonMode } from '../../analysis/periods';
import type { LocationRecord, Metric } from '../../api/schemas';
import { useAppContext } from '../../config/app-context';
import { placeCost } from '../../config/runtime-config';
import type { Filters } from '../../filters/model';
import { planView, type ViewPlan } from '../../filters/view-plan';
import { wallClockAt, type LocationZone } from '../../lib/time';
import type { LocationClock } from '../../locations/location-zone';
import { UTILIZATION_VIEW, type MetricDefinition } from '../../metrics/definitions';
import { figureSeriesPages } from '../../metrics/figure-series';
import { estimatePages, isLargeRequest } from '../../metrics/page-estimate';
import { metricQueries } from '../../metrics/queries';
import { comparedCut, cutSeries } from '../../views/use-comparison';
import { figuresOf } from '../../views/use-figures';
import { useSeriesOfEach } from '../../views/use-location-series';
import { useSeriesWalks } from '../../views/use-series-walks';
import { comparedLine, metricCells, utilizationCells, type CompareCell } from './compare-rows';
import type { AlignedPoints } from '../../analysis/local-alignment';
import { memoOn } from './memo-on';

export interface ComparedLocation {
  locationId: number;
  name: string;
  zone: LocationZone | null;
  /** The table's cells once its figures are computed. */
  cells: CompareCell[] | undefined;
  /** Its line on the chart, once its series is whole. */
  line: AlignedPoints | undefined;
  dates: { start: string; end: string } | null;
  pagesLoaded: number;
  fetching: boolean;
  error: Error | null;
  retry(): void;
}

export interface CompareInput {
  ids: readonly number[];
  records: readonly LocationRecord[] | undefined;
  clocks: readonly LocationClock[];
  definition: MetricDefinition;
  filters: Filters;
  compare: ComparisonMode | null;
  nowMs: number;
  /** A large request was confirmed: ask for it. */
  confirmed: boolean;
}

export function useCompareData(input: CompareInput) {
  const { ids, records, clocks, definition, filters, compare, nowMs } = input;
  const { config, client } = useAppContext();
  const cost = placeCost(config);
  const utilization = definition === UTILIZATION_VIEW;
  const metric: Metric = definition.metric;
  const plans = ids.map((locationId, index): ViewPlan | null => {
    const clock = clocks[index];
    if (clock?.status !== 'ready') return null;
    const record = records?.find((r) => r.location_id === locationId);
    return planView({ locationId, definition, filters, zone: clock.zone, nowMs, record, compare });
  });
  const pages = plans.reduce((sum, plan) => sum + (plan ? pagesOf(plan, definition) : 0), 0);
  const waiting = isLargeRequest(pages) && !input.confirmed;
  const asking = (plan: ViewPlan | null) => (waiting ? null : plan);

  // Utilization: the utilization page's four series, and the comparison's.
  const main = useSeriesOfEach(
    ids.map((locationId, i) => ({
      locationId,
      request: utilization ? (asking(plans[i]!)?.request ?? null) : null,
      open: plans[i]?.open ?? false,
    })),
  );
  const previous = useSeriesOfEach(
    ids.map((locationId, i) => ({
      locationId,
      request: utilization ? (asking(plans[i]!)?.comparison?.request ?? null) : null,
      open: false,
    })),
  );

  // Another metric: its page's walk at the chosen interval, the figure bases, and the same for the comparison.
  const bases = basesToAsk(metric, filters.interval);
  const walkOptions = (plan: ViewPlan | null, locationId: number, period: 'current' | 'compared') => {
    const request = period === 'current' ? plan?.request : plan?.comparison?.request;
    if (!request) return [];
    return [request.interval, ...bases.map((basis) => BASIS_INTERVALS[basis])].map((interval) =>
      metricQueries.series(client, {
        metric,
        locationId,
        request: { ...request, interval },
        open: period === 'current' && plan!.open,
      }),
    );
  };
  const perLocation = 1 + bases.length;
  const ready = !utilization && !waiting && plans.every((plan) => plan !== null);
  const walks = useSeriesWalks(ready ? plans.flatMap((plan, i) => walkOptions(plan, ids[i]!, 'current')) : [], ready);
  const comparedWalks = useSeriesWalks(
    ready && compare ? plans.flatMap((plan, i) => walkOptions(plan, ids[i]!, 'compared')) : [],
    ready && compare !== null,
  );

  const locations = ids.map((locationId, index): ComparedLocation => {
    const plan = plans[index] ?? null;
    const clock = clocks[index];
    const record = records?.find((r) => r.location_id === locationId);
    const base = {
      locationId,
      zone: clock?.status === 'ready' ? clock.zone : null,
      dates: plan && { start: plan.request.start_date, end: plan.request.end_date },
    };
    if (utilization) {
      const state = main[index]!;
      const before = previous[index]!;
      const firstPage = state.partial.firstPage;
      const capacity = firstPage?.capacity ?? record?.capacity ?? 0;
      const figures = figuresOf(state.series, capacity, config.dwellTimeUnit);
      const cut = plan && base.zone ? comparedCut(plan, base.zone, state.updatedAt || nowMs) : null;
      const compared =
        before.series && cut !== null
          ? memoOn(before.series, `cut ${cut}`, () => cutSeries(before.series!, cut))
          : before.series;
      const previousFigures = compare ? figuresOf(compared, capacity, config.dwellTimeUnit) : undefined;
      const deltas = figures && previousFigures ? compareFigures(figures, previousFigures) : undefined;
      return {
        ...base,
        name: firstPage?.name ?? record?.name ?? `${locationId}`,
        cells: figures && (!compare || deltas) ? utilizationCells(figures, capacity, cost, deltas) : undefined,
        line:
          state.series &&
          memoOn(state.series.occupancy, 'line', () =>
            comparedLine(state.series!.occupancy, 'utilization', config.dwellTimeUnit),
          ),
        pagesLoaded: state.pagesLoaded + before.pagesLoaded,
        fetching: state.fetching || before.fetching,
        error: state.error ?? before.error,
        retry: () => {
          state.retry();
          before.retry();
        },
      };
    }
    const own = walks.points.slice(index * perLocation, (index + 1) * perLocation);
    const figuresOver = (points: readonly (readonly object[] | undefined)[], until?: number) =>
      points.every((each) => each !== undefined) && points.length > 0
        ? memoOn(points[0]!, JSON.stringify([until, record?.capacity, config.dwellTimeUnit]), () =>
            computeMetricFigures({
              metric,
              interval: filters.interval,
              capacity: record?.capacity ?? 0,
              dwellUnit: config.dwellTimeUnit,
              points: points[0]!,
              ...Object.fromEntries(bases.map((basis, i) => [basis, points[i + 1]])),
              ...(until !== undefined && { completeUntilWallMs: until }),
            }),
          )
        : undefined;
    const endWallMs =
      plan?.open && base.zone ? periodEndWallMs(wallClockAt(base.zone, walks.updatedAt || nowMs)) : undefined;
    const figures = figuresOver(own, endWallMs);
    const cut = plan && base.zone ? comparedCut(plan, base.zone, walks.updatedAt || nowMs) : null;
    const before = comparedWalks.points
      .slice(index * perLocation, (index + 1) * perLocation)
      .map((points) =>
        points && cut !== null ? memoOn(points, `cut ${cut}`, () => cutAt(metric, points as never, cut)) : points,
      );
    const previousFigures = compare ? figuresOver(before, cut ?? undefined) : undefined;
    const deltas = figures && previousFigures ? compareMetricFigures(figures, previousFigures) : undefined;
    return {
      ...base,
      name: record?.name ?? `${locationId}`,
      cells: figures && (!compare || deltas) ? metricCells(figures, deltas) : undefined,
      line: own[0] && memoOn(own[0], 'line', () => comparedLine(own[0]!, metric, config.dwellTimeUnit)),
      pagesLoaded: walks.pagesLoaded + comparedWalks.pagesLoaded,
      fetching: walks.fetching || comparedWalks.fetching,
      error: walks.error ?? comparedWalks.error,
      retry: () => {
        walks.retry();
        comparedWalks.retry();
      },
    };
  });
  return { locations, pages, waiting, cost };
}

/** The pages a location's part of the view walks: its page's series, and the comparison's. */
function pagesOf(plan: ViewPlan, definition: MetricDefinition): number {
  if (definition === UTILIZATION_VIEW)
    return figureSeriesPages(plan.estimatedPages, { spaces: 0, comparing: plan.comparison !== null });
  const bases = basesToAsk(definition.metric, plan.request.interval);
  const each =
    plan.estimatedPages +
    bases.reduce((sum, basis) => sum + estimatePages({ ...plan.estimate, interval: BASIS_INTERVALS[basis] }), 0);
  return each * (plan.comparison ? 2 : 1);
}

/** The chart's lines: the same array while every location's name and line are the same. */
export function useLines(locations: readonly ComparedLocation[]) {
  const names = useSameItems(locations.map((location) => location.name));
  const lines = useSameItems(locations.map((location) => location.line));
  return useMemo(() => names.map((name, index) => ({ name, points: lines[index] ?? [] })), [names, lines]);
}
