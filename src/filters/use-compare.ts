/**
 * The page's comparison period (`compare=previous|year`, filters/compare.ts), read from and written to the URL like
 * the filters (use-filters.ts): nothing copied into React state. Choosing one pushes a history entry, so Back and
 * Forward return to the comparison shown before.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../lib/router/router';

import type { ComparisonMode } from '../analysis/periods';
import { parseCompare, withCompare } from './compare';

export interface UseCompareResult {
  mode: ComparisonMode | null;
  /** What the URL asked for that could not be used, one sentence, for the page's "Some of this link was ignored". */
  ignored: string | undefined;
  setMode(mode: ComparisonMode | null): void;
}

export function useCompare(): UseCompareResult {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const { value, ignored } = useMemo(() => parseCompare(new URLSearchParams(search)), [search]);
  const setMode = useCallback(
    (mode: ComparisonMode | null) => {
      const next = withCompare(searchParams, mode);
      // Choosing what is already shown adds no history entry that Back would seem to ignore.
      if (next.toString() !== searchParams.toString()) setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );
  return { mode: value, ignored, setMode };
}
