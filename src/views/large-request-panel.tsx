/**
 * What a location page shows instead of walking a large request (metrics/page-estimate.ts's `isLargeRequest`): how
 * many pages it is, a coarser interval when one would be small enough, and a button to load it anyway. The
 * utilization page and the metric pages say it in the same words.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

import { MAX_PAGE_SIZE } from '../api/schemas';
import { lowerFirst } from '../lib/format';
import { INTERVAL_LABELS, type UiInterval } from '../metrics/definitions';

export interface LargeRequestPanelProps {
  /** Every page the view would walk: each series, each space and the comparison period's counted. */
  pages: number;
  /** The spaces of the location whose series are counted too (the utilization page's), if any. */
  spaces?: number;
  /** The pages count the comparison period's. */
  withComparison: boolean;
  /** The finest interval offered that keeps the request small (metrics/page-estimate.ts's `coarserInterval`). */
  coarser?: { interval: UiInterval; pages: number } | null;
  onCoarser?(interval: UiInterval): void;
  onProceed(): void;
}

export function LargeRequestPanel(props: LargeRequestPanelProps) {
  const { pages, spaces = 0, withComparison, coarser, onCoarser, onProceed } = props;
  const label = coarser ? lowerFirst(i18n._(INTERVAL_LABELS[coarser.interval])) : '';
  const size = MAX_PAGE_SIZE;
  const coarserPages = coarser?.pages ?? 0;
  const what =
    spaces > 0
      ? withComparison
        ? t`It is about ${pages} pages of ${size} windows for this location and its ${spaces} spaces, with the comparison period.`
        : t`It is about ${pages} pages of ${size} windows for this location and its ${spaces} spaces.`
      : withComparison
        ? t`It is about ${pages} pages of ${size} windows, with the comparison period.`
        : t`It is about ${pages} pages of ${size} windows.`;
  return (
    <section className="panel" aria-label={t`Large request`}>
      <h2>{t`This is a large request`}</h2>
      <p>
        {what} {coarser ? t`At ${label} it would be about ${coarserPages} pages.` : t`A shorter range loads faster.`}
      </p>
      {coarser && onCoarser && (
        <button type="button" onClick={() => onCoarser(coarser.interval)}>
          {t`Use ${label} instead`}
        </button>
      )}{' '}
      <button type="button" onClick={onProceed}>
        {t`Load all ${pages} pages anyway`}
      </button>
    </section>
  );
}
