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
import type { OccupancyPoint } from '../api/schemas';
import { percent } from '../lib/format';
import { addDays } from '../lib/time';
import type { DataHealth } from './coverage';
import { compareFigures, computeFigures, FIGURE_DEFINITIONS, type FigureDefinition } from './figures';
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
  label: 'Change in average utilization',
  definition:
    'Average utilization of the dates shown against the same number of weeks just before, in points; dates that reach today are compared with the previous period up to the same local time.',
  formula:
    `${FIGURE_DEFINITIONS['average-utilization'].label} of the range − ${FIGURE_DEFINITIONS['average-utilization'].label} ` +
    'of the previous period (the range shifted back by its length rounded up to whole weeks; the previous months ' +
    'for the month presets), cut at the same local time when the range reaches now',
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
  label: 'Places to release',
  definition:
    'The places beyond what the space needed to hold everyone in 95 % of open hours: places it could release, or, negative, places it is short of.',
  formula: `capacity − ${FIGURE_DEFINITIONS['right-size-p95'].label.toLowerCase()}`,
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

/**
 * What each summary figure is called and means, in words: the labels name the configured bands, so they are made
 * from them ("Under 30.0 % on average"). The numbers are summarizePortfolio's; this only says what they are.
 */
export function portfolioSummaryDefinitions(
  bands: PortfolioBands,
): Readonly<Record<PortfolioSummaryKey, Pick<FigureDefinition, 'label' | 'definition' | 'formula'>>> {
  const average = FIGURE_DEFINITIONS['average-utilization'].label.toLowerCase();
  const peak = FIGURE_DEFINITIONS['peak-utilization'].label.toLowerCase();
  const rightSize = FIGURE_DEFINITIONS['right-size-p95'].label.toLowerCase();
  const spaces = 'spaces (locations with nothing listed below them) with figures';
  return {
    'under-used-spaces': {
      label: `Under ${percent(bands.underUsedBelow)} on average`,
      definition: `How many of the ${spaces} were under ${percent(bands.underUsedBelow)} ${average} over the dates shown.`,
      formula: `count of spaces with ${average} < ${percent(bands.underUsedBelow)}`,
    },
    'near-full-spaces': {
      label: `${percent(bands.nearFullAt)} or more at peak`,
      definition: `How many of the ${spaces} reached ${percent(bands.nearFullAt)} of their capacity or more in at least one hour.`,
      formula: `count of spaces with ${peak} ≥ ${percent(bands.nearFullAt)}`,
    },
    'places-needed': {
      label: 'Places needed (P95)',
      definition:
        'The places the spaces would need to hold everyone in 95 % of open hours, against the places they have.',
      formula: `Σ ${rightSize}, of Σ capacity, over the spaces with a ${rightSize}`,
    },
    'places-to-release': {
      label: 'Places to release',
      definition:
        'The places the spaces have beyond what they needed in 95 % of open hours, added up over the spaces with more than they needed.',
      formula: `Σ max(0, capacity − ${rightSize}), over the spaces with a ${rightSize}`,
    },
    'places-short': {
      label: 'Places short',
      definition:
        'The places the spaces lacked to hold everyone in 95 % of open hours, added up over the spaces with fewer than they needed.',
      formula: `Σ max(0, ${rightSize} − capacity), over the spaces with a ${rightSize}`,
    },
    'spaces-with-gaps': {
      label: 'Spaces with gaps',
      definition: `How many of the ${spaces} lack data for some of the hourly windows the API should have sent over the dates shown (open hours and days, up to now), and how many of them have sent nothing for more than a day.`,
      formula: 'count of spaces with data coverage < 1; silent: a gap reaching now that began more than 24 hours ago',
    },
    'busiest-space': {
      label: 'Busiest space',
      definition: `The space with the highest ${average} over the dates shown.`,
      formula: `argmax ${average} over the spaces; ties → the lower location id`,
    },
    'emptiest-space': {
      label: 'Emptiest space',
      definition: `The space with the lowest ${average} over the dates shown.`,
      formula: `argmin ${average} over the spaces; ties → the lower location id`,
    },
  };
}

function ranksBefore(a: RankedSpace, b: RankedSpace, direction: 1 | -1): boolean {
  if (a.averageUtilization !== b.averageUtilization) {
    return direction * (a.averageUtilization - b.averageUtilization) > 0;
  }
  return a.locationId < b.locationId;
}
