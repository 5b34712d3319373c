/**
 * `compare=previous|year` on the utilization and metric pages: the period the figures and the chart are set against.
 * Read from the URL like every filter (never throws; what cannot be used is said), and written into copied links.
 */
import { COMPARISON_MODES, type ComparisonMode } from '../analysis/periods';
import { repeatedParam } from '../lib/search-params';

export const COMPARE_LABELS: Record<ComparisonMode, string> = {
  previous: 'Previous period',
  year: 'Same period last year',
};

export function parseCompare(params: URLSearchParams): { value: ComparisonMode | null; ignored?: string } {
  const raw = params.get('compare');
  const repeated = repeatedParam(params, 'compare');
  const also = repeated === undefined ? {} : { ignored: repeated };
  if (raw === null || raw === '') return { value: null, ...also };
  const mode = COMPARISON_MODES.find((candidate) => candidate === raw);
  if (mode) return { value: mode, ...also };
  const unknown = `compare “${raw.slice(0, 40)}” is not previous or year; showing no comparison`;
  return { value: null, ignored: repeated === undefined ? unknown : `${unknown}; ${repeated}` };
}

/** The URL with `compare` set to `mode`, or removed. */
export function withCompare(params: URLSearchParams, mode: ComparisonMode | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (mode) next.set('compare', mode);
  else next.delete('compare');
  return next;
}

/** What a copied link adds for `mode` (CopyLink's `extra`): `compare`, or nothing. */
export function compareLinkParams(mode: ComparisonMode | null): Readonly<Record<string, string>> | undefined {
  return mode ? { compare: mode } : undefined;
}
