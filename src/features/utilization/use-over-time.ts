/**
 * What the utilization page's charts over time are drawn with: the axis over the range, the closed hours cut out,
 * the usual day behind a view of today, the comparison's windows that pair with this period's, and the spaces'
 * small multiples. Each is the same object while what it is made of is, so a chart is redrawn only when it changes.
 */
import { useMemo } from 'react';

import type { ComparisonMode, ComparisonRange } from '../../analysis/periods';
import type { UsualValue } from '../../analysis/usual';
import type { LocationRecord, OccupancyPoint } from '../../api/schemas';
import { alignedComparison } from '../../charts/chart-base';
import { closedSpans } from '../../charts/time-axis';
import { usualForView } from '../../charts/usual-overlay';
import type { UtilizationOverTimeContext } from '../../charts/utilization-options';
import { compareLabel } from '../../filters/compare';
import { isoDateToUtcMs, zoneLabel, type LocationZone } from '../../lib/time';
import { DAY_MS } from '../../lib/time-spans';
import { useSameItems } from '../../lib/use-same-items';
import type { LocationSeries, LocationSeriesState } from '../../views/use-location-series';

export interface OverTimeInput {
  /** The range shown (the same object while its dates are). */
  range: { start: string; end: string };
  zone: LocationZone;
  nowMs: number;
  /** When the series drawn were received: the windows still going on then are drawn as partial. */
  receivedAt: number;
  today: string;
  /** What is usual for today's weekday, hour by hour. */
  usualDay: readonly (UsualValue | null)[] | undefined;
  capacity: number | undefined;
  occupancy: OccupancyPoint[] | undefined;
  /** The hours and days applied, when closed time is cut out of the axis. */
  hideClosed: boolean;
  schedule: { hours: { start: number; end: number }; days: number[] } | undefined;
  target: { low: number; high: number } | undefined;
  /** The comparison: its mode, its dates and its series. */
  compareMode: ComparisonMode | null;
  compared: ComparisonRange | null;
  previous: LocationSeries | undefined;
  children: readonly LocationRecord[];
  childStates: readonly LocationSeriesState[];
}

export function useOverTime(input: OverTimeInput) {
  const { range, zone, nowMs, receivedAt, today, usualDay, capacity, occupancy, hideClosed, schedule, target } = input;
  const { compareMode, previous, children } = input;
  const shiftDays = input.compared?.shiftDays;
  const xRange = useMemo(
    (): [number, number] => [isoDateToUtcMs(range.start), isoDateToUtcMs(range.end) + DAY_MS],
    [range],
  );
  const closed = useMemo(
    () => (hideClosed && schedule ? closedSpans(xRange, schedule) : undefined),
    [hideClosed, schedule, xRange],
  );
  // A view of today: the usual day behind today's line, redrawn as it arrives and as now moves on (every minute).
  const usualToday = useMemo(
    () => usualForView(usualDay, { zone, range, interval: '60min', today, nowMs }),
    [usualDay, zone, range, today, nowMs],
  );
  const zoneText = zoneLabel(zone);
  const context = useMemo(
    (): UtilizationOverTimeContext => ({
      usual: usualToday && capacity ? { ...usualToday, capacity } : undefined,
      interval: '60min',
      zoneLabel: zoneText,
      nowMs: receivedAt,
      xRange,
      closedSpans: closed,
      targetBand: target,
      // Only the comparison's windows that pair with one of this period's (charts/chart-base.ts alignedComparison).
      compare:
        shiftDays !== undefined && previous && occupancy
          ? alignedComparison(occupancy, previous.occupancy, {
              label: compareMode ? compareLabel(compareMode) : '',
              shiftDays,
            })
          : undefined,
    }),
    [usualToday, capacity, zoneText, receivedAt, xRange, closed, target, shiftDays, previous, occupancy, compareMode],
  );
  const childSeries = useSameItems(input.childStates.map((state) => state.series));
  const spaces = useMemo(
    () =>
      children.flatMap((child, index) => {
        const series = childSeries[index];
        return series ? [{ name: child.name, points: series.occupancy }] : [];
      }),
    [children, childSeries],
  );
  return { context, spaces };
}
