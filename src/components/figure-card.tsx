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

export function FigureCard(props: FigureCardProps) {
  return <FigureFrame {...props} />;
}

/**
 * A figure's card while it is computed and once it is: its place until `figure` comes (a card as tall as the figure
 * will be, with its label when it is known, its value held empty and, when comparing, its change's line; hidden from
 * assistive technology, whose panel says the figures are coming), then the figure, filled into the same elements: a
 * figure arriving adds to its card and removes nothing from the page. `children`: the lines under the value once it
 * is in.
 */
export function FigureSlot(props: {
  name: string;
  /** Known once the figures' module is, and always with a figure (a place held earlier is bare). */
  label: string | undefined;
  /** A comparison is on: the place holds a line for the change. */
  comparing: boolean;
  figure: Omit<FigureCardProps, 'name' | 'label' | 'children'> | undefined;
  children?: ReactNode;
}) {
  const { figure, comparing, children, ...card } = props;
  return figure ? (
    <FigureFrame {...card} {...figure}>
      {children}
    </FigureFrame>
  ) : (
    <FigureFrame {...card} comparing={comparing} />
  );
}

/** The card: a figure when `text` is given, else the place it is held in (no number, no definition, not focusable). */
function FigureFrame(props: Partial<FigureCardProps> & { comparing?: boolean }) {
  const { name, label, value, text, definition, formula, comparing, children } = props;
  const descriptionId = useId();
  if (!text) {
    return (
      <div className={label ? 'figure figure-placeholder' : 'figure figure-placeholder figure-placeholder-bare'}>
        <dt>{label ?? '\u00a0'}</dt>
        <dd className="figure-value">{'\u00a0'}</dd>
        {comparing && <dd className="figure-delta">{'\u00a0'}</dd>}
      </div>
    );
  }
  return (
    <div
      className="figure"
      data-kpi={name}
      data-value={value == null ? '' : String(value)}
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
