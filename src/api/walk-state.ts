/** What a series walk (series-walk.ts) is, as its sub-ranges (walk-ranges.ts) and the query cache hold it. */
import type { WalkedPage } from './filter-fallback';
import type { Metric, MetricQueryInput } from './schemas';

export type Query = Omit<MetricQueryInput, 'cursor'>;

/** One sub-range's walk. */
export interface ChainState<M extends Metric = Metric> {
  start_date: string;
  end_date: string;
  pages: readonly WalkedPage<M>[];
  /** The cursor of the next page (undefined before the first). */
  cursor: string | undefined;
  done: boolean;
  /** Its pages went without filters (the server refuses them): its cursors belong to that request. */
  filtersRefused: boolean;
  /**
   * Walked after its last day had ended, on the location's clock: its windows cannot change, and a refresh keeps
   * it. False when the walk knew no `today`, or when its last day was today or later (it may still change).
   */
  final: boolean;
}

export interface SeriesWalk<M extends Metric = Metric> {
  chains: readonly ChainState<M>[];
}
