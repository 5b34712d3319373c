/**
 * How the hours were spread over utilization bands: each occupancy window present counts once, in the band of its
 * avg_utilization_percentage (a fraction). Bands are closed below and open above — 0.2 is in 20–40 % — except
 * 80–100 %, which also holds exactly 1.0; anything above 1.0 is "over 100 %". `share` is the band's windows over
 * all windows, null when there are none. Windows lost to outages are absent, so they are in no band.
 */
import type { OccupancyPoint } from '../api/schemas';

export interface UtilizationBin {
  label: string;
  /** Lower bound, a fraction (inclusive, except for "over 100 %" where it is exclusive). */
  from: number;
  /** Upper bound, a fraction (exclusive, except 1.0 for 80–100 %); null for "over 100 %". */
  to: number | null;
  /** How many windows (hours) fell in the band. */
  hours: number;
  /** hours ÷ all windows; null without windows. */
  share: number | null;
}

interface Band {
  label: string;
  from: number;
  to: number | null;
  contains: (value: number) => boolean;
}

const BANDS: readonly Band[] = [
  { label: '0–20 %', from: 0, to: 0.2, contains: (v) => v < 0.2 },
  { label: '20–40 %', from: 0.2, to: 0.4, contains: (v) => v >= 0.2 && v < 0.4 },
  { label: '40–60 %', from: 0.4, to: 0.6, contains: (v) => v >= 0.4 && v < 0.6 },
  { label: '60–80 %', from: 0.6, to: 0.8, contains: (v) => v >= 0.6 && v < 0.8 },
  { label: '80–100 %', from: 0.8, to: 1, contains: (v) => v >= 0.8 && v <= 1 },
  { label: 'over 100 %', from: 1, to: null, contains: (v) => v > 1 },
];

export function utilizationDistribution(occupancy: readonly OccupancyPoint[]): UtilizationBin[] {
  const total = occupancy.length;
  return BANDS.map(({ label, from, to, contains }) => {
    const hours = occupancy.filter((point) => contains(point.avg_utilization_percentage)).length;
    return { label, from, to, hours, share: total === 0 ? null : hours / total };
  });
}
