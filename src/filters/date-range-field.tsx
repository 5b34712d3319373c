/**
 * The date range: a chip that says the range ("Last 7 days · 18 Nov – 24 Nov 2026") and opens a popover with the
 * presets, a calendar to pick any range, and From and To to type one. A preset or a picked range is a discrete
 * choice (a history entry) and closes the popover; typed dates apply once typing rests. Every date is a calendar
 * date in the location's zone, which the page's header names.
 */
import './filter-bar.css';
import './date-range-field.css';
import { t } from '@lingui/core/macro';
import { useId, useRef } from 'react';

import { ChipMenu, closeChipMenu } from '../components/chip-menu';
import { RangeCalendar } from '../components/range-calendar';
import { formatDateRange, todayIn, type LocationZone } from '../lib/time';
import { resolveRange } from './filter-request';
import { validateCustomRange } from './filter-rules';
import { weekdayOrder } from './filter-words';
import { rangePresetLabel, RANGE_PRESETS, type RangeChoice } from './model';
import { useDebouncedCallback } from './use-debounced-callback';
import { useDraft } from './use-draft';

/** How long typing in a date input rests before the range is applied. */
export const DATE_INPUT_DEBOUNCE_MS = 400;

export interface DateRangeFieldProps {
  range: RangeChoice;
  /** Presets and picked dates mean calendar dates in this zone. */
  zone: LocationZone;
  nowMs: number;
  /** The viewer's locale: the calendar's first day of the week. */
  locale: string;
  onChange(next: RangeChoice, options?: { replace?: boolean }): void;
}

export function DateRangeField({ range, zone, nowMs, locale, onChange }: DateRangeFieldProps) {
  const resolved = resolveRange(range, zone, nowMs);
  const dates = formatDateRange(resolved.start, resolved.end);
  const panel = useRef<HTMLDivElement>(null);
  const choose = (next: RangeChoice) => {
    onChange(next);
    closeChipMenu(panel.current);
  };
  return (
    <ChipMenu
      label={t`Date range`}
      hideLabel
      className="date-range"
      summary={
        range.kind === 'preset' ? (
          <>
            <span className="date-range-name">{rangePresetLabel(range.preset)}</span>
            <span className="date-range-dates">{dates}</span>
          </>
        ) : (
          <span className="date-range-name">{dates}</span>
        )
      }
    >
      <div ref={panel} className="date-range-panel">
        <ul className="range-presets" aria-label={t`Presets`}>
          {RANGE_PRESETS.map((preset) => (
            <li key={preset}>
              <button
                type="button"
                aria-pressed={range.kind === 'preset' && range.preset === preset}
                onClick={() => choose({ kind: 'preset', preset })}
              >
                {rangePresetLabel(preset)}
              </button>
            </li>
          ))}
        </ul>
        <div className="date-range-custom">
          <RangeCalendar
            start={resolved.start}
            end={resolved.end}
            max={todayIn(zone, nowMs)}
            firstDay={weekdayOrder(locale)[0]!}
            onSelect={(picked) => choose({ kind: 'custom', from: picked.start, to: picked.end })}
          />
          <CustomRangeInputs
            from={resolved.start}
            to={resolved.end}
            // The first typed change turns a preset into dates (a history entry); later ones replace it.
            onApply={(next) => onChange(next, { replace: range.kind === 'custom' })}
          />
        </div>
      </div>
    </ChipMenu>
  );
}

type DatePair = { from: string; to: string };

/**
 * From and To, applied once typing rests and both make a range. Until then the inputs keep what was typed and say
 * what is wrong; nothing invalid is applied.
 */
function CustomRangeInputs({ from, to, onApply }: DatePair & { onApply(next: RangeChoice): void }) {
  const messageId = useId();
  const [draft, setDraft] = useDraft<DatePair>(`${from}/${to}`);
  const shown = draft ?? { from, to };
  const problem = validateCustomRange(shown.from, shown.to);

  const applyWhenResting = useDebouncedCallback((next: DatePair) => {
    if (validateCustomRange(next.from, next.to) === null) onApply({ kind: 'custom', ...next });
  }, DATE_INPUT_DEBOUNCE_MS);

  const edit = (patch: Partial<DatePair>) => {
    const next = { ...shown, ...patch };
    setDraft(next);
    applyWhenResting(next);
  };

  const invalidProps = { 'aria-invalid': problem !== null, 'aria-describedby': problem ? messageId : undefined };
  return (
    <div className="date-range-inputs">
      <label>
        {t`From`}
        <input
          type="date"
          value={shown.from}
          onChange={(event) => edit({ from: event.target.value })}
          {...invalidProps}
        />
      </label>
      <label>
        {t`To`}
        <input type="date" value={shown.to} onChange={(event) => edit({ to: event.target.value })} {...invalidProps} />
      </label>
      {problem && (
        <p id={messageId} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
