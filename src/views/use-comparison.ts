/**
 * A utilization view's comparison period (the utilization page's, each location's on the compare page) (`compare=previous|year`): its four series over the compared dates, cut at
 * the same local time as this period's data ends when this period reaches now (analysis/period-cut.ts; its hourly
 * windows in proportion, dwell time's daily window whole), and what it is called where a change is shown.
 */
import { useMemo } from 'react';

import { comparedCutWallMs, cutAt, periodEndWallMs } from '../analysis/period-cut';
import { compareLabel, comparisonName, cutWords } from '../filters/compare';
import type { ViewPlan } from '../filters/view-plan';
import { wallClockAt, type LocationZone } from '../lib/time';
import { comparisonState } from './comparison-status';
import type { LocationSeries, LocationSeriesState } from './use-location-series';

export function useComparison(props: {
  plan: ViewPlan;
  zone: LocationZone;
  nowMs: number;
  /** This period's series and the comparison's, as loaded. */
  main: LocationSeriesState;
  previous: LocationSeriesState;
}) {
  const { plan, zone, nowMs, main, previous } = props;
  const comparison = plan.comparison;
  // Where this period's data ends when it reaches now: the minute it was read, on the location's wall clock.
  const endWallMs = plan.open ? periodEndWallMs(wallClockAt(zone, main.updatedAt || nowMs)) : null;
  const cutWallMs = comparison && endWallMs !== null ? comparedCutWallMs(endWallMs, comparison.range.shiftDays) : null;
  const series = useMemo(
    () => (previous.series && cutWallMs !== null ? cutSeries(previous.series, cutWallMs) : previous.series),
    [previous.series, cutWallMs],
  );
  const until =
    comparison && cutWallMs !== null
      ? cutWords({ cutWallMs, shiftDays: comparison.range.shiftDays, wholeDays: false })
      : null;
  const label = comparison ? compareLabel(comparison.mode) : '';
  return {
    /** Where this period's data ends on the location's wall clock when it reaches now, else null. */
    endWallMs,
    /** The compared series, cut when this period reaches now; undefined until all four are whole. */
    series,
    label,
    until,
    /** What a change is shown against: "Previous period, to the same time (Wed 10:30)". */
    name: comparison ? comparisonName(comparison.mode, until) : '',
    state: comparisonState(previous),
  };
}

/**
 * Where a utilization view's compared series is cut (wall-clock ms), when its period reaches now: this period's end
 * (the minute its data was read, `readAtMs`), `shiftDays` earlier; null when the period is over or nothing compares.
 */
export function comparedCut(plan: ViewPlan, zone: LocationZone, readAtMs: number): number | null {
  const endWallMs = plan.open ? periodEndWallMs(wallClockAt(zone, readAtMs)) : null;
  return plan.comparison && endWallMs !== null ? comparedCutWallMs(endWallMs, plan.comparison.range.shiftDays) : null;
}

/** The four series cut at `cutWallMs`: the hourly ones in proportion, dwell time's daily window as it is. */
export function cutSeries(series: LocationSeries, cutWallMs: number): LocationSeries {
  return {
    ...series,
    occupancy: cutAt('occupancy', series.occupancy, cutWallMs),
    traffic: cutAt('traffic', series.traffic, cutWallMs),
    availability: cutAt('availability', series.availability, cutWallMs),
    dwell: cutAt('dwell_time', series.dwell, cutWallMs),
  };
}
