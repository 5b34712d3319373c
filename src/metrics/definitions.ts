/**
 * One definition per metric: everything that differs between the four pages. The page itself is one
 * component over this registry.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { INTERVALS, type Interval, type Metric } from '../api/schemas';

/** What the UI offers: `hourly` and `60min` are one choice, sent as `60min` (every hourly endpoint takes it). */
export const UI_INTERVALS = ['15min', '30min', '60min', 'daily', 'weekly', 'monthly'] as const;
export type UiInterval = (typeof UI_INTERVALS)[number];

/** What each interval is called (made in the language in force where it is shown: `i18n._(INTERVAL_LABELS[i])`). */
export const INTERVAL_LABELS: Record<UiInterval, MessageDescriptor> = {
  '15min': msg`15 minutes`,
  '30min': msg`30 minutes`,
  '60min': msg`Hourly`,
  daily: msg`Daily`,
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
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
  /** Its name, in each language (`i18n._(label)` where it is shown). */
  label: MessageDescriptor;
  /** One line on what the numbers mean, in each language. */
  description: MessageDescriptor;
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
    label: msg`Occupancy`,
    description: msg`People present: average and peak per window, against capacity.`,
    intervals: uiIntervals('occupancy'),
    defaultInterval: 'daily',
  },
  {
    metric: 'traffic',
    slug: 'traffic',
    label: msg`Traffic`,
    description: msg`People who entered during each window.`,
    intervals: uiIntervals('traffic'),
    defaultInterval: 'daily',
  },
  {
    metric: 'dwell_time',
    slug: 'dwell-time',
    label: msg`Dwell time`,
    description: msg`How long people stayed: average and longest per window.`,
    intervals: uiIntervals('dwell_time'),
    defaultInterval: 'daily',
  },
  {
    metric: 'availability',
    slug: 'availability',
    label: msg`Availability`,
    description: msg`Share of each window when nobody was present.`,
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
  label: msg`Utilization`,
  description: msg`How full, when, compared with what, and which space: figures over hourly windows.`,
  intervals: ['60min'],
  defaultInterval: '60min',
};
