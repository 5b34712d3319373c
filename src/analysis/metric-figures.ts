/**
 * The headline figures of a metric page: three or four per metric, over every window of the page's request (its
 * dates, interval, hours and days, which the server has applied). Pure, like analysis/figures.ts, whose figures of
 * the same name they are: `peak-occupancy` and `total-entries` are that module's functions and definitions, so the
 * same figure has the same name, definition and value on the utilization page and here. The others are the metric
 * page's own, with names of their own. A missing window does not count; a null value does not count.
 */
import type {
  AvailabilityPoint,
  DwellTimePoint,
  DwellUnit,
  Metric,
  OccupancyPoint,
  TrafficPoint,
} from '../api/schemas';
import { extremeWindow, peakOccupancy, toMinutes, totalEntries } from './figure-values';
import { FIGURE_DEFINITIONS } from './figures';
import { parseLocalDateTime } from '../lib/time';
import { readStart } from './local-window';
import { weightedMean } from './stats';

export type MetricFigureUnit = 'people' | 'fraction' | 'count' | 'minutes';

export interface MetricFigure {
  /** `data-kpi`. */
  key: string;
  label: string;
  unit: MetricFigureUnit;
  /** One sentence for people. */
  definition: string;
  formula: string;
  /** null when there is nothing to compute it from. */
  value: number | null;
  /** The window it happened in (its `window_start`), or the local date (YYYY-MM-DD) of a busiest day. */
  at?: string | null;
  /** Why there is no value, in words, when a reason other than "no data" holds. */
  why?: string;
}

export interface MetricFiguresInput {
  metric: Metric;
  /** The pages' windows, as the API gave them. */
  points: readonly object[];
  capacity: number;
  dwellUnit: DwellUnit;
  /**
   * The location's date now (YYYY-MM-DD): a figure per day counts only the days before it, the days that are over.
   * Left out, every date counts.
   */
  today?: string;
}

type Definition = Pick<MetricFigure, 'key' | 'label' | 'unit' | 'definition' | 'formula'>;

/** The figures of each metric page, in the order shown. */
export const METRIC_FIGURE_DEFINITIONS: Readonly<Record<Metric, readonly Definition[]>> = {
  occupancy: [
    {
      key: 'average-occupancy',
      label: 'Average occupancy',
      unit: 'people',
      definition: 'How many people were there on average, over the windows with sensor data.',
      formula: 'Σ(avg_occupancy × window length) ÷ Σ(window length)',
    },
    shared('peak-occupancy'),
    {
      key: 'time-over-capacity',
      label: 'Time over capacity',
      unit: 'fraction',
      definition: 'The share of the time with data that lies in windows whose peak went above capacity.',
      formula: 'Σ(window length where peak_occupancy > capacity) ÷ Σ(window length)',
    },
  ],
  traffic: [
    shared('total-entries'),
    {
      key: 'busiest-day',
      label: 'Busiest day',
      unit: 'count',
      definition: 'The local day with the most entries, and how many; the earliest such day on a tie.',
      formula: 'max over local dates of Σ traffic of the windows starting that date',
    },
    {
      key: 'entries-per-day',
      label: 'Entries a day',
      unit: 'count',
      definition:
        'Entries per local day on average, over the complete days with traffic data: today is not over, so it is left out (the chart shows it, marked “so far”).',
      formula: 'Σ traffic ÷ the number of local dates with a traffic window, over the local dates before today',
    },
  ],
  dwell_time: [
    {
      key: 'visit-length-by-window',
      label: 'Average visit length, by window',
      unit: 'minutes',
      definition:
        'The windows’ average visit lengths, averaged over the time they cover (each window counts by its length, not by its visitors).',
      formula: 'Σ(avg_dwell_time × window length) ÷ Σ(window length), over windows with a dwell time',
    },
    {
      key: 'longest-visit',
      label: 'Longest visit',
      unit: 'minutes',
      definition: 'The longest single visit in any window, and the first window it happened in.',
      formula: 'max(peak_dwell_time); when = window_start of the earliest window with that value',
    },
  ],
  availability: [
    {
      key: 'average-free',
      label: 'Average free',
      unit: 'fraction',
      definition: 'The share of the time the location was free, over the windows with data (the rest is Time in use).',
      formula: 'Σ(availability_percentage × window length) ÷ Σ(window length), over non-null windows',
    },
    {
      key: 'least-free',
      label: 'Least free',
      unit: 'fraction',
      definition: 'The lowest share of free time in any window, and the first window it happened in.',
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

type Values = Record<string, { value: number | null; at?: string | null; why?: string }>;

/** What "Entries a day" says when the range has traffic but no day of it is over. */
export const NO_COMPLETE_DAY = 'No day in the range is complete yet: today is not over.';

function valuesOf({ metric, points, capacity, dwellUnit, today }: MetricFiguresInput): Values {
  switch (metric) {
    case 'occupancy': {
      const occupancy = points as readonly OccupancyPoint[];
      const peak = peakOccupancy(occupancy);
      return {
        'average-occupancy': { value: lengthWeighted(occupancy, (point) => point.avg_occupancy) },
        'peak-occupancy': { value: peak?.value ?? null, at: peak?.at ?? null },
        'time-over-capacity': {
          value: capacity > 0 ? lengthWeighted(occupancy, (point) => (point.peak_occupancy > capacity ? 1 : 0)) : null,
        },
      };
    }
    case 'traffic': {
      const traffic = points as readonly TrafficPoint[];
      const byDate = new Map<string, number>();
      for (const point of traffic) {
        const { date } = readStart(point.window_start);
        byDate.set(date, (byDate.get(date) ?? 0) + point.traffic);
      }
      let busiest: [string, number] | null = null;
      for (const [date, entries] of [...byDate].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (busiest === null || entries > busiest[1]) busiest = [date, entries];
      }
      const total = totalEntries(traffic);
      const complete = [...byDate].filter(([date]) => today === undefined || date < today);
      const completeEntries = complete.reduce((sum, [, entries]) => sum + entries, 0);
      return {
        'total-entries': { value: total },
        'busiest-day': { value: busiest?.[1] ?? null, at: busiest?.[0] ?? null },
        'entries-per-day':
          complete.length > 0
            ? { value: completeEntries / complete.length }
            : { value: null, ...(byDate.size > 0 ? { why: NO_COMPLETE_DAY } : {}) },
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
