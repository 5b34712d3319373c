import '../components/segmented-control.css';
import './filter-bar.css';
import './weekday-toggles.css';
import { t } from '@lingui/core/macro';
import { useId } from 'react';

import { weekdayName } from '../lib/format';
import { toggleDay } from './filter-rules';
import { describeDays, weekdayOrder } from './filter-words';
import { useDraft } from './use-draft';

export interface WeekdayTogglesProps {
  /** null = unset: the location's operating days. */
  days: number[] | null;
  /** The days the server applied for unset days (its echo of the operating days), when known. */
  appliedDays?: readonly number[];
  /** The locale of the week's first day (lib/language.ts `weekLocale`); the names are the language's (lib/format.ts). */
  locale: string;
  onChange(days: number[] | null): void;
}

/**
 * Seven toggles in the viewer's week order, and a reset to the location's operating days.
 *
 * While days are unset no toggle is pressed: every operating day is included. Pressing a day then toggles it
 * against the operating days the server applied (`appliedDays`): at a Mon–Fri location Fri gives Mon–Thu and
 * Sun gives Sun–Fri (the common wish from that view is to drop or add one day; switching to the pressed day
 * alone would turn one click into excluding the rest). Starting from all seven instead would add the closed
 * days unasked (Sun would send Mon–Sat), so all seven are the start only while the echo is not known yet.
 * All seven pressed is an explicit filter (1234567), not the same as unset. Unpressing the last pressed day is
 * refused: the API cannot be asked for no days.
 */
export function WeekdayToggles({ days, appliedDays, locale, onChange }: WeekdayTogglesProps) {
  const labelId = useId();
  const noteId = useId();
  const [refusal, setRefusal] = useDraft<string>(days === null ? 'unset' : days.join(''));

  const press = (code: number) => {
    const next = toggleDay(days, code, appliedDays);
    if (next.length === 0) {
      setRefusal(t`Choose at least one day`);
      return;
    }
    setRefusal(undefined);
    onChange(next);
  };

  return (
    <div className="filter-field">
      <span id={labelId} className="group-label">
        {t`Days of week`}
      </span>
      <div role="group" aria-labelledby={labelId} aria-describedby={noteId} className="weekday-toggles">
        {weekdayOrder(locale).map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={days?.includes(code) ?? false}
            data-implied={days === null && appliedDays?.includes(code) ? 'true' : undefined}
            title={weekdayName(code, 'long')}
            onClick={() => press(code)}
          >
            {weekdayName(code)}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => onChange(null)} disabled={days === null}>
        {t`Operating days`}
      </button>
      <p id={noteId} className="hint">
        {days === null ? t`The location's operating days` : describeDays(days, locale)}
      </p>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
