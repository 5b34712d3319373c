/**
 * The headline figures of a metric page: three or four per metric. Pure, like analysis/figures.ts, whose figures of
 * the same name they are: `peak-occupancy` and `total-entries` are that module's functions and definitions, so the
 * same figure has the same name, definition and value on the utilization page and here. The others are the metric
 * page's own, with names of their own. A missing window does not count; a null value does not count.
 *
 * Each figure is computed over the windows of one interval, its basis (METRIC_FIGURE_BASES), whatever the chart shows:
 * most over the page's own windows (its dates, interval, hours and days, which the server has applied); a figure per
 * day over the daily windows of the same request, so a week is never read as a day; time over capacity over its
 * 60-minute windows, so a window is not counted as over capacity for a moment in it. The page asks for those windows
 * beside its own when its interval is another (features/metric/use-figure-bases.ts).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type {
  AvailabilityPoint,
  DwellTimePoint,
  DwellUnit,
  Interval,
  Metric,
  OccupancyPoint,
  TrafficPoint,
} from '../api/schemas';
import { entriesByDate, extremeWindow, peakOccupancy, toMinutes, totalEntries } from './figure-values';
import { FIGURE_DEFINITIONS } from './figures';
import { parseLocalDateTime } from '../lib/time';
import { isCompleteBy } from './period-cut';
import { BASIS_INTERVALS, type FigureBasis, type FigureWindows } from './figure-bases';
import { weightedMean } from './stats';

export type MetricFigureUnit = 'people' | 'fraction' | 'count' | 'minutes';

export interface MetricFigure {
  /** `data-kpi`. */
  key: string;
  /** Its name, in each language (made where it is shown: `i18n._(label)`). */
  label: MessageDescriptor;
  unit: MetricFigureUnit;
  /** One sentence for people, in each language. */
  definition: MessageDescriptor;
  /** In the API's field names: the same in every language. */
  formula: string;
  /** null when there is nothing to compute it from. */
  value: number | null;
  /** The window it happened in (its `window_start`), or the local date (YYYY-MM-DD) of a busiest day. */
  at?: string | null;
  /** Why there is no value, when a reason other than "no data" holds (worded where it is shown). */
  why?: FigureWhy;
}

/**
 * Why a figure has no value yet: no day of the range is over (a figure over complete days), or the windows it is
 * computed over were not asked for, being too many pages for the dates (`pages` of them, `basis` daily or hourly).
 */
export type FigureWhy = { kind: 'no-complete-day' } | { kind: 'withheld'; basis: FigureBasis; pages: number };

export interface MetricFiguresInput extends FigureWindows {
  metric: Metric;
  /** The interval of `points`. */
  interval: Interval;
  capacity: number;
  dwellUnit: DwellUnit;
}

type Definition = Pick<MetricFigure, 'key' | 'label' | 'unit' | 'definition' | 'formula'>;

/** The figures of each metric page, in the order shown. */
export const METRIC_FIGURE_DEFINITIONS: Readonly<Record<Metric, readonly Definition[]>> = {
  occupancy: [
    {
      key: 'average-occupancy',
      label: msg`Average occupancy`,
      unit: 'people',
      definition: msg`How many people were there on average, over the windows with sensor data.`,
      formula: 'Σ(avg_occupancy × window length) ÷ Σ(window length)',
    },
    shared('peak-occupancy'),
    {
      key: 'time-over-capacity',
      label: msg`Time over capacity`,
      unit: 'fraction',
      definition: msg`The share of the hours with sensor data in which, at some moment, more people were there than the location is built for; from hourly windows, whatever the chart’s interval.`,
      formula: 'Σ(length of the 60min windows with peak_occupancy > capacity) ÷ Σ(length of the 60min windows)',
    },
  ],
  traffic: [
    shared('total-entries'),
    {
      key: 'busiest-day',
      label: msg`Busiest day`,
      unit: 'count',
      definition: msg`The local day with the most entries, and how many; the earliest such day on a tie. From daily windows, whatever the chart’s interval.`,
      formula: 'max over the daily windows of traffic; when = the local date of the earliest such window',
    },
    {
      key: 'entries-per-day',
      label: msg`Entries a day`,
      unit: 'count',
      definition: msg`Entries per local day on average, over the days with traffic data that are over in the location’s zone: today is left out (the chart shows it, marked “so far”). From daily windows, whatever the chart’s interval.`,
      formula: 'Σ traffic ÷ the number of daily traffic windows, over the daily windows that have ended',
    },
  ],
  dwell_time: [
    {
      key: 'visit-length-by-window',
      label: msg`Average visit length, by window`,
      unit: 'minutes',
      definition: msg`The windows’ average visit lengths, averaged over the time they cover (each window counts by its length, not by its visitors).`,
      formula: 'Σ(avg_dwell_time × window length) ÷ Σ(window length), over windows with a dwell time',
    },
    {
      key: 'longest-visit',
      label: msg`Longest visit`,
      unit: 'minutes',
      definition: msg`The longest single visit in any window, and the first window it happened in.`,
      formula: 'max(peak_dwell_time); when = window_start of the earliest window with that value',
    },
  ],
  availability: [
    {
      key: 'average-free',
      label: msg`Average free`,
      unit: 'fraction',
      definition: msg`The share of the time the location was free, over the windows with data (the rest is Time in use).`,
      formula: 'Σ(availability_percentage × window length) ÷ Σ(window length), over non-null windows',
    },
    {
      key: 'least-free',
      label: msg`Least free`,
      unit: 'fraction',
      definition: msg`The lowest share of free time in any window, and the first window it happened in.`,
      formula: 'min(availability_percentage); when = window_start of the earliest window with that value',
    },
  ],
};

