import { useMemo } from 'react';

import { showsUsual, usualForView } from '../../charts/usual-overlay';
import type { LocationZone } from '../../lib/time';
import { useUsualDay } from '../../live/use-usual';

/**
 * Occupancy today: the usual day behind today's line (its history asked for only when it is drawn), redrawn when
 * the usual arrives and as now moves on (every minute). Undefined when the chart draws none.
 */
export function useUsualToday(props: {
  locationId: number;
  /** The chart is shown and its metric is occupancy. */
  wanted: boolean;
  range: { start: string; end: string };
  interval: string;
  today: string;
  zone: LocationZone;
  nowMs: number;
}) {
  const { locationId, wanted, range, interval, today, zone, nowMs } = props;
  const drawsUsual = wanted && showsUsual({ range, interval, today });
  const usualDay = useUsualDay(locationId, today, drawsUsual).day;
  return useMemo(
    () => (drawsUsual ? usualForView(usualDay, { range, interval, today, zone, nowMs }) : undefined),
    [drawsUsual, usualDay, range, interval, today, zone, nowMs],
  );
}
