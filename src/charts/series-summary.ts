/**
 * What a screen reader hears of a chart's values (a canvas says nothing): the lowest, the highest and the latest
 * value, each with the window it belongs to, on the location's wall clock (the timestamp's own fields, never the
 * viewer's zone). Pure, so it is tested without a canvas.
 */
import { formatNumber, percent } from '../lib/format';
import { formatWall, parseLocalDateTime } from '../lib/time';
import { isSubDaily } from './time-axis';

export interface SummaryPoint {
  /** The window's start as the API wrote it, with its offset: `2026-11-12T09:00:00+01:00`. */
  windowStart: string;
  value: number | null;
}

/**
 * `Thu 12 Nov 2026` for daily and longer windows, `Thu 12 Nov 2026 09:00` for shorter ones: the dates of the
 * tooltips and the table (lib/format.ts), on the window's own wall clock.
 */
export function wallClockLabel(windowStart: string, subDaily: boolean): string {
  return formatWall(parseLocalDateTime(windowStart).wallMs, subDaily ? 'EEE d MMM yyyy HH:mm' : 'EEE d MMM yyyy');
}

/**
 * "lowest 3 people (2026-11-12), highest 41 people (2026-11-16), latest 12 people (2026-11-17)"; the earliest
 * window wins a tie; null when no window has a value.
 */
export function describeValues(
  points: readonly SummaryPoint[],
  format: (value: number) => string,
  subDaily: boolean,
): string | null {
  let lowest: SummaryPoint | undefined;
  let highest: SummaryPoint | undefined;
  let latest: SummaryPoint | undefined;
  for (const point of points) {
    if (point.value === null || !Number.isFinite(point.value)) continue;
    if (lowest === undefined || point.value < lowest.value!) lowest = point;
    if (highest === undefined || point.value > highest.value!) highest = point;
    latest = point;
  }
  if (!lowest || !highest || !latest) return null;
  const part = (word: string, point: SummaryPoint) =>
    `${word} ${format(point.value!)} (${wallClockLabel(point.windowStart, subDaily)})`;
  return [part('lowest', lowest), part('highest', highest), part('latest', latest)].join(', ');
}

/** The chart's lowest, highest and latest value for a screen reader, in the metric's main measure. */
export function describeMetricValues(
  metric: string,
  pages: readonly { data: readonly object[] }[],
  interval: string,
  dwellUnit: string,
): string | null {
  const subDaily = isSubDaily(interval);
  const points = (value: (point: Record<string, unknown>) => number | null): SummaryPoint[] =>
    pages.flatMap((page) =>
      (page.data as readonly Record<string, unknown>[]).map((point) => ({
        windowStart: String(point.window_start),
        value: value(point),
      })),
    );
  const numberOf = (field: string) => (point: Record<string, unknown>) =>
    typeof point[field] === 'number' ? point[field] : null;
  switch (metric) {
    case 'occupancy': {
      const text = describeValues(
        points(numberOf('avg_occupancy')),
        (v) => `${formatNumber(v)} ${v === 1 ? 'person' : 'people'}`,
        subDaily,
      );
      return text && `average occupancy ${text}`;
    }
    case 'traffic': {
      const text = describeValues(points(numberOf('traffic')), (v) => `${formatNumber(v)} entries`, subDaily);
      return text && `entries ${text}`;
    }
    case 'dwell_time': {
      const text = describeValues(
        points(numberOf('avg_dwell_time')),
        (v) => `${formatNumber(v)} ${dwellUnit}`,
        subDaily,
      );
      return text && `average visit ${text}`;
    }
    case 'availability': {
      const text = describeValues(points(numberOf('availability_percentage')), (v) => `${percent(v)} free`, subDaily);
      return text && `availability ${text}`;
    }
    default:
      return null;
  }
}
