/**
 * `availability_percentage` is "a fraction between 0 and 1" (spec 2.5) under a name that says percentage,
 * like the utilization fields. A share of time cannot exceed 1, so one value above 1 in a response means the
 * server sends 0..100: the whole response is divided by 100. (A 0..100 server whose every value is at most 1
 * cannot be told apart; such a response reads as nearly all free or nearly all busy either way.)
 */
import type { AvailabilityPoint } from './schemas';

export function normalizeAvailability<P extends AvailabilityPoint>(points: P[]): P[] {
  const percent = points.some((point) => (point.availability_percentage ?? 0) > 1);
  if (!percent) return points;
  return points.map((point) => ({
    ...point,
    availability_percentage: point.availability_percentage === null ? null : point.availability_percentage / 100,
  }));
}
