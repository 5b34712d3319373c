/**
 * Aggregation windows in the location's local time, and the sample totals inside each.
 *
 * - Sub-daily windows (15, 30, 60 minutes) step in absolute time from local midnight to the next, so a
 *   spring-forward day has 23 hourly windows and a fall-back day 25. A window is kept when its local
 *   start hour is inside the hour filter and its day inside the day filter.
 * - Daily windows run local midnight to local midnight (23, 24 or 25 hours); weekly windows are ISO
 *   weeks (Monday to Sunday), monthly windows calendar months, both clipped to the requested range.
 *   They total only the samples whose local hour and day pass the filters.
 * - Only samples that started at or before `nowMs` count. A window with no such sample inside the
 *   filters is not emitted at all; a window whose samples are all MISSING is emitted with
 *   `present: 0` (an outage), and each metric decides how to show it.
 */
import type { Interval } from '../src/api/schemas';
import {
  type DayCode,
  type DayNumber,
  isoWeekStart,
  type LocalDay,
  localDay,
  MINUTE_MS,
  nextMonthStart,
} from './local-time';
import type { HourRange } from './location-definitions';
import type { Location } from './locations';
import { type DaySamples, daySamples, MISSING, SAMPLE_MINUTES, SAMPLE_MS, SAMPLES_PER_HOUR } from './model';

export type WindowKind = '15min' | '30min' | '60min' | 'daily' | 'weekly' | 'monthly';

/** `hourly` and `60min` are the same one-hour windows. */
export function windowKindOf(interval: Interval): WindowKind {
  return interval === 'hourly' ? '60min' : interval;
}

export interface SeriesRequest {
  location: Location;
  /** First and last civil day of the range, inclusive. */
  startDay: DayNumber;
  endDay: DayNumber;
  windowKind: WindowKind;
  hours: HourRange;
  days: readonly DayCode[];
  /** Samples starting after this instant are in the future. */
  nowMs: number;
  seed: number;
}

export interface WindowTotals {
  /** Samples inside the window and the filters, up to now. */
  slots: number;
  /** Those of them the sensor delivered. */
  present: number;
  occupancySum: number;
  occupancyPeak: number;
  entries: number;
  /** Delivered samples with nobody present. */
  emptySamples: number;
}

export interface WindowBounds {
  startMs: number;
  endMs: number;
  startOffsetMinutes: number;
  endOffsetMinutes: number;
}

export interface AggregatedWindow extends WindowBounds {
  totals: WindowTotals;
}

/** One row per window: its bounds, then its totals, at these positions. */
const START_MS = 0;
const END_MS = 1;
const START_OFFSET = 2;
const END_OFFSET = 3;
const SLOTS = 4;
const PRESENT = 5;
const OCCUPANCY_SUM = 6;
const OCCUPANCY_PEAK = 7;
const ENTRIES = 8;
const EMPTY_SAMPLES = 9;
const ROW_WIDTH = 10;
const INITIAL_ROWS = 256;

/**
 * Windows packed in one Float64Array (a year at 15 minutes is 35,040 windows; as objects they cost
 * more in garbage collection than everything else in a request). `at(i)` unpacks one window.
 */
export class WindowList {
  #rows = new Float64Array(INITIAL_ROWS * ROW_WIDTH);
  #count = 0;

  get length(): number {
    return this.#count;
  }

  /** Bytes of the rows' backing buffer, used or not (ROW_WIDTH doubles, 80 bytes, per window). */
  get byteLength(): number {
    return this.#rows.byteLength;
  }

