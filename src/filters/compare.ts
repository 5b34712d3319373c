/**
 * `compare=previous|year` on the utilization and metric pages: the period the figures and the chart are set against.
 * Read from the URL like every filter (never throws; what cannot be used is said), and written into copied links.
 */
import { COMPARISON_MODES, type ComparisonMode } from '../analysis/periods';
import { repeatedParam } from '../lib/search-params';
import { formatWall } from '../lib/time';

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

/**
 * Where the other period is cut when this period reaches now, in words: "to the same time (Wed 10:30)", the compared
 * period's own weekday and time, with its date when the shift is not whole weeks (a month's). A cut at whole days
 * (dwell time comes by day only) says the day alone: "to the same day (Wed)".
 */
export function cutWords(cut: { cutWallMs: number; shiftDays: number; wholeDays: boolean }): string {
  const weeks = cut.shiftDays % 7 === 0;
  if (cut.wholeDays) return `to the same day (${formatWall(cut.cutWallMs, weeks ? 'EEE' : 'EEE d MMM')})`;
  return `to the same time (${formatWall(cut.cutWallMs, weeks ? 'EEE HH:mm' : 'EEE d MMM, HH:mm')})`;
}

/** What a comparison is called where a change is shown: "Previous period, to the same time (Wed 10:30)". */
export function comparisonName(mode: ComparisonMode, until: string | null): string {
  return until ? `${COMPARE_LABELS[mode]}, ${until}` : COMPARE_LABELS[mode];
}
