/**
 * One definition per metric: everything that differs between the four pages. The page itself is one
 * component over this registry.
 */
import { INTERVALS, type Interval, type Metric } from '../api/schemas';

/** What the UI offers: `hourly` and `60min` are one choice, sent as `60min` (every hourly endpoint takes it). */
export const UI_INTERVALS = ['15min', '30min', '60min', 'daily', 'weekly', 'monthly'] as const;
export type UiInterval = (typeof UI_INTERVALS)[number];

export const INTERVAL_LABELS: Record<UiInterval, string> = {
  '15min': '15 minutes',
  '30min': '30 minutes',
  '60min': 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** Windows per hour, for page estimates (a day's windows are these times its hours). */
export const WINDOWS_PER_HOUR: Record<UiInterval, number> = {
  '15min': 4,
  '30min': 2,
  '60min': 1,
  daily: 0,
  weekly: 0,
  monthly: 0,
};

export interface MetricDefinition {
  metric: Metric;
  /** The URL segment. */
  slug: string;
  label: string;
  /** One line on what the numbers mean. */
  description: string;
  intervals: readonly UiInterval[];
  defaultInterval: UiInterval;
}

function uiIntervals(metric: Metric): UiInterval[] {
  const allowed: readonly Interval[] = INTERVALS[metric];
  return UI_INTERVALS.filter((interval) => allowed.includes(interval));
}

export const METRIC_DEFINITIONS: readonly MetricDefinition[] = [
  {
    metric: 'occupancy',
    slug: 'occupancy',
    label: 'Occupancy',
    description: 'People present: average and peak per window, against capacity.',
    intervals: uiIntervals('occupancy'),
    defaultInterval: 'daily',
  },
  {
    metric: 'traffic',
    slug: 'traffic',
    label: 'Traffic',
    description: 'People who entered during each window.',
    intervals: uiIntervals('traffic'),
    defaultInterval: 'daily',
  },
  {
    metric: 'dwell_time',
    slug: 'dwell-time',
    label: 'Dwell time',
    description: 'How long people stayed: average and longest per window.',
    intervals: uiIntervals('dwell_time'),
    defaultInterval: 'daily',
  },
  {
    metric: 'availability',
    slug: 'availability',
    label: 'Availability',
    description: 'Share of each window when nobody was present.',
    intervals: uiIntervals('availability'),
    defaultInterval: 'daily',
  },
];

export function metricBySlug(slug: string | undefined): MetricDefinition | undefined {
  return METRIC_DEFINITIONS.find((definition) => definition.slug === slug);
}

/**
 * The utilization page's filters: the same range, hours and days as the metric pages, at one interval (its
 * figures are defined over hourly windows), so the interval control is not shown.
 */
export const UTILIZATION_VIEW: MetricDefinition = {
  metric: 'occupancy',
  slug: 'utilization',
  label: 'Utilization',
  description: 'How full, when, compared with what, and which space: figures over hourly windows.',
  intervals: ['60min'],
  defaultInterval: '60min',
};
