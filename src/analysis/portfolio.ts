/**
 * The portfolio's figures: one row per location, and a summary over the spaces listed. A row's figures are the
 * utilization page's own (figures.ts, computeFigures over the same hourly occupancy), so a location shows the
 * same number on both pages; this module adds only what the portfolio alone shows:
 * - `average-utilization-change`: average utilization of the range − that of the previous period of the same
 *   length (periods.ts, `compare=previous`), in fraction points; the utilization page's change with that
 *   comparison on;
 * - the daily average utilization for the sparkline: per local date of the window start,
 *   Σ(avg_utilization_percentage × window length) ÷ Σ(window length), as average-utilization is over the range;
 * - `capacity-surplus`: capacity − right-size P95, in places: what a space could release (negative: what it is
 *   short of);
 * - the summary: counts of spaces in the configured bands, capacity against right-size P95, the places to release
 *   and the places short, busiest and emptiest.
 */
import { msg } from '@lingui/core/macro';

import type { OccupancyPoint } from '../api/schemas';
import { addDays } from '../lib/time';
import type { DataHealth } from './coverage';
import { compareFigures, computeFigures, type FigureDefinition } from './figures';
import { readWindow } from './local-window';
import { weightedMean } from './stats';

export interface PortfolioFigures {
  /** The capacity the figures are relative to (the series' own, as the utilization page uses). */
  capacity: number;
  averageUtilization: number | null;
  peakUtilization: number | null;
  rightSizeP95: number | null;
  /** averageUtilization − the previous period's, in fraction points; null when either is null. */
  averageUtilizationChange: number | null;
  /** Daily average utilization, one entry per date of the range (null: no window that day). */
  daily: readonly (number | null)[];
}

/** The figures a portfolio row shows, by their names on screen and in `data-kpi`. */
export const PORTFOLIO_FIGURES = [
  'average-utilization',
  'peak-utilization',
  'right-size-p95',
  'average-utilization-change',
] as const;
export type PortfolioFigureKey = (typeof PORTFOLIO_FIGURES)[number];

export const CHANGE_DEFINITION: Pick<FigureDefinition, 'label' | 'definition' | 'formula'> = {
  label: msg`Change in average utilization`,
  definition: msg`Average utilization of the dates shown against the same number of weeks just before, in points; dates that reach today are compared with the previous period up to the same local time.`,
  formula:
    'Average utilization of the range − Average utilization of the previous period (the range shifted back by its ' +
    'length rounded up to whole weeks; the previous months for the month presets), cut at the same local time when ' +
    'the range reaches now',
};

export interface PortfolioInput {
  capacity: number;
  /** Hourly occupancy windows of the range, as the utilization page loads them. */
  occupancy: readonly OccupancyPoint[];
  /** The same for the previous period. */
  previous: readonly OccupancyPoint[];
  /** The range, inclusive local dates. */
  start: string;
  end: string;
}

export function portfolioFigures(input: PortfolioInput): PortfolioFigures {
  const current = figuresOf(input.occupancy, input.capacity);
  const before = figuresOf(input.previous, input.capacity);
  return {
    capacity: input.capacity,
    averageUtilization: current.averageUtilization,
    peakUtilization: current.peakUtilization,
    rightSizeP95: current.rightSizeP95,
    averageUtilizationChange: compareFigures(current, before).averageUtilization,
    daily: dailyAverageUtilization(input.occupancy, input.start, input.end),
  };
}

/** Capacity − right-size P95, in places: positive to release, negative short; null without a right-size figure. */
export function capacitySurplus(figures: Pick<PortfolioFigures, 'capacity' | 'rightSizeP95'>): number | null {
  return figures.rightSizeP95 === null ? null : figures.capacity - figures.rightSizeP95;
}

export const SURPLUS_DEFINITION: Pick<FigureDefinition, 'label' | 'definition' | 'formula'> = {
  label: msg`Places to release`,
  definition: msg`The places beyond what the space needed to hold everyone in 95 % of open hours: places it could release, or, negative, places it is short of.`,
  formula: 'capacity − right-size capacity (95th percentile)',
};

function figuresOf(occupancy: readonly OccupancyPoint[], capacity: number) {
  return computeFigures({ capacity, occupancy, traffic: [], dwell: [], availability: [], dwellUnit: 'minutes' });
}

