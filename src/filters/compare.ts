/**
 * `compare=previous|year` on the utilization and metric pages: the period the figures and the chart are set against.
 * Read from the URL like every filter (never throws; what cannot be used is said), and written into copied links.
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import { COMPARISON_MODES, type ComparisonMode } from '../analysis/periods';
import { repeatedParam } from '../lib/search-params';
import { formatWall } from '../lib/time';

const COMPARE_LABELS: Record<ComparisonMode, MessageDescriptor> = {
  previous: msg`Previous period`,
  year: msg`Same period last year`,
};

/** What a comparison period is called, in the language in force: "Previous period", "Same period last year". */
export function compareLabel(mode: ComparisonMode): string {
  return i18n._(COMPARE_LABELS[mode]);
}

export function parseCompare(params: URLSearchParams): { value: ComparisonMode | null; ignored?: string } {
  const raw = params.get('compare');
  const repeated = repeatedParam(params, 'compare');
  const also = repeated === undefined ? {} : { ignored: repeated };
  if (raw === null || raw === '') return { value: null, ...also };
  const mode = COMPARISON_MODES.find((candidate) => candidate === raw);
  if (mode) return { value: mode, ...also };
  const quoted = `“${raw.slice(0, 40)}”`;
  const unknown = t`compare ${quoted} is not previous or year; showing no comparison`;
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
  if (cut.wholeDays) {
    const day = formatWall(cut.cutWallMs, weeks ? 'EEE' : 'EEE d MMM');
    return t`to the same day (${day})`;
  }
  const time = formatWall(cut.cutWallMs, weeks ? 'EEE HH:mm' : 'EEE d MMM, HH:mm');
  return t`to the same time (${time})`;
}

/** What a comparison is called where a change is shown: "Previous period, to the same time (Wed 10:30)". */
export function comparisonName(mode: ComparisonMode, until: string | null): string {
  return until ? `${compareLabel(mode)}, ${until}` : compareLabel(mode);
}
