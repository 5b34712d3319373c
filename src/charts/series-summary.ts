/**
 * What a screen reader hears of a chart's values (a canvas says nothing): the lowest, the highest and the latest
 * value, each with the window it belongs to, on the location's wall clock (the timestamp's own fields, never the
 * viewer's zone). Pure, so it is tested without a canvas.
 */
import { plural, t } from '@lingui/core/macro';

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
  return describeExtremes(
    extremesOf(
      [points],
      (point) => point.value,
      (point) => point.windowStart,
    ),
    format,
    subDaily,
  );
}

interface Extremes {
  lowest: SummaryPoint;
  highest: SummaryPoint;
  latest: SummaryPoint;
}

/** The lowest, highest and latest value over pages of points, read in place (a year is 35,000 points). */
function extremesOf<P>(
  pages: readonly (readonly P[])[],
  value: (point: P) => number | null,
  windowStart: (point: P) => string,
): Extremes | null {
  let lowest: P | undefined;
  let highest: P | undefined;
  let latest: P | undefined;
  let low = 0;
  let high = 0;
  for (const page of pages) {
    for (const point of page) {
      const v = value(point);
      if (v === null || !Number.isFinite(v)) continue;
      if (lowest === undefined || v < low) [lowest, low] = [point, v];
      if (highest === undefined || v > high) [highest, high] = [point, v];
      latest = point;
    }
  }
  if (lowest === undefined || highest === undefined || latest === undefined) return null;
  const summary = (point: P): SummaryPoint => ({ windowStart: windowStart(point), value: value(point) });
  return { lowest: summary(lowest), highest: summary(highest), latest: summary(latest) };
}

function describeExtremes(
  extremes: Extremes | null,
  format: (value: number) => string,
  subDaily: boolean,
): string | null {
  if (!extremes) return null;
  const value = (point: SummaryPoint) => format(point.value!);
  const when = (point: SummaryPoint) => wallClockLabel(point.windowStart, subDaily);
  const [lowest, lowestAt] = [value(extremes.lowest), when(extremes.lowest)];
  const [highest, highestAt] = [value(extremes.highest), when(extremes.highest)];
  const [latest, latestAt] = [value(extremes.latest), when(extremes.latest)];
  return t`lowest ${lowest} (${lowestAt}), highest ${highest} (${highestAt}), latest ${latest} (${latestAt})`;
}

/** The chart's lowest, highest and latest value for a screen reader, in the metric's main measure. */
export function describeMetricValues(
  metric: string,
  pages: readonly { data: readonly object[] }[],
  interval: string,
  dwellUnit: string,
): string | null {
  const subDaily = isSubDaily(interval);
  const describe = (field: string, format: (value: number) => string) =>
    describeExtremes(
      extremesOf(
        pages.map((page) => page.data as readonly Record<string, unknown>[]),
        (point) => (typeof point[field] === 'number' ? point[field] : null),
        (point) => String(point.window_start),
      ),
      format,
      subDaily,
    );
  switch (metric) {
    case 'occupancy': {
      const text = describe('avg_occupancy', (v) => {
        const people = formatNumber(v);
        return v === 1 ? t`${people} person` : t`${people} people`;
      });
      return text && t`average occupancy ${text}`;
    }
    case 'traffic': {
      const text = describe('traffic', (v) => plural(v, { one: '# entry', other: '# entries' }));
      return text && t`entries ${text}`;
    }
    case 'dwell_time': {
      const text = describe('avg_dwell_time', (v) => {
        const amount = formatNumber(v);
        return dwellUnit === 'seconds' ? t`${amount} seconds` : t`${amount} minutes`;
      });
      return text && t`average visit ${text}`;
    }
    case 'availability': {
      const text = describe('availability_percentage', (v) => {
        const share = percent(v);
        return t`${share} free`;
      });
      return text && t`availability ${text}`;
    }
    default:
      return null;
  }
}
