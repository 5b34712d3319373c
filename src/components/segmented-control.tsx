/**
 * One choice of a few, as joined buttons (the metric page's Chart | Table): a named group of toggle buttons, the
 * chosen one pressed.
 */
import './segmented-control.css';

export interface SegmentedControlProps<T extends string> {
  label: string;
  options: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange(value: T): void;
}

export function SegmentedControl<T extends string>({ label, options, value, onChange }: SegmentedControlProps<T>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map(([option, text]) => (
        <button key={option} type="button" aria-pressed={option === value} onClick={() => onChange(option)}>
          {text}
        </button>
      ))}
    </div>
  );
}
