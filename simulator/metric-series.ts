/**
 * The series of one metric request, before paging: its windows and which of them the metric shows.
 * Series are cached in a small LRU keyed by everything that shapes them (location, metric, range,
 * window size, filters, and how far "now" reaches into the range), so walking the pages of a long
 * range aggregates once; only the points of the requested page are formatted.
 */
import type { Interval, Metric, PointOf } from '../src/api/schemas';
import { showsWindow, toPoint, type DwellUnit, type UtilizationScale } from './aggregate';
import { type DayCode, type DayNumber, localDay } from './local-time';
import type { HourRange, Location } from './locations';
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

export type SeriesSource = <M extends Metric>(spec: SeriesSpec<M>) => Series<M>;

interface ShownWindows {
  windows: WindowList;
  /** Indexes into `windows` of the windows the metric shows, in order. */
  shown: Int32Array;
}

/** About 400,000 windows at most (some 32 MB). */
const MAX_CACHED_WINDOWS = 400_000;

export function createSeriesSource(settings: SeriesSettings): SeriesSource {
  const cache = new LruCache<string, ShownWindows>(MAX_CACHED_WINDOWS, ({ windows }) => windows.length);
  return <M extends Metric>(spec: SeriesSpec<M>): Series<M> => {
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
