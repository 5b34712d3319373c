/**
 * The utilization page's figures computed by the end-to-end tests themselves from the API's raw series (every page of
 * each, no filters), by the definitions the page publishes (FIGURE_DEFINITIONS), independently of the app's code.
 */
import type { APIRequestContext } from '@playwright/test';

import { expect, walk } from './fixtures';

// ---------------------------------------------------------------------------------------------------
// The API's shapes, as far as the test needs them

interface Window {
  window_start: string;
  window_end: string;
}
interface OccupancyPoint extends Window {
  avg_occupancy: number;
  avg_utilization_percentage: number;
  peak_occupancy: number;
  peak_utilization_percentage: number;
}
interface TrafficPoint extends Window {
  traffic: number;
}
interface DwellPoint extends Window {
  avg_dwell_time: number | null;
}
interface AvailabilityPoint extends Window {
  availability_percentage: number | null;
}
export interface LocationRecord {
  location_id: number;
  name: string;
  parent_id: number | null;
}

export interface Series {
  capacity: number;
  occupancy: OccupancyPoint[];
  traffic: TrafficPoint[];
  availability: AvailabilityPoint[];
  dwell: DwellPoint[];
}

/** The four series the figures are defined over, for one location and date range, with no filters. */
export async function fetchSeries(
  request: APIRequestContext,
  baseURL: string,
  locationId: number,
  start: string,
  end: string,
): Promise<Series> {
  const path = (metric: string, interval: string) =>
    `/locations/${locationId}/${metric}?start_date=${start}&end_date=${end}&interval=${interval}`;
  const [occupancy, traffic, availability, dwell] = await Promise.all([
    walk<OccupancyPoint>(request, baseURL, path('occupancy', '60min')),
    walk<TrafficPoint>(request, baseURL, path('traffic', '60min')),
    walk<AvailabilityPoint>(request, baseURL, path('availability', '60min')),
    walk<DwellPoint>(request, baseURL, path('dwell_time', 'daily')),
  ]);
  return {
    capacity: occupancy.first.capacity,
    occupancy: occupancy.data,
    traffic: traffic.data,
    availability: availability.data,
    dwell: dwell.data,
  };
}

// ---------------------------------------------------------------------------------------------------
// The figures, from their published definitions (FIGURE_DEFINITIONS), written independently

/** A window's place on the location's clock, read from its own string: `2026-11-16T07:00:00+01:00`. */
export function local(windowStart: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(windowStart);
  if (!match) throw new Error(`not a window start: ${windowStart}`);
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const wallMs = Date.UTC(y, m - 1, d, hh, mm);
  return {
    date: windowStart.slice(0, 10),
    hour: hh,
    minute: mm,
    /** Spec weekday digit: 1 = Sunday … 7 = Saturday. */
    day: new Date(wallMs).getUTCDay() + 1,
    wallMs,
  };
}

/** Real length of a window: end − start, as instants (the strings' offsets make it DST-proof). */
const lengthMs = (w: Window) => Date.parse(w.window_end) - Date.parse(w.window_start);

function weighted(entries: { value: number; weight: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const { value, weight } of entries) {
    if (weight <= 0) continue;
    sum += value * weight;
    weights += weight;
  }
  return weights > 0 ? sum / weights : null;
}

/** argmax of the mean value per key; ties → the lowest key. */
function argmaxOfMeans(entries: { key: number; value: number }[]): number | null {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const { key, value } of entries) {
    const acc = sums.get(key) ?? { sum: 0, n: 0 };
    acc.sum += value;
    acc.n += 1;
    sums.set(key, acc);
  }
  let best: { key: number; mean: number } | null = null;
  for (const key of [...sums.keys()].sort((a, b) => a - b)) {
    const { sum, n } = sums.get(key)!;
    const mean = sum / n;
    if (best === null || mean > best.mean) best = { key, mean };
  }
  return best?.key ?? null;
}

export type FigureName =
  | 'average-utilization'
  | 'peak-utilization'
  | 'peak-occupancy'
  | 'total-entries'
  | 'average-dwell'
  | 'in-use-share'
  | 'hours-over-capacity'
  | 'right-size-p95'
  | 'busiest-hour'
  | 'busiest-weekday';

export const FIGURE_NAMES: readonly FigureName[] = [
  'average-utilization',
  'peak-utilization',
  'peak-occupancy',
  'total-entries',
  'average-dwell',
  'in-use-share',
  'hours-over-capacity',
  'right-size-p95',
  'busiest-hour',
  'busiest-weekday',
];

