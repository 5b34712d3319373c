/**
 * What a kiosk screen asks for, planned the same way by its data hook (use-kiosk-data.ts) and by the app's start
 * (kiosk-prefetch.ts), so both ask with the same keys: its range as the pages plan it (one too large for a screen
 * nobody can confirm becomes the last 30 days) and today's two series. No React here: this is on the app's start.
 */
import { parseFilters, type FilterDefaults, type Filters } from '../../filters/model';
import { planView, type ViewPlan } from '../../filters/view-plan';
import type { LocationZone } from '../../lib/time';
import { UTILIZATION_VIEW } from '../../metrics/definitions';
import type { SeriesRequest } from '../../metrics/queries';

/** The intervals of today's two charts: occupancy by the quarter-hour, entries by the hour. */
export const TODAY_INTERVALS = { occupancy: '15min', traffic: '60min' } as const;

/** The kiosk's range for `locationId` at `nowMs`, from its address's filters. */
export function planKioskRange(input: {
  search: string;
  defaults: FilterDefaults;
  locationId: number;
  zone: LocationZone;
  nowMs: number;
}): { filters: Filters; plan: ViewPlan } {
  const { search, defaults, locationId, zone, nowMs } = input;
  const planFor = (filters: Filters) =>
    planView({ locationId, definition: UTILIZATION_VIEW, filters, zone, nowMs, record: undefined });
  const parsed = parseFilters(search, UTILIZATION_VIEW, defaults).filters;
  const asked = planFor(parsed);
  if (!asked.large) return { filters: parsed, plan: asked };
  const smaller: Filters = { ...parsed, range: { kind: 'preset', preset: '30d' } };
  return { filters: smaller, plan: planFor(smaller) };
}

/** The request of today's chart of `metric`. */
export function todayRequest(metric: keyof typeof TODAY_INTERVALS, today: string): SeriesRequest {
  return { start_date: today, end_date: today, interval: TODAY_INTERVALS[metric] };
}
