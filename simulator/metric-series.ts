/**
 * The series of one metric request, before paging: its windows and which of them the metric shows.
 * Series are cached in a small LRU keyed by everything that shapes them (location, metric, range,
 * window size, filters, and how far "now" reaches into the range), so walking the pages of a long
 * range aggregates once; only the points of the requested page are formatted. The cache is bounded by
 * an estimate of the bytes each series holds (never 0, even for a series of no windows), since a range
 * reaching "now" makes a new key every 5 minutes.
 */
import type { Interval, Metric, PointOf } from '../src/api/schemas';
import { showsWindow, toPoint, type DwellUnit, type UtilizationScale } from './aggregate';
import { type DayCode, type DayNumber, localDay } from './local-time';
import type { HourRange } from './location-definitions';
import type { Location } from './locations';
import { LruCache } from './lru';
import { SAMPLE_MS } from './model';
import { buildWindows, windowKindOf, type WindowList } from './windows';

export interface SeriesSettings {
  seed: number;
  dwellUnit: DwellUnit;
  utilizationScale: UtilizationScale;
}

export interface SeriesSpec<M extends Metric = Metric> {
  location: Location;
  metric: M;
  startDay: DayNumber;
  endDay: DayNumber;
  interval: Interval;
  hours: HourRange;
  days: readonly DayCode[];
  nowMs: number;
}

export interface Series<M extends Metric> {
  length: number;
  /** The points at positions [from, to). */
  points(from: number, to: number): PointOf<M>[];
}

export interface SeriesSource {
  <M extends Metric>(spec: SeriesSpec<M>): Series<M>;
  /** The cache's entry count and estimated bytes (for tests and diagnostics). */
  cacheStats(): { entries: number; bytes: number; maxBytes: number };
}

interface ShownWindows {
  windows: WindowList;
  /** Indexes into `windows` of the windows the metric shows, in order. */
  shown: Int32Array;
}

/**
 * What one cached series costs besides its two backing buffers: the WindowList, its Float64Array, the
 * Int32Array and their ArrayBuffer objects, the ShownWindows and LRU records, the Map slot and the key.
 * An estimate measured with `--expose-gc` (bench/measurements.md), rounded up to 1 KiB, so an empty
 * series, which holds no windows, still weighs something.
 */
export const SERIES_ENTRY_OVERHEAD_BYTES = 1024;

/**
 * Bytes the cache may hold by estimate. The longest series the API allows (3,660 days at 15 minutes,
 * about 351,000 windows: 28 MB of rows and 1.4 MB of indexes) fits; 65,536 empty series at most.
 */
export const SERIES_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The estimated bytes of a cached series: the fixed overhead plus its buffers as allocated (80 bytes
 * per window of rows once compacted, 4 per shown window). Never 0.
 */
export function seriesEntryBytes({ windows, shown }: ShownWindows): number {
  return SERIES_ENTRY_OVERHEAD_BYTES + windows.byteLength + shown.byteLength;
}

export function createSeriesSource(settings: SeriesSettings, maxBytes = SERIES_CACHE_BYTES): SeriesSource {
  const cache = new LruCache<string, ShownWindows>(maxBytes, seriesEntryBytes);
  const source = <M extends Metric>(spec: SeriesSpec<M>): Series<M> => {
    const { windows, shown } = cache.getOrCreate(cacheKey(spec), () => shownWindows(spec, settings.seed));
    const context = {
      locationId: spec.location.id,
      capacity: spec.location.capacity,
      seed: settings.seed,
      dwellUnit: settings.dwellUnit,
      utilizationScale: settings.utilizationScale,
    };
    return {
      length: shown.length,
      points: (from, to) =>
        [...shown.subarray(from, to)].map((index) => toPoint(spec.metric, windows.at(index), context)),
    };
  };
  const cacheStats = () => ({ entries: cache.size, bytes: cache.totalWeight, maxBytes: cache.maxWeight });
  return Object.assign(source, { cacheStats });
}

function shownWindows(spec: SeriesSpec, seed: number): ShownWindows {
  const { location, metric, startDay, endDay, interval, hours, days, nowMs } = spec;
  const windows = buildWindows({
    location,
    startDay,
    endDay,
    windowKind: windowKindOf(interval),
    hours,
    days,
    nowMs,
    seed,
  });
  // Kept in the cache: drop the unused rows that growth left (a list starts at 20 KiB).
  windows.compact();
  const shown: number[] = [];
  for (let index = 0; index < windows.length; index++) {
    if (showsWindow(metric, windows.hasData(index))) shown.push(index);
  }
  return { windows, shown: Int32Array.from(shown) };
}

/**
 * Only the samples that started by now count, so "now" matters to the nearest 5-minute sample, and
 * not at all once the range is complete.
 */
function cacheKey(spec: SeriesSpec): string {
  const { location, metric, startDay, endDay, interval, hours, days, nowMs } = spec;
  const rangeEndMs = localDay(location.timeZone, endDay).endMs;
  const reach = nowMs >= rangeEndMs ? 'complete' : String(Math.floor(nowMs / SAMPLE_MS));
  const filters = `${hours.start}-${hours.end}/${days.join('')}`;
  return [location.id, metric, startDay, endDay, windowKindOf(interval), filters, reach].join('|');
}
