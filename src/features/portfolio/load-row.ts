/**
 * One portfolio row, loaded: the location's clock, the utilization page's own request for its dates (planView, so
 * both pages ask for and compute over the same windows), the previous period, and the figures (analysis/
 * portfolio.ts). Only the figures are kept: a row holds a few numbers, never its windows, so 1,650 rows hold
 * about as much as one location's page.
 *
 * Dates at scale: a rolling range ("last 7 days") means each location's own calendar days. A location whose zone
 * is named (config.json, or the server's record) needs no request for that. One without (the real vendor's records)
 * gets the one-day clock probe of the location pages (locations/location-zone.ts), made as part of its own row,
 * through the limiter and in the row's turn, and cached for the UTC day: nothing waits for every clock before the
 * table shows, and the rows on screen learn theirs first. Dates pinned in the link (`from`/`to`) need no clock.
 */
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';

import { dataCoverage, dataHealth, type DataHealth } from '../../analysis/coverage';
import { echoedSchedule, type OpenSchedule } from '../../analysis/open-hours';
import { comparedCutWallMs, cutAt, periodEndWallMs } from '../../analysis/period-cut';
import { portfolioFigures, type PortfolioFigures } from '../../analysis/portfolio';
import type { ApiClient } from '../../api/client';
import type { WalkedPage } from '../../api/filter-fallback';
import type { LocationRecord, OccupancyPoint } from '../../api/schemas';
import { walkPages, walkSeries } from '../../api/series-walk';
import type { ConfiguredLocation } from '../../config/runtime-config';
import { isFiltered, type Filters } from '../../filters/model';
import { comparedDates, planView } from '../../filters/view-plan';
import { windowsClock } from '../../lib/local-clock';
import { nextTask } from '../../lib/scheduling/after-paint';
import { localDateFromProbe, probeDateAt, wallClockAt, type LocationZone } from '../../lib/time';
import { namedZone } from '../../locations/location-zone';
import { locationQueries } from '../../locations/queries';
import { UTILIZATION_VIEW } from '../../metrics/definitions';

export interface RowContext {
  client: ApiClient;
  queryClient: QueryClient;
  /** The deployment's entry for the location (config.json), which may name its zone. */
  configured: ConfiguredLocation | undefined;
  filters: Filters;
  nowMs: number;
}

export interface LoadedRow {
  figures: PortfolioFigures;
  /** The dates the figures cover, on the location's calendar. */
  start: string;
  end: string;
  /**
   * The hours and days the server applies when asked for none (spec 2.1's echo), from the row's own response when
   * its request had no hour or day filters; null otherwise. Says when the location is open (analysis/open-hours.ts).
   */
  schedule?: OpenSchedule | null;
  /** How much of the range's expected hourly windows came (analysis/coverage.ts), as of the load. */
  health?: DataHealth | null;
}

export async function loadRow(context: RowContext, record: LocationRecord, signal: AbortSignal): Promise<LoadedRow> {
  const { client, filters, nowMs } = context;
  const locationId = record.location_id;
  const zone = await zoneOf(context, record, signal);
  const plan = planView({ locationId, definition: UTILIZATION_VIEW, filters, zone, nowMs, record });
  const request = plan.request;
  const previous = comparedDates(filters.range, request, 'previous');
  const walk = async (start_date: string, end_date: string) => {
    const done = await walkSeries(
      client,
      'occupancy',
      locationId,
      { ...request, start_date, end_date },
      {
        signal,
        today: plan.today,
        maxChains: 1,
      },
    );
    return walkPages(done) as WalkedPage<'occupancy'>[];
  };
  const [current, before] = await Promise.all([
    walk(request.start_date, request.end_date),
    walk(previous.start, previous.end),
  ]);
  const capacity = current[0]?.capacity ?? record.capacity;
  const points = (pages: WalkedPage<'occupancy'>[]): OccupancyPoint[] => pages.flatMap((page) => page.data);
  const occupancy = points(current);
  // A range that reaches now is compared with the previous period up to the same local time (analysis/period-cut.ts).
  const endWallMs = plan.open ? periodEndWallMs(wallClockAt(zone, nowMs)) : null;
  const previousPoints =
    endWallMs === null
      ? points(before)
      : cutAt('occupancy', points(before), comparedCutWallMs(endWallMs, previous.shiftDays));
  // The figures, then the data's health, each in a task of its own after the one that read the last answer: on a
  // slow phone one task for all three was long (lib/scheduling/after-paint.ts).
  await nextTask();
  signal.throwIfAborted();
  const figures = portfolioFigures({
    capacity,
    occupancy,
    previous: previousPoints,
    start: request.start_date,
    end: request.end_date,
  });
  await nextTask();
  signal.throwIfAborted();
  const health =
    current[0] &&
    dataHealth(
      dataCoverage({
        points: occupancy,
        start: request.start_date,
        end: request.end_date,
        // The hours and days applied: the filters', else the location's own.
        schedule: { hours: current[0].hour_range, days: current[0].days_of_week },
        nowMs,
        // A row without a zone name reads its local days from the offsets its windows and range carry.
        clock: windowsClock(
          zone,
          occupancy,
          current.map((page) => page.time_range),
        ),
      }),
    );
  return {
    figures,
    start: request.start_date,
    end: request.end_date,
    schedule: echoedSchedule(current[0], isFiltered(filters)),
    health,
  };
}

async function zoneOf(context: RowContext, record: LocationRecord, signal: AbortSignal): Promise<LocationZone> {
  const named = namedZone(record, context.configured);
  if (named) return named.zone;
  if (context.filters.range.kind === 'custom') return { kind: 'offset', offsetMinutes: 0 }; // dates need no clock
  const date = probeDateAt(context.nowMs);
  // The probe is the location page's too (the same query): a row no longer wanted stops waiting for it but lets it
  // finish into the cache, where the location's page, opened from the row a moment later, finds it whole.
  const day = await untilAborted(
    context.queryClient.fetchQuery(locationQueries.localDay(context.client, record.location_id, date)),
    signal,
  );
  if (localDateFromProbe(day, context.nowMs) === null) throw new Error(t`The location’s local date could not be read.`);
  return { kind: 'day', day };
}

/** `promise`, or an AbortError as soon as `signal` aborts (the work behind the promise goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
