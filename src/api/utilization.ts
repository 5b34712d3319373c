/**
 * `avg_/peak_utilization_percentage` are named percentages but described as fractions (spec 2.2). We treat
 * them as fractions 0..1 and detect a server that sends 0..100 instead, by cross-checking each window where
 * people were present against `avg_occupancy / capacity`.
 *
 * `avg_occupancy` is an integer, so the true average lies within ±0.5 of it; the reported value may itself be
 * rounded (to two decimals at worst). A window votes for a scale when only that scale fits; windows where both
 * fit (tiny values) do not vote. Values above 1 on the fraction scale are real: the location was over capacity.
 */
import type { OccupancyPoint, ShareScale } from './schemas';

const REPORTED_ROUNDING = 0.005;

export function detectUtilizationScale(points: readonly OccupancyPoint[], capacity: number): ShareScale {
  if (capacity <= 0) return 'fraction';
  let fractionVotes = 0;
  let percentVotes = 0;
  for (const point of points) {
    if (point.avg_occupancy <= 0) continue;
    const low = (point.avg_occupancy - 0.5) / capacity - REPORTED_ROUNDING;
    const high = (point.avg_occupancy + 0.5) / capacity + REPORTED_ROUNDING;
    const reported = point.avg_utilization_percentage;
    const fitsFraction = reported >= low && reported <= high;
    const fitsPercent = reported / 100 >= low && reported / 100 <= high;
    if (fitsFraction && !fitsPercent) fractionVotes++;
    if (fitsPercent && !fitsFraction) percentVotes++;
  }
  return percentVotes > fractionVotes ? 'percent' : 'fraction';
}

/** Returns the points on the fraction scale (the same array when they already are). */
export function normalizeUtilization<P extends OccupancyPoint>(points: P[], capacity: number): P[] {
  if (detectUtilizationScale(points, capacity) === 'fraction') return points;
  return points.map((point) => ({
    ...point,
    avg_utilization_percentage: point.avg_utilization_percentage / 100,
    peak_utilization_percentage: point.peak_utilization_percentage / 100,
  }));
}
