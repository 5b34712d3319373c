/**
 * The sub-ranges a walk (series-walk.ts) is made of: a range split on local-day boundaries for parallel cursors, the
 * days from today on apart (the only ones a refresh walks again), and where a refresh of a whole walk starts.
 */
import { addDays, daysBetweenInclusive } from '../lib/time';
import { MAX_PAGE_SIZE, type Metric } from './schemas';
import type { ChainState, Query, SeriesWalk } from './walk-state';

export const WINDOWS_PER_DAY: Partial<Record<string, number>> = {
  '15min': 96,
  '30min': 48,
  '60min': 24,
  hourly: 24,
  daily: 1,
};
/** Sub-ranges a range is walked in at most, each one chain of cursors (all through the client's one limiter). */
export const SUB_RANGES = 4;

/** A sub-range of fewer pages than this costs more in extra first requests than it saves. */
const MIN_PAGES_PER_CHAIN = 3;

export type DayRange = { start_date: string; end_date: string };

/**
 * The sub-ranges a request is walked in: whole local days, in order, covering the range exactly. With `today`
 * inside a range that starts before it, the days from today on are one sub-range of their own (the only one a
 * refresh needs to walk again) and the days before share the others.
 */
export function splitRange(query: Query, maxChains = SUB_RANGES, today?: string): DayRange[] {
  const whole = [{ start_date: query.start_date, end_date: query.end_date }];
  const perDay = WINDOWS_PER_DAY[query.interval ?? 'daily'];
  if (!perDay || query.end_date < query.start_date) return whole;
  if (maxChains > 1 && cutsAt(query, today)) {
    const past = splitRange({ ...query, end_date: addDays(today, -1) }, maxChains - 1);
    return [...past, { start_date: today, end_date: query.end_date }];
  }
  const days = daysBetweenInclusive(query.start_date, query.end_date);
  const upperPages = Math.ceil((days * perDay) / MAX_PAGE_SIZE);
  const count = Math.max(1, Math.min(maxChains, Math.floor(upperPages / MIN_PAGES_PER_CHAIN), days));
  if (count === 1) return whole;
  const daysPerChain = Math.ceil(days / count);
  const ranges: DayRange[] = [];
  for (let first = 0; first < days; first += daysPerChain) {
    const last = Math.min(first + daysPerChain, days) - 1;
    ranges.push({ start_date: addDays(query.start_date, first), end_date: addDays(query.start_date, last) });
  }
  return ranges;
}

/** `today` falls inside the range after its first day, and windows do not cross a local midnight (not weekly or monthly). */
function cutsAt(query: Query, today: string | undefined): today is string {
  return (
    today !== undefined &&
    WINDOWS_PER_DAY[query.interval ?? 'daily'] !== undefined &&
    query.start_date < today &&
    today <= query.end_date
  );
}

/** A sub-range not yet walked; final when its last day ended before `today`. */
export function freshChain<M extends Metric>(range: DayRange, today: string | undefined): ChainState<M> {
  return {
    ...range,
    pages: [],
    cursor: undefined,
    done: false,
    filtersRefused: false,
    final: today !== undefined && range.end_date < today,
  };
}

/**
 * Where a refresh of `walk` starts: its final sub-ranges as they are (done, nothing to ask), every other one
 * fresh, cut at `today` where it holds days before today (those days will be final once walked now).
 */
export function refreshStart<M extends Metric>(walk: SeriesWalk<M>, query: Query, today?: string): SeriesWalk<M> {
  return {
    chains: walk.chains.flatMap((chain) =>
      chain.final && chain.done
        ? [chain]
        : cutAt({ ...query, start_date: chain.start_date, end_date: chain.end_date }, today).map((range) =>
            freshChain<M>(range, today),
          ),
    ),
  };
}

/** The range as one sub-range, or two: the days before `today` and the days from it on. */
function cutAt(query: Query, today: string | undefined): DayRange[] {
  const { start_date, end_date } = query;
  if (!cutsAt(query, today)) return [{ start_date, end_date }];
  return [
    { start_date, end_date: addDays(today, -1) },
    { start_date: today, end_date },
  ];
}
