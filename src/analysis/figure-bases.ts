/**
 * The windows each metric page's figure is computed over (analysis/metric-figures.ts), its basis: the page's own, or,
 * whatever the chart's interval, the daily windows of the same request (a figure per day) or its 60-minute windows
 * (time over capacity). Apart from the figures themselves, which load with their panel, so that the page can plan
 * what to ask for on its first render.
 */
import type { Interval, Metric } from '../api/schemas';

/** The windows a figure is computed over besides the page's own: daily windows, or 60-minute windows. */
export type FigureBasis = 'days' | 'hours';

/** The interval of each basis. */
export const BASIS_INTERVALS = { days: 'daily', hours: '60min' } as const satisfies Record<FigureBasis, Interval>;

/** The bases each metric's figures need beyond the page's windows. */
export const METRIC_FIGURE_BASES: Readonly<Record<Metric, readonly FigureBasis[]>> = {
  occupancy: ['hours'],
  traffic: ['days'],
  dwell_time: [],
  availability: [],
};

/** The bases a page at `interval` must ask for: those whose interval is not the page's own. */
export function basesToAsk(metric: Metric, interval: Interval): FigureBasis[] {
  return METRIC_FIGURE_BASES[metric].filter((basis) => BASIS_INTERVALS[basis] !== interval);
}

/** The windows of a period the figures are computed over. */
export interface FigureWindows {
  /** The page's windows, as the API gave them. */
  points: readonly object[];
  /** The period's windows of each basis the page asked for (the page's own windows serve the others). */
  days?: readonly object[];
  hours?: readonly object[];
  /**
   * The wall-clock moment (wall-clock ms) windows must end by to be complete, for a figure over complete days: now
   * for this period, the cut for a compared one (analysis/period-cut.ts). Left out, every window is complete.
   */
  completeUntilWallMs?: number;
  /**
   * The windows of a basis not asked for, being too many for the dates: about this many pages. The figures over them
   * say so.
   */
  withheld?: Partial<Record<FigureBasis, number>>;
}
