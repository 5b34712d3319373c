/**
 * Capacity utilization of one location: how full, when, compared with what, and which of its spaces.
 * Route: /locations/:locationId/utilization. The same filter bar, URL model and picker as the metric pages;
 * `compare=previous|year` adds a comparison period. Every figure comes from analysis/ over the API's series
 * (use-location-series.ts); this page only plans the requests and lays the panels out.
 */
import '../../views/series-status.css';
import './utilization-page.css';
import { plural, t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { useLocation } from '../../lib/router/router';
import { useParams } from '../../lib/router/routes';

import type { WalkedPage } from '../../api/filter-fallback';
import { figureSeriesPages } from '../../metrics/figure-series';
import { compareFigures } from '../../analysis/figures';
import { echoedSchedule, openStateAt, scheduleOf } from '../../analysis/open-hours';
import { hidesClosedTime } from '../../charts/time-axis';
import { useAppContext } from '../../config/app-context';
import { placeCost } from '../../config/runtime-config';
import type { ViewContext } from '../../export/context';
import { isFiltered } from '../../filters/model';
import { planView } from '../../filters/view-plan';
import { dayCode, formatDateRange, formatInstantIn, wallClockAt, zoneLabel } from '../../lib/time';
import { useDateSpan } from '../../lib/use-date-span';
import { useLiveReading } from '../../live/use-live-reading';
import { useUsualDay } from '../../live/use-usual';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import { isLargeRequest } from '../../metrics/page-estimate';
import { ChildrenPanel, type ChildRow } from '../../panels/children-panel';
import { DataHealthPanel } from './data-health-panel';
import { UnusualPanel } from './unusual-panel';
import { FiguresPanel } from '../../panels/figures-panel';
import { FirstScreenGate, useFirstScreenPainted } from '../../panels/first-screen';
import { LiveNowPanel } from '../../panels/live-now-panel';
import { DistributionPanel } from './distribution-panel';
import { HeatmapPanel } from '../../panels/heatmap-panel';
import { SmallMultiplesPanel, UtilizationOverTimePanel } from './utilization-charts';
import { ComparisonStatus } from '../../views/comparison-status';
import { LargeRequestPanel } from '../../views/large-request-panel';
import { BadRoute, LocationView } from '../../views/location-view';
import type { LocationViewProps } from '../../views/location-view-props';
import { locationName } from '../../views/location-header';
import { LocationViewHead } from '../../views/location-view-head';
import { useLocationViewState } from '../../views/location-view-state';
import { parseLocationId } from '../../views/location-route';
import { figuresOf, useFigures } from '../../views/use-figures';
import { useLocationsSeries } from '../../views/use-location-series';
import { useSlowedDown, withSlowedDown } from '../../views/use-slowed-down';
import { useOverTime } from './use-over-time';
import { useCoverage, useUnusual } from './use-unusual';
import { useComparison } from '../../views/use-comparison';

export function UtilizationPage() {
  const locationId = parseLocationId(useParams().locationId);
  if (locationId === null) return <BadRoute />;
  return (
    <LocationView
      key={locationId}
      locationId={locationId}
      view={UTILIZATION_VIEW}
      render={(view) => <UtilizationBody {...view} />}
    />
  );
}

function UtilizationBody(view: LocationViewProps) {
  const { locationId, record, records, clock, nowMs } = view;
  const { config } = useAppContext();
  const { search } = useLocation();
  const { zone } = clock;

  const { filters, compare } = useLocationViewState();

  const plan = planView({
    locationId,
    definition: UTILIZATION_VIEW,
    filters,
    zone,
    nowMs,
    record,
    compare: compare.mode,
  });
  const children = useMemo(
    () => (records ?? []).filter((child) => child.parent_id === locationId),
    [records, locationId],
  );
  const estimatedPages = figureSeriesPages(plan.estimatedPages, {
    spaces: children.length,
    comparing: compare.mode !== null,
  });
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const waiting = isLargeRequest(estimatedPages) && !confirmed.has(plan.confirmKey);

  const request = waiting ? null : plan.request;
  const range = useDateSpan(plan.request.start_date, plan.request.end_date);
  const comparedRange = plan.comparison?.range ?? null;
  const compareRequest = request && plan.comparison ? plan.comparison.request : null;

  const main = useLocationsSeries([locationId], request, plan.open)[0]!;
  const slowedDown = useSlowedDown();
  // The range reaches today: the live number and what is usual for now, at the top.
  const live = useLiveReading({ locationId, today: plan.today, nowMs, enabled: plan.open });
  const usual = useUsualDay(locationId, plan.today, plan.open);
  const hourNow = Number(formatInstantIn(zone, nowMs, 'H'));
  const previous = useLocationsSeries([locationId], compareRequest, false)[0]!;
  const compared = useComparison({ plan, zone, nowMs, main, previous });
  // The first screen: the live number and what is usual (when the range reaches today) and the headline figures.
  // The charts' code, the spaces' series and the weeks before are asked for once it is painted.
  const firstScreenShown = useFirstScreenPainted(
    (main.series !== undefined || main.error !== null) &&
      (!plan.open || (!live.pending && (usual.day !== undefined || usual.error !== null))),
  );
  const childIds = useMemo(() => children.map((child) => child.location_id), [children]);
  const childStates = useLocationsSeries(childIds, firstScreenShown ? request : null, plan.open);

  const firstPage = main.partial.firstPage;
  const capacity = firstPage?.capacity ?? record?.capacity;
  const occupancy = main.series?.occupancy;
  const coverage = useCoverage({ occupancy, firstPage, range, zone, nowMs });
  const openNow = openStateAt(
    wallClockAt(zone, nowMs),
    live.open,
    scheduleOf(record, echoedSchedule(firstPage, isFiltered(filters))),
  );
  const figures = useFigures(main.series, capacity, config.dwellTimeUnit);
  const unusual = useUnusual({
    locationId,
    request,
    planned: plan.request,
    range,
    figures,
    endWallMs: compared.endWallMs,
    firstScreenShown,
  });
  const previousFigures = useFigures(compared.series, capacity, config.dwellTimeUnit);
  const deltas = useMemo(
    () => (figures && previousFigures ? compareFigures(figures, previousFigures) : undefined),
    [figures, previousFigures],
  );

  const childRows: ChildRow[] = children.map((child, index) => {
    const state = childStates[index]!;
    return {
      record: child,
      figures: figuresOf(state.series, child.capacity, config.dwellTimeUnit),
      error: state.error,
    };
  });

  const zoneText = zoneLabel(zone);
  const schedule = useAppliedSchedule(firstPage);
  const { context: overTimeContext, spaces } = useOverTime({
    range,
    zone,
    nowMs,
    receivedAt: main.updatedAt,
    today: plan.today,
    usualDay: usual.day,
    capacity,
    occupancy,
    hideClosed: hidesClosedTime('60min', filters.closed, record?.operating_hours !== undefined),
    schedule,
    target: config.utilizationTarget,
    compareMode: compare.mode,
    compared: comparedRange,
    previous: compared.series,
    children,
    childStates,
  });

  const name = firstPage?.name ?? record?.name ?? locationName(locationId);
  const describeRange = formatDateRange(range.start, range.end);
  const exportAs: ViewContext = {
    locationId,
    locationName: name,
    capacity,
    view: 'utilization',
    start: range.start,
    end: range.end,
    interval: plan.request.interval,
    applied: firstPage && {
      hours: firstPage.hour_range,
      days: firstPage.days_of_week,
      filteredInBrowser: firstPage.filteredLocally,
    },
    timeZone: zone.kind === 'zone' ? zone.name : null,
  };

  return (
    <FirstScreenGate shown={firstScreenShown}>
      <LocationViewHead firstPage={firstPage} range={range} compared={comparedRange} />
      <p className="series-status utilization-status" role="status">
        {main.fetching ? withSlowedDown(loadingPages(main.pagesLoaded), slowedDown) : ''}
      </p>
      {compare.mode && comparedRange && !waiting && (
        <ComparisonStatus
          label={compared.label}
          range={comparedRange}
          until={compared.until}
          state={compared.state}
          pagesLoaded={previous.pagesLoaded}
          onRetry={previous.retry}
        />
      )}
      {waiting ? (
        <LargeRequestPanel
          pages={estimatedPages}
          spaces={children.length}
          withComparison={compare.mode !== null}
          onProceed={() => setConfirmed(new Set(confirmed).add(plan.confirmKey))}
        />
      ) : (
        <>
          {plan.open && (
            <LiveNowPanel
              live={live}
              capacity={capacity}
              usual={usual.day?.[hourNow]}
              weekday={dayCode(plan.today)}
              hour={hourNow}
              nowMs={nowMs}
              state={openNow}
            />
          )}
          <FiguresPanel
            figures={figures}
            capacity={capacity}
            cost={placeCost(config)}
            error={main.error}
            onRetry={main.retry}
            comparison={
              compare.mode
                ? {
                    deltas,
                    label: compared.name,
                    unavailable: compared.state === 'failed' ? didNotLoad(compared.label) : null,
                  }
                : undefined
            }
            exportAs={{
              context: exportAs,
              comparison:
                comparedRange && compare.mode
                  ? { mode: compare.mode, start: comparedRange.start, end: comparedRange.end, figures: previousFigures }
                  : undefined,
            }}
          />
          <UtilizationOverTimePanel
            points={occupancy}
            context={overTimeContext}
            summary={t`Utilization of ${name} against its capacity, ${describeRange}, hourly, times in ${zoneText}.`}
            exportAs={exportAs}
          />
          {/* After the chart, which is on the first screen: what is usual for these dates, and the data's health,
              arrive later than the figures and would push it down as they do. */}
          {unusual.asked && figures && <UnusualPanel current={figures.averageUtilization} usual={unusual.unusual} />}
          {coverage && <DataHealthPanel coverage={coverage} nowMs={nowMs} />}
          <div className="panel-row">
            <HeatmapPanel points={occupancy} zoneLabel={zoneText} exportAs={exportAs} />
            <DistributionPanel points={occupancy} exportAs={exportAs} />
          </div>
          {children.length > 0 && (
            <>
              <ChildrenPanel rows={childRows} search={search} exportAs={exportAs} />
              <SmallMultiplesPanel spaces={spaces} context={overTimeContext} exportAs={exportAs} />
            </>
          )}
        </>
      )}
    </FirstScreenGate>
  );
}

/** The hours and days the server applied: the same object while they are the same. */
function useAppliedSchedule(firstPage: WalkedPage | undefined) {
  const hoursStart = firstPage?.hour_range.start;
  const hoursEnd = firstPage?.hour_range.end;
  const days = firstPage?.days_of_week.join(',');
  return useMemo(
    () =>
      hoursStart === undefined || hoursEnd === undefined || days === undefined
        ? undefined
        : { hours: { start: hoursStart, end: hoursEnd }, days: days === '' ? [] : days.split(',').map(Number) },
    [hoursStart, hoursEnd, days],
  );
}

/** `Loading… 3 pages so far`. */
function loadingPages(pages: number): string {
  return plural(pages, { one: 'Loading… # page so far', other: 'Loading… # pages so far' });
}

/** `Previous period did not load`. */
function didNotLoad(name: string): string {
  return t`${name} did not load`;
}
