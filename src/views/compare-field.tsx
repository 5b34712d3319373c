/**
 * "Compare with" in a location page's More chip, on the utilization page and the metric pages alike: Nothing,
 * Previous period or Same period last year, and the compared dates as a hint. The URL holds the choice
 * (filters/use-compare.ts); the dates come from the page's plan (filters/view-plan.ts).
 */
import { t } from '@lingui/core/macro';

import { COMPARISON_MODES, type ComparisonMode, type DateSpan } from '../analysis/periods';
import { compareLabel } from '../filters/compare';
import { formatDateRange } from '../lib/time';

export interface CompareFieldProps {
  mode: ComparisonMode | null;
  /** The compared dates, when a comparison is on. */
  compared: DateSpan | null;
  onChange(mode: ComparisonMode | null): void;
}

export function CompareField({ mode, compared, onChange }: CompareFieldProps) {
  return (
    <>
      <label>
        {t`Compare with`}{' '}
        <select
          value={mode ?? ''}
          onChange={(event) => onChange(COMPARISON_MODES.find((each) => each === event.target.value) ?? null)}
        >
          <option value="">{t`Nothing`}</option>
          {COMPARISON_MODES.map((each) => (
            <option key={each} value={each}>
              {compareLabel(each)}
            </option>
          ))}
        </select>
      </label>
      {compared && <span className="hint">{formatDateRange(compared.start, compared.end)}</span>}
    </>
  );
}
