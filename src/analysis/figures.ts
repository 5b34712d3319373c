/**
 * The headline figures of the capacity utilization page, for one location over a date range whose hour and
 * weekday filters the server has already applied: every window in the series is inside the filters. A window
 * missing from occupancy or traffic is a sensor outage and simply does not count; dwell and availability send
 * null there, and null values do not count either. A closed day reported as zeros counts as zeros.
 *
 * Every figure is `number | null`: null when there is nothing to compute it from. Utilization values are
 * fractions (1 = at capacity; above 1 = over capacity). The exact definitions are in FIGURE_DEFINITIONS below,
 * which the page and docs/figures.md show; each computing function (figure-values.ts) implements one of them.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { AvailabilityPoint, DwellTimePoint, DwellUnit, OccupancyPoint, TrafficPoint } from '../api/schemas';
import { nearestRank } from './stats';
import {
  averageDwellMinutes,
  averageUtilization,
  busiestBy,
  hoursOverCapacity,
  inUseShare,
  maxOf,
  peakOccupancy,
  totalEntries,
} from './figure-values';

export interface FiguresInput {
  /** The location's capacity (people). */
  capacity: number;
  /** Hourly (60min) windows. */
  occupancy: readonly OccupancyPoint[];
  /** 60min windows. */
  traffic: readonly TrafficPoint[];
  /** Daily windows. */
  dwell: readonly DwellTimePoint[];
  /** 60min windows. */
  availability: readonly AvailabilityPoint[];
  /** The unit the server's avg_dwell_time is in (the spec leaves it open). */
  dwellUnit: DwellUnit;
}

export interface Figures {
  averageUtilization: number | null;
  peakUtilization: number | null;
  peakOccupancy: number | null;
  /** window_start (as the server sent it) of the first window reaching peakOccupancy. */
  peakOccupancyAt: string | null;
  totalEntries: number | null;
  averageDwellMinutes: number | null;
  inUseShare: number | null;
  hoursOverCapacity: number | null;
  rightSizeP95: number | null;
  busiestHour: number | null;
  busiestWeekday: number | null;
}

/** The figures that are numbers (all but the `when` of the peak): the ones a comparison subtracts. */
export type FigureField = Exclude<keyof Figures, 'peakOccupancyAt'>;