/** One value per local date from `start` to `end`: the length-weighted mean of that date's windows. */
export function dailyAverageUtilization(
  occupancy: readonly OccupancyPoint[],
  start: string,
  end: string,
): (number | null)[] {
  const byDate = new Map<string, { value: number; weight: number }[]>();
  for (const point of occupancy) {
    const window = readWindow(point);
    const entries = byDate.get(window.date) ?? [];
    entries.push({ value: point.avg_utilization_percentage, weight: window.lengthMs });
    byDate.set(window.date, entries);
  }
  const days: (number | null)[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) days.push(weightedMean(byDate.get(date) ?? []));
  return days;
}

// ---------------------------------------------------------------------------------------------------
// The summary

export interface PortfolioBands {
  /** A space is under-used below this average utilization. */
  underUsedBelow: number;
  /** A space is near full when its peak utilization reaches this. */
  nearFullAt: number;
}

export interface SummaryRow {
  locationId: number;
  name: string;
  figures: PortfolioFigures | undefined;
  /** Its data health (coverage.ts), when known. */
  health?: Pick<DataHealth, 'gaps' | 'silentOverADay'> | null;
}

export interface RankedSpace {
  locationId: number;
  name: string;
  averageUtilization: number;
}

export interface PortfolioSummary {
  /** Spaces listed (locations with no children), and how many of them have figures. */
  spaces: number;
  loaded: number;
  underUsed: number;
  nearFull: number;
  /** Over the loaded spaces with a right-size figure: their capacity and their right-size P95, summed. */
  capacity: number;
  rightSize: number;
  /** Over the same spaces: Σ max(0, capacity − right-size P95) and Σ max(0, right-size P95 − capacity). */
  toRelease: number;
  short: number;
  /** Over the loaded spaces: those with a gap in their data, and those silent for more than a day. */
  withGaps: number;
  silent: number;
  busiest: RankedSpace | null;
  emptiest: RankedSpace | null;
}

/**
 * Over spaces only: a building's capacity includes its spaces', so adding buildings would count places twice.
 * Ties for busiest and emptiest go to the lower location id, so the answer does not depend on load order.
 */
export function summarizePortfolio(spaces: readonly SummaryRow[], bands: PortfolioBands): PortfolioSummary {
  const summary: PortfolioSummary = {
    spaces: spaces.length,
    loaded: 0,
    underUsed: 0,
    nearFull: 0,
    capacity: 0,
    rightSize: 0,
    toRelease: 0,
    short: 0,
    withGaps: 0,
    silent: 0,
    busiest: null,
    emptiest: null,
  };
  for (const { locationId, name, figures, health } of spaces) {
    if (!figures) continue;
    summary.loaded++;
    if (health && health.gaps > 0) summary.withGaps++;
    if (health?.silentOverADay) summary.silent++;
    const average = figures.averageUtilization;
    if (average !== null && average < bands.underUsedBelow) summary.underUsed++;
    if (figures.peakUtilization !== null && figures.peakUtilization >= bands.nearFullAt) summary.nearFull++;
    if (figures.rightSizeP95 !== null) {
      summary.capacity += figures.capacity;
      summary.rightSize += figures.rightSizeP95;
      const surplus = figures.capacity - figures.rightSizeP95;
      if (surplus > 0) summary.toRelease += surplus;
      else summary.short -= surplus;
    }
    if (average === null) continue;
    const space = { locationId, name, averageUtilization: average };
    if (!summary.busiest || ranksBefore(space, summary.busiest, 1)) summary.busiest = space;
    if (!summary.emptiest || ranksBefore(space, summary.emptiest, -1)) summary.emptiest = space;
  }
  return summary;
}

/** The summary's figures, by their names on screen and in `data-kpi` (docs/figures.md, "The portfolio"). */
export const PORTFOLIO_SUMMARY_KEYS = [
  'under-used-spaces',
  'near-full-spaces',
  'places-needed',
  'places-to-release',
  'places-short',
  'spaces-with-gaps',
  'busiest-space',
  'emptiest-space',
] as const;
export type PortfolioSummaryKey = (typeof PORTFOLIO_SUMMARY_KEYS)[number];

function ranksBefore(a: RankedSpace, b: RankedSpace, direction: 1 | -1): boolean {
  if (a.averageUtilization !== b.averageUtilization) {
    return direction * (a.averageUtilization - b.averageUtilization) > 0;
  }
  return a.locationId < b.locationId;
}
