/**
 * From window totals to the four metrics' data points. All four come from the same 5-minute samples:
 *
 * - occupancy: mean and peak of the delivered samples; utilisation = occupancy / capacity.
 * - traffic: the entries in the window.
 * - dwell_time: person-minutes / entries (Little's law); the peak is a deterministic 1.5x to 3x of it.
 * - availability: the share of delivered samples with nobody present.
 *
 * A window without any delivered sample (outage, or before the start date) is left out of occupancy
 * and traffic and is null in dwell_time and availability. Dwell time is also null when nobody entered
 * during the window: there is no visit to measure.
 */
import type {
  AvailabilityPoint,
  DwellTimePoint,
  DwellUnit,
  Metric,
  OccupancyPoint,
  PointOf,
  ShareScale,
  TrafficPoint,
} from '../src/api/schemas';
import { formatLocalDateTime, MINUTE_MS } from './local-time';
import { SAMPLE_MINUTES } from './model';
import { Stream, unitHash } from './prng';
import type { AggregatedWindow } from './windows';

export type { DwellUnit };
export type UtilizationScale = ShareScale;

export interface ProjectionContext {
  locationId: number;
  capacity: number;
  seed: number;
  dwellUnit: DwellUnit;
  utilizationScale: UtilizationScale;
}

/** RFC 3339 local start and end of a window (the start is also the point's `timestamp`). */
function windowBounds(window: AggregatedWindow): [start: string, end: string] {
  return [
    formatLocalDateTime(window.startMs, window.startOffsetMinutes),
    formatLocalDateTime(window.endMs, window.endOffsetMinutes),
  ];
}

/** people / capacity as a fraction with 4 decimals, or the same figure as a percentage. */
export function utilization(people: number, capacity: number, scale: UtilizationScale): number {
  const basisPoints = Math.round((people / capacity) * 10_000);
  return scale === 'percent' ? basisPoints / 100 : basisPoints / 10_000;
}

function roundTo4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function hasData(window: AggregatedWindow): boolean {
  return window.totals.present > 0;
}

function occupancyPoint(window: AggregatedWindow, context: ProjectionContext): OccupancyPoint {
  const { occupancySum, occupancyPeak, present } = window.totals;
  const mean = occupancySum / present;
  const [start, end] = windowBounds(window);
  // Literal objects rather than spreads: this runs for every window of a year at 15 minutes.
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_occupancy: Math.round(mean),
    avg_utilization_percentage: utilization(mean, context.capacity, context.utilizationScale),
    peak_occupancy: occupancyPeak,
    peak_utilization_percentage: utilization(occupancyPeak, context.capacity, context.utilizationScale),
  };
}

function trafficPoint(window: AggregatedWindow): TrafficPoint {
  const [start, end] = windowBounds(window);
  return { timestamp: start, window_start: start, window_end: end, traffic: window.totals.entries };
}

function dwellTimePoint(window: AggregatedWindow, context: ProjectionContext): DwellTimePoint {
  const { occupancySum, entries } = window.totals;
  const [start, end] = windowBounds(window);
  if (!hasData(window) || entries === 0) {
    return { timestamp: start, window_start: start, window_end: end, avg_dwell_time: null, peak_dwell_time: null };
  }
  const averageMinutes = (occupancySum * SAMPLE_MINUTES) / entries;
  const peakFactor =
    1.5 + 1.5 * unitHash(context.seed, context.locationId, Stream.peakDwell, window.startMs / MINUTE_MS);
  const inUnit = (minutes: number) => Math.round(context.dwellUnit === 'seconds' ? minutes * 60 : minutes);
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    avg_dwell_time: inUnit(averageMinutes),
    peak_dwell_time: inUnit(averageMinutes * peakFactor),
  };
}

function availabilityPoint(window: AggregatedWindow): AvailabilityPoint {
  const { emptySamples, present } = window.totals;
  const [start, end] = windowBounds(window);
  return {
    timestamp: start,
    window_start: start,
    window_end: end,
    availability_percentage: hasData(window) ? roundTo4(emptySamples / present) : null,
  };
}

/** Occupancy and traffic leave out windows without data; dwell time and availability show them as null. */
export function showsWindow(metric: Metric, hasData: boolean): boolean {
  return hasData || metric === 'dwell_time' || metric === 'availability';
}

export function toPoint<M extends Metric>(metric: M, window: AggregatedWindow, context: ProjectionContext): PointOf<M> {
  switch (metric) {
    case 'occupancy':
      return occupancyPoint(window, context) as PointOf<M>;
    case 'traffic':
      return trafficPoint(window) as PointOf<M>;
    case 'dwell_time':
      return dwellTimePoint(window, context) as PointOf<M>;
    default:
      return availabilityPoint(window) as PointOf<M>;
  }
}