  /**
   * Shrinks the backing buffer to the windows it holds (growth doubles it, and it starts at 256 rows,
   * 20 KiB, even for a series of none). For lists that are kept, such as cached series.
   */
  compact(): void {
    const used = this.#count * ROW_WIDTH;
    if (used < this.#rows.length) this.#rows = this.#rows.slice(0, used);
  }

  /** Appends a window; the totals are copied, so callers may reuse one totals object. */
  append(bounds: WindowBounds, totals: WindowTotals): void {
    if ((this.#count + 1) * ROW_WIDTH > this.#rows.length) {
      const grown = new Float64Array(Math.max(INITIAL_ROWS * ROW_WIDTH, this.#rows.length * 2));
      grown.set(this.#rows);
      this.#rows = grown;
    }
    const rows = this.#rows;
    const base = this.#count * ROW_WIDTH;
    rows[base + START_MS] = bounds.startMs;
    rows[base + END_MS] = bounds.endMs;
    rows[base + START_OFFSET] = bounds.startOffsetMinutes;
    rows[base + END_OFFSET] = bounds.endOffsetMinutes;
    rows[base + SLOTS] = totals.slots;
    rows[base + PRESENT] = totals.present;
    rows[base + OCCUPANCY_SUM] = totals.occupancySum;
    rows[base + OCCUPANCY_PEAK] = totals.occupancyPeak;
    rows[base + ENTRIES] = totals.entries;
    rows[base + EMPTY_SAMPLES] = totals.emptySamples;
    this.#count += 1;
  }

  at(index: number): AggregatedWindow {
    const row = this.#rows.subarray(index * ROW_WIDTH, (index + 1) * ROW_WIDTH);
    return {
      startMs: row[START_MS] ?? 0,
      endMs: row[END_MS] ?? 0,
      startOffsetMinutes: row[START_OFFSET] ?? 0,
      endOffsetMinutes: row[END_OFFSET] ?? 0,
      totals: {
        slots: row[SLOTS] ?? 0,
        present: row[PRESENT] ?? 0,
        occupancySum: row[OCCUPANCY_SUM] ?? 0,
        occupancyPeak: row[OCCUPANCY_PEAK] ?? 0,
        entries: row[ENTRIES] ?? 0,
        emptySamples: row[EMPTY_SAMPLES] ?? 0,
      },
    };
  }

  /** Whether the window has at least one delivered sample, without unpacking it. */
  hasData(index: number): boolean {
    return (this.#rows[index * ROW_WIDTH + PRESENT] ?? 0) > 0;
  }
}

export function buildWindows(request: SeriesRequest): WindowList {
  switch (request.windowKind) {
    case '15min':
      return subDailyWindows(request, 15);
    case '30min':
      return subDailyWindows(request, 30);
    case '60min':
      return subDailyWindows(request, 60);
    case 'daily':
      return periodWindows(request, (day) => day + 1);
    case 'weekly':
      return periodWindows(request, (day) => isoWeekStart(day) + 7);
    case 'monthly':
      return periodWindows(request, nextMonthStart);
  }
}

function emptyTotals(): WindowTotals {
  return { slots: 0, present: 0, occupancySum: 0, occupancyPeak: 0, entries: 0, emptySamples: 0 };
}

function clearTotals(totals: WindowTotals): void {
  Object.assign(totals, emptyTotals());
}

/** Adds samples [from, to) of a day, up to the last one that started by now. */
function addSamples(totals: WindowTotals, samples: DaySamples, from: number, to: number, nowMs: number): void {
  const lastStarted = Math.floor((nowMs - samples.day.startMs) / SAMPLE_MS);
  const end = Math.min(to, lastStarted + 1);
  for (let index = from; index < end; index++) {
    totals.slots += 1;
    const occupancy = samples.occupancy[index] ?? MISSING;
    if (occupancy === MISSING) continue;
    totals.present += 1;
    totals.occupancySum += occupancy;
    totals.entries += samples.entries[index] ?? 0;
    if (occupancy > totals.occupancyPeak) totals.occupancyPeak = occupancy;
    if (occupancy === 0) totals.emptySamples += 1;
  }
}

function inHours(wallHour: number, hours: HourRange): boolean {
  return wallHour >= hours.start && wallHour <= hours.end;
}

/** The local days of the range that have started by now. */
function* daysUntilNow(request: SeriesRequest): Generator<LocalDay> {
  const { location, startDay, endDay, nowMs } = request;
  for (let dayNumber = startDay; dayNumber <= endDay; dayNumber++) {
    const day = localDay(location.timeZone, dayNumber);
    if (day.startMs > nowMs) return;
    yield day;
  }
}

function subDailyWindows(request: SeriesRequest, minutes: number): WindowList {
  const { location, hours, days, nowMs, seed } = request;
  const samplesPerWindow = minutes / SAMPLE_MINUTES;
  const windows = new WindowList();
  const totals = emptyTotals();
  for (const day of daysUntilNow(request)) {
    if (!days.includes(day.weekday)) continue;
    const samples = daySamples(location, day.dayNumber, seed);
    const windowCount = samples.occupancy.length / samplesPerWindow;
    for (let window = 0; window < windowCount; window++) {
      const first = window * samplesPerWindow;
      const hour = day.hours[Math.floor(first / SAMPLES_PER_HOUR)];
      const startMs = day.startMs + first * SAMPLE_MS;
      if (hour === undefined || !inHours(hour.wallHour, hours) || startMs > nowMs) continue;
      clearTotals(totals);
      addSamples(totals, samples, first, first + samplesPerWindow, nowMs);
      const endHour = day.hours[Math.floor((first + samplesPerWindow) / SAMPLES_PER_HOUR)];
      const bounds = {
        startMs,
        endMs: startMs + minutes * MINUTE_MS,
        startOffsetMinutes: hour.offsetMinutes,
        endOffsetMinutes: endHour?.offsetMinutes ?? day.endOffsetMinutes,
      };
      windows.append(bounds, totals);
    }
  }
  return windows;
}

/** Totals of one day's samples inside the hour filter. */
function dayTotals(request: SeriesRequest, day: LocalDay, totals: WindowTotals): void {
  const samples = daySamples(request.location, day.dayNumber, request.seed);
  day.hours.forEach((hour, hourIndex) => {
    if (!inHours(hour.wallHour, request.hours)) return;
    const first = hourIndex * SAMPLES_PER_HOUR;
    addSamples(totals, samples, first, first + SAMPLES_PER_HOUR, request.nowMs);
  });
}

/** The first day of the calendar period (day, ISO week, month) after the one containing the day. */
type NextPeriodStart = (day: DayNumber) => DayNumber;

/** Daily, weekly and monthly windows: calendar periods clipped to the range, totalling included days. */
function periodWindows(request: SeriesRequest, nextPeriodStart: NextPeriodStart): WindowList {
  const { location, startDay, endDay, days, nowMs } = request;
  const windows = new WindowList();
  for (let periodStart = startDay; periodStart <= endDay;) {
    const lastDay = Math.min(nextPeriodStart(periodStart) - 1, endDay);
    const firstLocal = localDay(location.timeZone, periodStart);
    if (firstLocal.startMs > nowMs) break;
    const totals = emptyTotals();
    for (let dayNumber = periodStart; dayNumber <= lastDay; dayNumber++) {
      const day = localDay(location.timeZone, dayNumber);
      if (days.includes(day.weekday)) dayTotals(request, day, totals);
    }
    if (totals.slots > 0) {
      const lastLocal = localDay(location.timeZone, lastDay);
      const bounds = {
        startMs: firstLocal.startMs,
        endMs: lastLocal.endMs,
        startOffsetMinutes: firstLocal.startOffsetMinutes,
        endOffsetMinutes: lastLocal.endOffsetMinutes,
      };
      windows.append(bounds, totals);
    }
    periodStart = lastDay + 1;
  }
  return windows;
}
