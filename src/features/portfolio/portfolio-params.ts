/**
 * The portfolio's own URL parameters, beside the pages' filters (range, from/to, hours, days; filters/model.ts):
 *
 *   sort=average-utilization     ascending by a column; `-average-utilization` descending; none: the tree
 *   q=library                    search (names of the location and its ancestors)
 *   under=1003                   one branch: that location and everything below it
 *
 * Never throws: a bad value is left out and reported, like every other parameter.
 */
import { t } from '@lingui/core/macro';

import { quoteValue, repeatedParam } from '../../lib/search-params';

export const PORTFOLIO_SORT_KEYS = [
  'name',
  'capacity',
  'occupancy-now',
  'average-utilization',
  'peak-utilization',
  'right-size-p95',
  'capacity-surplus',
  'data-coverage',
  'average-utilization-change',
] as const;
export type PortfolioSortKey = (typeof PORTFOLIO_SORT_KEYS)[number];

export interface PortfolioSort {
  key: PortfolioSortKey;
  descending: boolean;
}

export interface PortfolioParams {
  /** Null: the tree, campus › building › space. */
  sort: PortfolioSort | null;
  q: string;
  under: number | null;
}

export const PORTFOLIO_PARAMS = ['sort', 'q', 'under'] as const;
const MAX_QUERY = 100;

export function parsePortfolioParams(params: URLSearchParams): { value: PortfolioParams; ignored: string[] } {
  const ignored = PORTFOLIO_PARAMS.flatMap((name) => repeatedParam(params, name) ?? []);
  let sort: PortfolioSort | null = null;
  const sortText = params.get('sort');
  if (sortText) {
    const descending = sortText.startsWith('-');
    const key = PORTFOLIO_SORT_KEYS.find((known) => known === (descending ? sortText.slice(1) : sortText));
    if (key) sort = { key, descending };
    else {
      const [quoted, known] = [quoteValue(sortText), PORTFOLIO_SORT_KEYS.join(', ')];
      ignored.push(t`sort ${quoted} is not one of ${known}; showing the tree`);
    }
  }
  let under: number | null = null;
  const underText = params.get('under');
  if (underText) {
    if (/^\d{1,15}$/.test(underText)) under = Number(underText);
    else {
      const quoted = quoteValue(underText);
      ignored.push(t`under ${quoted} is not a location id; showing every location`);
    }
  }
  const q = (params.get('q') ?? '').slice(0, MAX_QUERY);
  return { value: { sort, q, under }, ignored };
}

/** `current` with the portfolio's parameters set to `value` (defaults left out), the rest untouched. */
export function withPortfolioParams(current: URLSearchParams, value: PortfolioParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of PORTFOLIO_PARAMS) next.delete(name);
  if (value.sort) next.set('sort', `${value.sort.descending ? '-' : ''}${value.sort.key}`);
  if (value.q.trim()) next.set('q', value.q);
  if (value.under !== null) next.set('under', String(value.under));
  return next;
}
