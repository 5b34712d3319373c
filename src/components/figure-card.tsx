/**
 * One headline figure: its label, its value as people read it (with the words that qualify it in smaller type),
 * its raw number in `data-value` under `data-kpi` (so tests and embeds read the number, not its formatting), and
 * its definition one hover or focus away. `children` adds lines under the value (a change against a comparison).
 */
import './figure-card.css';
import { useId, type ReactNode } from 'react';

export interface FigureCardProps {
  /** `data-kpi`. */
  name: string;
  label: string;
  /** The raw number; null when there was nothing to compute it from. */
  value: number | null;
  text: { value: string; detail?: string };
  definition: string;
  formula: string;
  children?: ReactNode;
}

export function FigureCard({ name, label, value, text, definition, formula, children }: FigureCardProps) {
  const descriptionId = useId();
  return (
    <div
      className="figure"
      data-kpi={name}
      data-value={value === null ? '' : String(value)}
      tabIndex={0}
      aria-describedby={descriptionId}
    >
      <dt>{label}</dt>
      <dd className="figure-value">
        {text.value}
        {text.detail && (
          <>
            {' '}
            <span className="figure-detail">{text.detail}</span>
          </>
        )}
      </dd>
      {children}
      <dd className="figure-definition" id={descriptionId} role="tooltip">
        {definition}{' '}
        <span className="formula" lang="en">
          {formula}
        </span>
      </dd>
    </div>
  );
}

/**
 * A figure's place while it is computed: a card as tall as the figure will be, with its label when it is known and
 * its value held empty (and its change's line, when comparing). Hidden from assistive technology: the panel says
 * that its figures are coming.
 */
export function FigurePlaceholder({ label, comparing }: { label?: string; comparing: boolean }) {
  return (
    <div className={label ? 'figure figure-placeholder' : 'figure figure-placeholder figure-placeholder-bare'}>
      <dt>{label ?? '\u00a0'}</dt>
      <dd className="figure-value">{'\u00a0'}</dd>
      {comparing && <dd className="figure-delta">{'\u00a0'}</dd>}
    </div>
  );
}
