/**
 * The compare page's table and chart, as data: its columns for a metric, each location's cells from the figures its
 * own page computes (analysis/figures.ts for utilization, analysis/metric-figures.ts for the other metrics; the same
 * functions, names and raw values), and each location's line on local wall-clock time. Pure.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import { FIGURE_DEFINITIONS, type FigureDeltas, type FigureUnit, type Figures } from '../../analysis/figures';
import { alignOnLocalTime, type AlignedPoints } from '../../analysis/local-alignment';
import { METRIC_FIGURE_DEFINITIONS, type MetricFigure } from '../../analysis/metric-figures';
import type { MetricFigureDeltas } from '../../analysis/metric-deltas';
import { capacitySurplus, SURPLUS_DEFINITION } from '../../analysis/portfolio';
import { placesToRelease, RELEASE_COST_DEFINITION, releaseCost } from '../../analysis/release-cost';
import { toMinutes } from '../../analysis/figure-values';
import type { DwellUnit, Metric, OccupancyPoint } from '../../api/schemas';
import { formatFigureValue, formatDelta } from '../../components/figure-delta';
import type { PlaceCost } from '../../config/runtime-config';
import type { CompareUnit } from '../../charts/compare-option';
import { formatCount, formatYearly, percentValue } from '../../lib/format';
import { metricBySlug, UTILIZATION_VIEW } from '../../metrics/definitions';
import type { COMPARED_METRICS } from './compare-params';

export interface CompareColumn {
  /** `data-kpi`: the name the location's own page gives the figure. */
  key: string;
  label: string;
}

export interface CompareCell {
  key: string;
  value: number | null;
  text: string;
  /** The change against the comparison period, in words, when one is on. */
  change?: string;
}

/** The utilization figures the table shows, by their names on the utilization page and the portfolio. */
const UTILIZATION_COLUMNS = ['average-utilization', 'peak-utilization', 'peak-occupancy', 'right-size-p95'] as const;

export function compareColumns(metric: Metric | 'utilization', cost: PlaceCost | null): CompareColumn[] {
  if (metric !== 'utilization') {
    return METRIC_FIGURE_DEFINITIONS[metric].map(({ key, label }) => ({ key, label: i18n._(label) }));
  }
  return [
    ...UTILIZATION_COLUMNS.map((key) => ({ key, label: i18n._(FIGURE_DEFINITIONS[key].label) })),
    { key: 'capacity-surplus', label: i18n._(SURPLUS_DEFINITION.label) },
    ...(cost ? [{ key: 'release-cost', label: i18n._(RELEASE_COST_DEFINITION.label) }] : []),
  ];
}

/** A location's utilization cells: the utilization page's figures, and the portfolio's places to release. */
export function utilizationCells(
  figures: Figures,
  capacity: number,
  cost: PlaceCost | null,
  deltas: FigureDeltas | undefined,
): CompareCell[] {
  const cells: CompareCell[] = UTILIZATION_COLUMNS.map((key) => {
    const { field, unit } = FIGURE_DEFINITIONS[key];
    const value = figures[field];
    return { key, value, text: valueText(unit, value), ...changeOf(unit, deltas?.[field]) };
  });
  const surplus = capacitySurplus({ capacity, rightSizeP95: figures.rightSizeP95 });
  cells.push({ key: 'capacity-surplus', value: surplus, text: surplusText(surplus) });
  if (cost) {
    const value = releaseCost(placesToRelease({ capacity, rightSizeP95: figures.rightSizeP95 }), cost.perPlace);
    cells.push({ key: 'release-cost', value, text: value === null ? t`no data` : formatYearly(value, cost.currency) });
  }
  return cells;
}

/** A location's cells of a metric: its metric page's figures. */
export function metricCells(figures: readonly MetricFigure[], deltas: MetricFigureDeltas | undefined): CompareCell[] {
  return figures.map(({ key, unit, value }) => ({
    key,
    value,
    text: valueText(unit, value),
    ...changeOf(unit, deltas?.[key]),
  }));
}

function valueText(unit: FigureUnit, value: number | null): string {
  return value === null ? t`no data` : formatFigureValue(unit, value);
}

function changeOf(unit: FigureUnit, delta: number | null | undefined): Pick<CompareCell, 'change'> {
  return delta === undefined ? {} : { change: formatDelta(unit, delta) };
}

function surplusText(surplus: number | null): string {
  if (surplus === null) return t`no data`;
  const places = formatCount(Math.abs(surplus));
  return surplus < 0 ? t`${places} short` : places;
}

/** What each metric's line draws, per window, in the chart's unit. */
export function comparedValue(metric: Metric | 'utilization', dwellUnit: DwellUnit) {
  return (point: Record<string, unknown>): number | null => {
    const read = (field: string) => (typeof point[field] === 'number' ? (point[field] as number) : null);
    switch (metric) {
      case 'utilization':
        return percentValue((point as unknown as OccupancyPoint).avg_utilization_percentage);
      case 'occupancy':
        return read('avg_occupancy');
      case 'traffic':
        return read('traffic');
      case 'dwell_time': {
        const value = read('avg_dwell_time');
        return value === null ? null : toMinutes(value, dwellUnit);
      }
      case 'availability': {
        const value = read('availability_percentage');
        return value === null ? null : percentValue(value);
      }
    }
  };
}

/** A location's line: its windows on its own wall clock. */
export function comparedLine(
  points: readonly object[],
  metric: Metric | 'utilization',
  dwellUnit: DwellUnit,
): AlignedPoints {
  return alignOnLocalTime(points as readonly { window_start: string }[], comparedValue(metric, dwellUnit) as never);
}

/** The chart's unit for a metric. */
export function unitOf(metric: string): CompareUnit {
  if (metric === 'utilization' || metric === 'availability') return 'percent';
  if (metric === 'occupancy') return 'people';
  return metric === 'traffic' ? 'count' : 'minutes';
}

export function valueName(metric: string): string {
  switch (metric) {
    case 'utilization':
      return t`% utilization`;
    case 'availability':
      return t`% of time free`;
    case 'occupancy':
      return t`People`;
    case 'traffic':
      return t`Entries`;
    default:
      return t`Minutes`;
  }
}

export function metricLabel(slug: (typeof COMPARED_METRICS)[number]): string {
  if (slug === 'utilization') return i18n._(UTILIZATION_VIEW.label);
  return i18n._(metricBySlug(slug)!.label);
}
