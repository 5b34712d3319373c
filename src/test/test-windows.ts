/**
 * Hand-built windows and points for the analysis tests (not used by the app). Window strings are written out as a
 * server in America/New_York would send them; the DST days of 2026 are spelled out hour by hour.
 */
import type { AvailabilityPoint, DwellTimePoint, OccupancyPoint, TrafficPoint } from '../api/schemas';

export interface TestWindow {
  timestamp: string;
  window_start: string;
  window_end: string;
}

export const NY_STANDARD = '-05:00';
export const NY_DAYLIGHT = '-04:00';

export function win(start: string, end: string): TestWindow {
  return { timestamp: start, window_start: start, window_end: end };
}

const pad = (n: number) => String(n).padStart(2, '0');

function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** 60-minute windows starting at the given wall hours of `date`, all at one offset (hour 23 ends next day 00:00). */
export function hoursOf(date: string, offset: string, hours: readonly number[]): TestWindow[] {
  return hours.map((hour) => {
    const end = hour === 23 ? `${nextDate(date)}T00:00:00${offset}` : `${date}T${pad(hour + 1)}:00:00${offset}`;
    return win(`${date}T${pad(hour)}:00:00${offset}`, end);
  });
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A whole day of 60-minute windows at one offset. */
export function dayOf(date: string, offset: string): TestWindow[] {
  return hoursOf(date, offset, range(0, 23));
}

/** New York, Sunday 2026-03-08: 23 windows; 02:00 does not exist, 01:00−05:00 ends at 03:00−04:00. */
export const NY_SPRING_DAY: TestWindow[] = [
  ...hoursOf('2026-03-08', NY_STANDARD, [0]),
  win('2026-03-08T01:00:00-05:00', '2026-03-08T03:00:00-04:00'),
  ...hoursOf('2026-03-08', NY_DAYLIGHT, range(3, 23)),
];

/** New York, Sunday 2026-11-01: 25 windows; 01:00 twice, at −04:00 then at −05:00. */
export const NY_FALL_DAY: TestWindow[] = [
  ...hoursOf('2026-11-01', NY_DAYLIGHT, [0]),
  win('2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00'),
  ...hoursOf('2026-11-01', NY_STANDARD, range(1, 23)),
];

export function occupancyAt(
  window: TestWindow,
  values: { avg?: number; util?: number; peak?: number; peakUtil?: number } = {},
): OccupancyPoint {
  return {
    ...window,
    avg_occupancy: values.avg ?? 0,
    avg_utilization_percentage: values.util ?? 0,
    peak_occupancy: values.peak ?? 0,
    peak_utilization_percentage: values.peakUtil ?? 0,
  };
}

export function trafficAt(window: TestWindow, traffic: number): TrafficPoint {
  return { ...window, traffic };
}

export function dwellAt(window: TestWindow, avg: number | null): DwellTimePoint {
  return { ...window, avg_dwell_time: avg, peak_dwell_time: avg };
}

export function availabilityAt(window: TestWindow, share: number | null): AvailabilityPoint {
  return { ...window, availability_percentage: share };
}

/** A daily window of `date` at one offset. */
export function dailyWindow(date: string, offset: string): TestWindow {
  return win(`${date}T00:00:00${offset}`, `${nextDate(date)}T00:00:00${offset}`);
}
