import { useId } from 'react';

import { formatDateRange, type LocationZone } from '../lib/time';
import {
  isRangePreset,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  resolveRange,
  validateCustomRange,
  type DateRange,
} from './model';
import { useDebouncedCallback } from './use-debounced-callback';
import { useDraft } from './use-draft';

/** How long typing in a date input rests before the range is applied. */
export const DATE_INPUT_DEBOUNCE_MS = 400;

const CUSTOM = 'custom';

export interface DateRangeFieldProps {
  range: DateRange;
  /** Presets and typed dates mean calendar dates in this zone. */
  zone: LocationZone;
  nowMs: number;
  onChange(next: DateRange, options?: { replace?: boolean }): void;
}

/**
 * The range select. Choosing Custom applies the dates the current range means now (a discrete action), and
 * shows From and To inputs to edit them.
 */
export function DateRangeField({ range, zone, nowMs, onChange }: DateRangeFieldProps) {
  const hintId = useId();
  const resolved = resolveRange(range, zone, nowMs);

  const choose = (value: string) => {
    if (value === CUSTOM) onChange({ kind: 'custom', from: resolved.start, to: resolved.end });
    else if (isRangePreset(value)) onChange({ kind: 'preset', preset: value });
  };

  return (
    <div className="filter-field">
      <label>
        <span className="field-label">Date range</span>
        <select
          value={range.kind === 'preset' ? range.preset : CUSTOM}
          onChange={(event) => choose(event.target.value)}
          aria-describedby={range.kind === 'preset' ? hintId : undefined}
        >
          {RANGE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {RANGE_PRESET_LABELS[preset]}
            </option>
          ))}
          <option value={CUSTOM}>Custom</option>
        </select>
      </label>
      {range.kind === 'custom' && (
        <CustomRangeInputs from={range.from} to={range.to} onApply={(next) => onChange(next, { replace: true })} />
      )}
      {/* The dates a preset means today; in the location's zone, which the page's header names. */}
      {range.kind === 'preset' && (
        <p id={hintId} className="hint">
          {formatDateRange(resolved.start, resolved.end)}
        </p>
      )}
    </div>
  );
}

type DatePair = { from: string; to: string };

/**
 * From and To, applied (replacing the history entry) once typing rests and both make a range. Until then
 * the inputs keep what was typed and say what is wrong; nothing invalid is applied.
 */
function CustomRangeInputs({ from, to, onApply }: DatePair & { onApply(next: DateRange): void }) {
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
    <>
      <label>
        From
        <input
          type="date"
          value={shown.from}
          onChange={(event) => edit({ from: event.target.value })}
          {...invalidProps}
        />
      </label>
      <label>
        To
        <input type="date" value={shown.to} onChange={(event) => edit({ to: event.target.value })} {...invalidProps} />
      </label>
      {problem && (
        <p id={messageId} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
