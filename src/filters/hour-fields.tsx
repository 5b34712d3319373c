import './filter-bar.css';
import { t } from '@lingui/core/macro';

import { formatHour } from '../lib/format';
import { validateHours } from './filter-rules';
import { formatEndHour } from './filter-words';
import { useDraft } from './use-draft';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type HourPair = { start: number | null; end: number | null };

export interface HourFieldsProps {
  startHour: number | null;
  endHour: number | null;
  onChange(startHour: number | null, endHour: number | null): void;
}

/**
 * From hour and To hour (inclusive: "19:00 (until 20:00)"). A pair whose start is after its end stays on
 * screen with a message and is not applied; the next choice that fits applies both.
 */
export function HourFields({ startHour, endHour, onChange }: HourFieldsProps) {
  const [draft, setDraft] = useDraft<HourPair>(`${startHour}-${endHour}`);
  const shown = draft ?? { start: startHour, end: endHour };
  const problem = validateHours(shown.start, shown.end);

  const edit = (patch: Partial<HourPair>) => {
    const next = { ...shown, ...patch };
    if (validateHours(next.start, next.end) !== null) {
      setDraft(next);
      return;
    }
    setDraft(undefined);
    onChange(next.start, next.end);
  };

  return (
    <div className="filter-field">
      <HourSelect
        label={t`From hour`}
        value={shown.start}
        optionLabel={formatHour}
        onChange={(start) => edit({ start })}
      />
      <HourSelect label={t`To hour`} value={shown.end} optionLabel={untilLabel} onChange={(end) => edit({ end })} />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** An end hour with the time it ends at: `19:00 (until 20:00)`. */
function untilLabel(hour: number): string {
  const [start, end] = [formatHour(hour), formatEndHour(hour)];
  return t`${start} (until ${end})`;
}

function HourSelect(props: {
  label: string;
  value: number | null;
  optionLabel(hour: number): string;
  onChange(hour: number | null): void;
}) {
  return (
    <label>
      {props.label}
      <select
        value={props.value === null ? '' : String(props.value)}
        onChange={(event) => props.onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t`Operating hours`}</option>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {props.optionLabel(hour)}
          </option>
        ))}
      </select>
    </label>
  );
}