interface Expected {
  values: Record<FigureName, number | null>;
  /** window_start of the earliest window (by instant) reaching the peak occupancy. */
  peakAt: string | null;
}

export function expectedFigures(series: Series): Expected {
  const { occupancy, traffic, availability, dwell, capacity } = series;

  const averageUtilization = weighted(
    occupancy.map((p) => ({ value: p.avg_utilization_percentage, weight: lengthMs(p) })),
  );
  const peakUtilization =
    occupancy.length === 0 ? null : Math.max(...occupancy.map((p) => p.peak_utilization_percentage));

  let peak: OccupancyPoint | null = null;
  for (const p of occupancy) {
    if (
      peak === null ||
      p.peak_occupancy > peak.peak_occupancy ||
      (p.peak_occupancy === peak.peak_occupancy && Date.parse(p.window_start) < Date.parse(peak.window_start))
    )
      peak = p;
  }

  const totalEntries = traffic.length === 0 ? null : traffic.reduce((sum, p) => sum + p.traffic, 0);

  const entriesOn = new Map<string, number>();
  for (const p of traffic) {
    const { date } = local(p.window_start);
    entriesOn.set(date, (entriesOn.get(date) ?? 0) + p.traffic);
  }
  // The dashboard's config says minutes (public/config.json dwellTimeUnit), so no ÷ 60.
  const averageDwell = weighted(
    dwell
      .filter((p) => p.avg_dwell_time !== null)
      .map((p) => ({ value: p.avg_dwell_time!, weight: entriesOn.get(local(p.window_start).date) ?? 0 })),
  );

  const inUseShare = weighted(
    availability
      .filter((p) => p.availability_percentage !== null)
      .map((p) => ({ value: 1 - p.availability_percentage!, weight: lengthMs(p) })),
  );

  const hoursOverCapacity =
    occupancy.length === 0 || !(capacity > 0) ? null : occupancy.filter((p) => p.peak_occupancy > capacity).length;

  const sortedPeaks = occupancy.map((p) => p.peak_occupancy).sort((a, b) => a - b);
  const rightSize = sortedPeaks.length === 0 ? null : sortedPeaks[Math.ceil(0.95 * sortedPeaks.length) - 1]!;

  const busiestHour = argmaxOfMeans(
    occupancy.map((p) => ({ key: local(p.window_start).hour, value: p.avg_occupancy })),
  );
  const busiestWeekday = argmaxOfMeans(
    occupancy.map((p) => ({ key: local(p.window_start).day, value: p.avg_occupancy })),
  );

  return {
    values: {
      'average-utilization': averageUtilization,
      'peak-utilization': peakUtilization,
      'peak-occupancy': peak?.peak_occupancy ?? null,
      'total-entries': totalEntries,
      'average-dwell': averageDwell,
      'in-use-share': inUseShare,
      'hours-over-capacity': hoursOverCapacity,
      'right-size-p95': rightSize,
      'busiest-hour': busiestHour,
      'busiest-weekday': busiestWeekday,
    },
    peakAt: peak?.window_start ?? null,
  };
}

/** The busiest cell of the weekday × hour heatmap: the highest mean avg_utilization_percentage; ties → lowest day, then hour. */
export function busiestCell(occupancy: OccupancyPoint[]): { day: number; hour: number } {
  const cells = new Map<number, number[]>();
  for (const p of occupancy) {
    const { day, hour } = local(p.window_start);
    const key = (day - 1) * 24 + hour;
    cells.set(key, [...(cells.get(key) ?? []), p.avg_utilization_percentage]);
  }
  let best: { key: number; mean: number } | null = null;
  for (const key of [...cells.keys()].sort((a, b) => a - b)) {
    const values = cells.get(key)!;
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    if (best === null || mean > best.mean) best = { key, mean };
  }
  if (best === null) throw new Error('no occupancy windows');
  return { day: Math.floor(best.key / 24) + 1, hour: best.key % 24 };
}

// ---------------------------------------------------------------------------------------------------
// Reading the page

/** Equal up to floating-point summation order: 1e-9 relative. */
export function expectSameNumber(actual: number | null, expected: number | null, what: string) {
  if (expected === null || actual === null) {
    expect(actual, what).toBe(expected);
    return;
  }
  const scale = Math.max(Math.abs(expected), Math.abs(actual));
  expect(Math.abs(actual - expected), `${what}: shown ${actual}, computed ${expected}`).toBeLessThanOrEqual(
    1e-9 * scale,
  );
}