export const FIGURE_KEYS = [
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
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

export type FigureUnit = 'fraction' | 'people' | 'count' | 'minutes' | 'hours' | 'hour-of-day' | 'weekday';

export interface FigureSource {
  metric: 'occupancy' | 'traffic' | 'dwell_time' | 'availability';
  interval: '60min' | 'daily';
  fields: readonly string[];
}

export interface FigureDefinition {
  /** The property of Figures holding the value. */
  field: FigureField;
  /** Its name, in each language (the words are made where it is shown: `i18n._(label)`). */
  label: MessageDescriptor;
  unit: FigureUnit;
  /** One sentence for people, in each language. */
  definition: MessageDescriptor;
  /** In the API's field names: a formula, the same in every language. */
  formula: string;
  sources: readonly FigureSource[];
}

const OCCUPANCY = 'occupancy';
const WINDOW = ['window_start', 'window_end'] as const;

export const FIGURE_DEFINITIONS: Readonly<Record<FigureKey, FigureDefinition>> = {
  'average-utilization': {
    field: 'averageUtilization',
    label: msg`Average utilization`,
    unit: 'fraction',
    definition: msg`How full the location was on average, as a share of its capacity, over the hours with sensor data.`,
    formula: 'Σ(avg_utilization_percentage × window length) ÷ Σ(window length), over the occupancy windows present',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['avg_utilization_percentage', ...WINDOW] }],
  },
  'peak-utilization': {
    field: 'peakUtilization',
    label: msg`Peak utilization`,
    unit: 'fraction',
    definition: msg`The highest share of capacity in use at any moment of the range.`,
    formula: 'max(peak_utilization_percentage), over the occupancy windows present',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['peak_utilization_percentage'] }],
  },
  'peak-occupancy': {
    field: 'peakOccupancy',
    label: msg`Peak occupancy`,
    unit: 'people',
    definition: msg`The most people present at once, and the first window in which that happened.`,
    formula: 'max(peak_occupancy); when = window_start of the earliest window with that value',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['peak_occupancy', 'window_start'] }],
  },
  'total-entries': {
    field: 'totalEntries',
    label: msg`Total entries`,
    unit: 'count',
    definition: msg`How many times people entered the location over the range.`,
    formula: 'Σ traffic, over the traffic windows present',
    sources: [{ metric: 'traffic', interval: '60min', fields: ['traffic'] }],
  },
  'average-dwell': {
    field: 'averageDwellMinutes',
    label: msg`Average visit length`,
    unit: 'minutes',
    definition: msg`How long a visit lasted on average, each day counted by how many people entered that day.`,
    formula:
      "Σ(avg_dwell_time × day's entries) ÷ Σ(day's entries), over days with a non-null avg_dwell_time, where " +
      "day's entries = Σ traffic of the 60min windows on the same local date; in minutes (÷ 60 when the server " +
      'sends seconds); null when all weights are 0',
    sources: [
      { metric: 'dwell_time', interval: 'daily', fields: ['avg_dwell_time', 'window_start'] },
      { metric: 'traffic', interval: '60min', fields: ['traffic', 'window_start'] },
    ],
  },
  'in-use-share': {
    field: 'inUseShare',
    label: msg`Time in use`,
    unit: 'fraction',
    definition: msg`The share of time at least one person was in the location, over the hours with sensor data.`,
    formula: 'Σ((1 − availability_percentage) × window length) ÷ Σ(window length), over non-null availability windows',
    sources: [{ metric: 'availability', interval: '60min', fields: ['availability_percentage', ...WINDOW] }],
  },
  'hours-over-capacity': {
    field: 'hoursOverCapacity',
    label: msg`Hours over capacity`,
    unit: 'hours',
    definition: msg`How many hours had, at some moment, more people than the location is built for.`,
    formula: 'count of occupancy windows with peak_occupancy > capacity; null when capacity is 0',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['peak_occupancy'] }],
  },
  'right-size-p95': {
    field: 'rightSizeP95',
    label: msg`Right-size capacity (95th percentile)`,
    unit: 'people',
    definition: msg`A capacity that would have been enough in 95 % of the hours with sensor data.`,
    formula: 'the ⌈0.95 × n⌉-th smallest peak_occupancy (nearest rank, 1-based) of the n occupancy windows present',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['peak_occupancy'] }],
  },
  'busiest-hour': {
    field: 'busiestHour',
    label: msg`Busiest hour`,
    unit: 'hour-of-day',
    definition: msg`The hour of the day with the most people present on average, in local time.`,
    formula:
      'argmax over local hours (0–23) of mean(avg_occupancy) of the windows starting in that hour; ties → earliest hour',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['avg_occupancy', 'window_start'] }],
  },
  'busiest-weekday': {
    field: 'busiestWeekday',
    label: msg`Busiest weekday`,
    unit: 'weekday',
    definition: msg`The day of the week with the most people present on average, over its hours with sensor data.`,
    formula:
      'argmax over weekdays (1 = Sunday … 7 = Saturday) of mean(avg_occupancy) of the windows starting on that ' +
      'weekday (local date); ties → lowest digit',
    sources: [{ metric: OCCUPANCY, interval: '60min', fields: ['avg_occupancy', 'window_start'] }],
  },
};

export function computeFigures(input: FiguresInput): Figures {
  const { occupancy } = input;
  const peak = peakOccupancy(occupancy);
  return {
    averageUtilization: averageUtilization(occupancy),
    peakUtilization: maxOf(occupancy.map((point) => point.peak_utilization_percentage)),
    peakOccupancy: peak?.value ?? null,
    peakOccupancyAt: peak?.at ?? null,
    totalEntries: totalEntries(input.traffic),
    averageDwellMinutes: averageDwellMinutes(input.dwell, input.traffic, input.dwellUnit),
    inUseShare: inUseShare(input.availability),
    hoursOverCapacity: hoursOverCapacity(occupancy, input.capacity),
    rightSizeP95: nearestRank(
      occupancy.map((point) => point.peak_occupancy),
      0.95,
    ),
    busiestHour: busiestBy(occupancy, (start) => start.hour),
    busiestWeekday: busiestBy(occupancy, (start) => start.dayCode),
  };
}

export type FigureDeltas = Record<FigureField, number | null>;

/**
 * A figure's change against another period: current − previous, in the figure's own unit (a fraction's change is a
 * fraction: percentage points once shown); null when either side is null (nothing to compare). The one rule for
 * every page's changes (compareFigures here, compareMetricFigures in metric-deltas.ts).
 */
export function figureChange(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : current - previous;
}

/** Per figure, current − previous; null when either side is null. */
export function compareFigures(current: Figures, previous: Figures): FigureDeltas {
  const deltas = {} as FigureDeltas;
  for (const key of FIGURE_KEYS) {
    const field = FIGURE_DEFINITIONS[key].field;
    deltas[field] = figureChange(current[field], previous[field]);
  }
  return deltas;
}
