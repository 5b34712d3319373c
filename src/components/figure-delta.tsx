/**
 * A figure's change against a comparison period, under its value: the raw change in `data-delta` (empty when there
 * is none to show), so tests and embeds read the number, and in words as people read it: "+12 people vs previous
 * period", "−3.1 points vs same period last year". The one wording of a change, for every page's figures
 * (panels/figures-panel.tsx, panels/metric-figures-panel.tsx); the changes themselves come from analysis/.
 */
import { plural, t } from '@lingui/core/macro';

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
  const inline = lowerFirst(label);
  const change = delta !== undefined ? formatDelta(unit, delta) : null;
  return (
    <dd className="figure-delta" data-delta={delta ?? ''}>
      {change !== null ? t`${change} vs ${inline}` : (unavailable ?? t`comparing… vs ${inline}`)}
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
      return plural(Math.round(value), { one: '# person', other: '# people' });
    case 'count':
      return formatCount(value);
    case 'minutes':
      return minutes(formatDecimal(value));
    case 'hours':
      return hours(formatCount(value));
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
  if (delta === null) return t`no change to show`;
  switch (unit) {
    case 'hour-of-day':
    case 'weekday':
      return delta === 0 ? t`the same` : t`different`;
    case 'fraction':
      return formatPoints(delta);
    case 'minutes':
      return minutes(`${signOf(delta, 10)}${formatDecimal(Math.abs(delta))}`);
    case 'people': {
      const count = Math.round(Math.abs(delta));
      const sign = signOf(delta, 1);
      return plural(count, { one: `${sign}# person`, other: `${sign}# people` });
    }
    case 'hours':
      return hours(`${signOf(delta, 1)}${formatCount(Math.abs(delta))}`);
    case 'count':
      return `${signOf(delta, 1)}${formatCount(Math.abs(delta))}`;
  }
}

/** Minutes, as a number already written: `9.0 min`. */
function minutes(value: string): string {
  return t`${value} min`;
}

/** Hours, as a number already written: `3 h`. */
function hours(value: string): string {
  return t`${value} h`;
}

/** The sign of `delta` as shown with `perUnit` steps to the unit (10: a tenth): none ("±") for what rounds to 0. */
function signOf(delta: number, perUnit: number): string {
  if (Math.round(Math.abs(delta) * perUnit) === 0) return '±';
  return delta > 0 ? '+' : '−';
}