/** A figure of analysis/figures.ts, by its definition there. */
function shared(key: 'peak-occupancy' | 'total-entries'): Definition {
  const { label, unit, definition, formula } = FIGURE_DEFINITIONS[key];
  return { key, label, unit: unit === 'people' ? 'people' : 'count', definition, formula };
}

export function computeMetricFigures(input: MetricFiguresInput): MetricFigure[] {
  const values = valuesOf(input);
  return METRIC_FIGURE_DEFINITIONS[input.metric].map((definition) => ({
    ...definition,
    ...(values[definition.key] ?? { value: null }),
  }));
}

type Values = Record<string, { value: number | null; at?: string | null; why?: FigureWhy }>;

/** The windows of a basis: the page's own when it is at that basis's interval, else those asked for it. */
function basis(input: MetricFiguresInput, which: FigureBasis): readonly object[] | undefined {
  return BASIS_INTERVALS[which] === input.interval ? input.points : input[which];
}

function valuesOf(input: MetricFiguresInput): Values {
  const { metric, points, capacity, dwellUnit, completeUntilWallMs } = input;
  switch (metric) {
    case 'occupancy': {
      const occupancy = points as readonly OccupancyPoint[];
      const hours = basis(input, 'hours') as readonly OccupancyPoint[] | undefined;
      const peak = peakOccupancy(occupancy);
      return {
        'average-occupancy': { value: lengthWeighted(occupancy, (point) => point.avg_occupancy) },
        'peak-occupancy': { value: peak?.value ?? null, at: peak?.at ?? null },
        'time-over-capacity':
          hours === undefined && input.withheld?.hours !== undefined
            ? { value: null, why: { kind: 'withheld', basis: 'hours', pages: input.withheld.hours } }
            : {
                value:
                  hours && capacity > 0
                    ? lengthWeighted(hours, (point) => (point.peak_occupancy > capacity ? 1 : 0))
                    : null,
              },
      };
    }
    case 'traffic': {
      const traffic = points as readonly TrafficPoint[];
      const days = (basis(input, 'days') ?? []) as readonly TrafficPoint[];
      const byDate = entriesByDate(days);
      let busiest: [string, number] | null = null;
      for (const [date, entries] of [...byDate].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (busiest === null || entries > busiest[1]) busiest = [date, entries];
      }
      const complete = days.filter(
        (day) => completeUntilWallMs === undefined || isCompleteBy(day, completeUntilWallMs),
      );
      const completeEntries = totalEntries(complete);
      return {
        'total-entries': { value: totalEntries(traffic) },
        'busiest-day': { value: busiest?.[1] ?? null, at: busiest?.[0] ?? null },
        'entries-per-day':
          completeEntries !== null
            ? { value: completeEntries / complete.length }
            : { value: null, ...(days.length > 0 ? { why: { kind: 'no-complete-day' } } : {}) },
      };
    }
    case 'dwell_time': {
      const dwell = points as readonly DwellTimePoint[];
      const average = lengthWeighted(dwell, (point) => point.avg_dwell_time);
      const longest = extremeWindow(
        dwell,
        (point) => point.peak_dwell_time,
        (a, b) => a > b,
      );
      return {
        'visit-length-by-window': { value: average === null ? null : toMinutes(average, dwellUnit) },
        'longest-visit': {
          value: longest === null ? null : toMinutes(longest.value, dwellUnit),
          at: longest?.at ?? null,
        },
      };
    }
    case 'availability': {
      const availability = points as readonly AvailabilityPoint[];
      const least = extremeWindow(
        availability,
        (point) => point.availability_percentage,
        (a, b) => a < b,
      );
      return {
        'average-free': { value: lengthWeighted(availability, (point) => point.availability_percentage) },
        'least-free': { value: least?.value ?? null, at: least?.at ?? null },
      };
    }
  }
}

/** A window's length in real time (a year of windows: only the two instants are read, not the local date). */
function lengthMs(point: { window_start: string; window_end: string }): number {
  return parseLocalDateTime(point.window_end).instantMs - parseLocalDateTime(point.window_start).instantMs;
}

/** Σ(value × window length) ÷ Σ(window length) over the windows with a value (stats.ts `weightedMean`). */
function lengthWeighted<P extends { window_start: string; window_end: string }>(
  points: readonly P[],
  value: (point: P) => number | null,
): number | null {
  return weightedMean(
    (function* () {
      for (const point of points) {
        const v = value(point);
        if (v !== null) yield { value: v, weight: lengthMs(point) };
      }
    })(),
  );
}
