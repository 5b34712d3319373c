/** One function per figure of figures.ts: each implements one of FIGURE_DEFINITIONS, and only there. */
import type { AvailabilityPoint, DwellTimePoint, DwellUnit, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { readStart, readWindow, type LocalStart } from './local-window';
import { bestKey, meansByKey, weightedMean } from './stats';

/** `average-utilization` over some windows (its one implementation). */
export function averageUtilization(occupancy: readonly OccupancyPoint[]): number | null {
  return weightedMean(
    occupancy.map((point) => ({ value: point.avg_utilization_percentage, weight: readWindow(point).lengthMs })),
  );
}

/** No spread into Math.max: years of hourly windows would exceed the argument limit. */
export function maxOf(values: readonly number[]): number | null {
  return values.reduce<number | null>((max, value) => (max === null || value > max ? value : max), null);
}

/** The highest peak_occupancy and the window_start of the earliest window (by instant) reaching it. */
export function peakOccupancy(occupancy: readonly OccupancyPoint[]): { value: number; at: string } | null {
  return extremeWindow(
    occupancy,
    (point) => point.peak_occupancy,
    (a, b) => a > b,
  );
}

/**
 * The value `better` than every other (nulls left out), and the window_start of the earliest window (by instant)
 * with it: a peak and when, a least free window and when.
 */
export function extremeWindow<P extends { window_start: string }>(
  points: readonly P[],
  value: (point: P) => number | null,
  better: (a: number, b: number) => boolean,
): { value: number; at: string } | null {
  let best: { value: number; at: string; startMs: number } | null = null;
  for (const point of points) {
    const v = value(point);
    if (v === null || (best !== null && better(best.value, v))) continue;
    const startMs = readStart(point.window_start).startMs;
    if (best === null || better(v, best.value) || startMs < best.startMs) {
      best = { value: v, at: point.window_start, startMs };
    }
  }
  return best && { value: best.value, at: best.at };
}

export function totalEntries(traffic: readonly TrafficPoint[]): number | null {
  if (traffic.length === 0) return null;
  return traffic.reduce((sum, point) => sum + point.traffic, 0);
}

/** Entries per local date (of each window's start). */
export function entriesByDate(traffic: readonly TrafficPoint[]): Map<string, number> {
  const byDate = new Map<string, number>();
  for (const point of traffic) {
    const { date } = readStart(point.window_start);
    byDate.set(date, (byDate.get(date) ?? 0) + point.traffic);
  }
  return byDate;
}

export function averageDwellMinutes(
  dwell: readonly DwellTimePoint[],
  traffic: readonly TrafficPoint[],
  unit: DwellUnit,
): number | null {
  const entries = entriesByDate(traffic);
  const mean = weightedMean(
    dwell.flatMap((point) =>
      point.avg_dwell_time === null
        ? []
        : [{ value: point.avg_dwell_time, weight: entries.get(readStart(point.window_start).date) ?? 0 }],
    ),
  );
  return mean === null ? null : toMinutes(mean, unit);
}

export function toMinutes(value: number, unit: DwellUnit): number {
  return unit === 'seconds' ? value / 60 : value;
}

export function inUseShare(availability: readonly AvailabilityPoint[]): number | null {
  return weightedMean(
    availability.flatMap((point) =>
      point.availability_percentage === null
        ? []
        : [{ value: 1 - point.availability_percentage, weight: readWindow(point).lengthMs }],
    ),
  );
}

export function hoursOverCapacity(occupancy: readonly OccupancyPoint[], capacity: number): number | null {
  if (occupancy.length === 0 || !(capacity > 0)) return null;
  return occupancy.filter((point) => point.peak_occupancy > capacity).length;
}

/** The key (local hour, weekday) with the highest mean avg_occupancy over its windows; ties → the lowest key. */
export function busiestBy(occupancy: readonly OccupancyPoint[], keyOf: (start: LocalStart) => number): number | null {
  return bestKey(
    meansByKey(occupancy.map((point) => ({ key: keyOf(readStart(point.window_start)), value: point.avg_occupancy }))),
  );
}
