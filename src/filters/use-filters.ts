/**
 * The page's filters, read from and written to the URL: the URL is the only filter state, nothing is copied
 * into React state.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../lib/router/router';

import type { MetricDefinition } from '../metrics/definitions';
import { serializeFilters, withFilterParams } from './filter-url';
import { parseFilters, type FilterDefaults, type Filters } from './model';

export interface UseFiltersResult {
  filters: Filters;
  /** What the URL asked for that could not be used, one sentence each, for the user. */
  ignored: string[];
  /** Writes `next` to the URL: a new history entry, or `replace` for typing and debounced edits. */
  setFilters(next: Filters, options?: { replace?: boolean }): void;
}

/**
 * Pass a stable `defaults` (a constant or memoized): the parse is memoized on the search string, the metric
 * and the defaults. The pathname and the parameters the filters do not own (utm_…) are kept as they are.
 */
export function useFilters(metric: MetricDefinition, defaults: FilterDefaults): UseFiltersResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const { filters, ignored } = useMemo(() => parseFilters(search, metric, defaults), [search, metric, defaults]);

  const setFilters = useCallback(
    (next: Filters, options?: { replace?: boolean }) => {
      const nextParams = withFilterParams(searchParams, serializeFilters(next, metric, defaults));
      // Re-applying the same filters must not add a history entry that Back would seem to ignore.
      if (nextParams.toString() === searchParams.toString()) return;
      setSearchParams(nextParams, { replace: options?.replace ?? false });
    },
    [searchParams, setSearchParams, metric, defaults],
  );

  return { filters, ignored, setFilters };
}
