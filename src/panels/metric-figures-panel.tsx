/**
 * A metric page's headline figures (analysis/metric-figures.ts), above its chart or table: computed once every
 * window they are over is in (the page's and those of each basis it asked for), so no figure is a partial one; until
 * then, the panel says so. With a comparison period, each figure's change against the same figure over that period's
 * windows, cut at the same point when this period reaches now (analysis/period-cut.ts, analysis/metric-deltas.ts),
 * worded as on the utilization page (components/figure-delta.tsx).
 */
import { i18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { useMemo } from 'react';

import { compareMetricFigures } from '../analysis/metric-deltas';
import type { FigureWindows } from '../analysis/figure-bases';
import {
  computeMetricFigures,
  METRIC_FIGURE_DEFINITIONS,
  type FigureWhy,
  type MetricFigure,
} from '../analysis/metric-figures';
import type { DwellUnit, Metric } from '../api/schemas';
import { FigureDelta, formatFigureValue } from '../components/figure-delta';
import { MetricFiguresSection } from './metric-figures-section';
import { formatWall, isoDateToUtcMs, parseLocalDateTime } from '../lib/time';
import { useAfterPaint } from '../lib/scheduling/use-after-paint';
import { isSubDaily } from '../charts/time-axis';
import type { UiInterval } from '../metrics/definitions';

export interface MetricFiguresPanelProps {
  metric: Metric;
  /** This period's windows, or undefined while some are still to come. */
  current: FigureWindows | undefined;
  capacity: number | undefined;
  interval: UiInterval;
  dwellUnit: DwellUnit;
  /** The comparison period, when one is on: its name, and its windows as `current` are this period's. */
  comparison?: MetricComparison;
}

export interface MetricComparison {
  /** "Previous period", "Same period last year", with where it is cut when it is. */
  label: string;
  /** The comparison period's windows, or undefined while some are still to come. */
  windows: FigureWindows | undefined;
  /** Why no change will come until the user acts (it did not load), or null. */
  unavailable: string | null;
}

export function MetricFiguresPanel({
  metric,
  current,
  capacity,
  interval,
  dwellUnit,
  comparison,
}: MetricFiguresPanelProps) {
  // After the chart has drawn: a year's figures take a task of their own, which would otherwise run between the
  // render that hands the chart its data and the frame that draws it.
  const shown = useAfterPaint(current);
  const shownComparison = useAfterPaint(comparison?.windows);
  const figures = useMemo(
    () => shown && figuresOver(shown, metric, interval, capacity, dwellUnit),
    [shown, metric, interval, capacity, dwellUnit],
  );
  // The comparison's figures, with this period's capacity (the API gives a location's current capacity only).
  const previous = useMemo(
    () => shownComparison && figuresOver(shownComparison, metric, interval, capacity, dwellUnit),
    [shownComparison, metric, interval, capacity, dwellUnit],
  );
  const deltas = useMemo(() => figures && previous && compareMetricFigures(figures, previous), [figures, previous]);
  return (
    <MetricFiguresSection
      metric={metric}
      comparing={comparison !== undefined}
      labels={METRIC_FIGURE_DEFINITIONS[metric].map((definition) => i18n._(definition.label))}
      figures={
        figures &&
        figures.map((figure) => ({
          name: figure.key,
          label: i18n._(figure.label),
          figure: {
            value: figure.value,
            text: figureText(figure, isSubDaily(interval)),
            definition: i18n._(figure.definition),
            formula: figure.formula,
          },
          lines: comparison && (
            <FigureDelta
              unit={figure.unit}
              delta={deltas?.[figure.key]}
              label={comparison.label}
              unavailable={comparison.unavailable}
            />
          ),
        }))
      }
    />
  );
}

function figuresOver(
  windows: FigureWindows,
  metric: Metric,
  interval: UiInterval,
  capacity: number | undefined,
  dwellUnit: DwellUnit,
) {
  return computeMetricFigures({ ...windows, metric, interval, capacity: capacity ?? 0, dwellUnit });
}

function figureText(figure: MetricFigure, subDaily: boolean): { value: string; detail?: string } {
  const { value, at, why } = figure;
  if (value === null) return why ? { value: t`not yet`, detail: whyWords(why) } : { value: t`no data` };
  const text = formatFigureValue(figure.unit, value);
  if (!at) return { value: text };
  // A busiest day is a date; anything else is the start of the window it happened in.
  const when = /^\d{4}-\d{2}-\d{2}$/.test(at)
    ? formatWall(isoDateToUtcMs(at), 'EEE d MMM yyyy')
    : formatWall(parseLocalDateTime(at).wallMs, subDaily ? 'EEE d MMM yyyy, HH:mm' : 'EEE d MMM yyyy');
  return { value: text, detail: t`on ${when}` };
}

/** Why a figure has no value yet, in words. */
function whyWords(why: FigureWhy): string {
  if (why.kind === 'no-complete-day') return t`No day in the range is complete yet: today is not over.`;
  const { pages } = why;
  return why.basis === 'hours'
    ? plural(pages, {
        one: 'It is computed from hourly windows, about # page for these dates: choose fewer dates, or the hourly interval.',
        other:
          'It is computed from hourly windows, about # pages for these dates: choose fewer dates, or the hourly interval.',
      })
    : plural(pages, {
        one: 'It is computed from daily windows, about # page for these dates: choose fewer dates.',
        other: 'It is computed from daily windows, about # pages for these dates: choose fewer dates.',
      });
}
