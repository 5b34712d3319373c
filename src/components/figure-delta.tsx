/**
 * A figure's change against a comparison period, under its value: the raw change in `data-delta` (empty when there
 * is none to show), so tests and embeds read the number, and in words as people read it: "+12 people vs previous
 * period", "−3.1 points vs same period last year". The one wording of a change, for every page's figures
 * (panels/figures-panel.tsx, panels/metric-figures-panel.tsx); the changes themselves come from analysis/.
 */
import type { FigureUnit } from '../analysis/figures';
import { formatCount, formatDecimal, formatHour, formatPoints, lowerFirst, percent, weekdayName } from '../lib/format';

export interface FigureDeltaProps {
  unit: FigureUnit;
  /** The change; null when either period has no value; undefined while the comparison is still loading. */
  delta: number | null | undefined;
  /** What the comparison period is called ("Previous period"). */
  label: string;
  /** Why no change will come until the user acts (the comparison did not load), said instead of "comparing…". */
  unavailable?: string | null;
}

export function FigureDelta({ unit, delta, label, unavailable }: FigureDeltaProps) {
  return (
    <dd className="figure-delta" data-delta={delta ?? ''}>
      {delta !== undefined
        ? `${formatDelta(unit, delta)} vs ${lowerFirst(label)}`
        : (unavailable ?? `comparing… vs ${lowerFirst(label)}`)}
    </dd>
  );
}

/**
 * A figure's value in its unit, for every page's figure cards: "25.1 %", "1,424 people", "407,640", "9.0 min",
 * "3 h", "17:00–18:00", "Monday". Its change (formatDelta below) reads in the same unit.
 */
export function formatFigureValue(unit: FigureUnit, value: number): string {
  switch (unit) {
    case 'fraction':
      return percent(value);
    case 'people':
      return `${formatCount(value)} people`;
    case 'count':
      return formatCount(value);
    case 'minutes':
      return `${formatDecimal(value)} min`;
    case 'hours':
      return `${formatCount(value)} h`;
    case 'hour-of-day':
      return `${formatHour(value)}–${formatHour(value + 1)}`;
    case 'weekday':
      return weekdayName(value, 'long');
  }
}

/**
 * A change in the figure's unit, signed (− is U+2212): fractions in percentage points ("+3.1 points"), minutes to a
 * tenth ("−1.2 min"), people ("+12 people"), hours ("+3 h"), counts ("+12"); an hour of the day or a weekday is only
 * "the same" or "different". The sign is that of the number shown, so a change that rounds to nothing reads "±0".
 */
export function formatDelta(unit: FigureUnit, delta: number | null): string {
  if (delta === null) return 'no change to show';
  switch (unit) {
    case 'hour-of-day':
    case 'weekday':
      return delta === 0 ? 'the same' : 'different';
    case 'fraction':
      return formatPoints(delta);
    case 'minutes':
      return `${signOf(delta, 10)}${formatDecimal(Math.abs(delta))} min`;
    case 'people':
      return `${signOf(delta, 1)}${formatCount(Math.abs(delta))} people`;
    case 'hours':
      return `${signOf(delta, 1)}${formatCount(Math.abs(delta))} h`;
    case 'count':
      return `${signOf(delta, 1)}${formatCount(Math.abs(delta))}`;
  }
}

/** The sign of `delta` as shown with `perUnit` steps to the unit (10: a tenth): none ("±") for what rounds to 0. */
function signOf(delta: number, perUnit: number): string {
  if (Math.round(Math.abs(delta) * perUnit) === 0) return '±';
  return delta > 0 ? '+' : '−';
}
