/**
 * A metric page's headline figures (analysis/metric-figures.ts), above its chart or table: computed once every
 * window of the request is in, so no figure is a partial one; until then, the panel says so. With a comparison
 * period, each figure's change against the same figure over every window of that period (analysis/metric-deltas.ts),
 * worded as on the utilization page (components/figure-delta.tsx).
 */
import { useMemo } from 'react';

import { compareMetricFigures } from '../analysis/metric-deltas';
import { computeMetricFigures, METRIC_FIGURE_DEFINITIONS, type MetricFigure } from '../analysis/metric-figures';
import type { DwellUnit, Metric } from '../api/schemas';
import { FigureCard } from '../components/figure-card';
import { FigureDelta, formatFigureValue } from '../components/figure-delta';
import { MetricFiguresSection } from './metric-figures-section';
import { formatWall, isoDateToUtcMs, parseLocalDateTime } from '../lib/time';
import { useAfterPaint } from '../lib/use-after-paint';
import { isSubDaily } from '../charts/time-axis';

export interface MetricFiguresPanelProps {
  metric: Metric;
  /** Every page of the request, or undefined while some are still to come. */
  pages: readonly { data: readonly object[] }[] | undefined;
  capacity: number | undefined;
  interval: string;
  dwellUnit: DwellUnit;
  /** The location's date now: figures per day count only the days before it. */
  today: string;
  /** The comparison period, when one is on: its name, and its figures' inputs as `pages` are this period's. */
  comparison?: MetricComparison;
}

export interface MetricComparison {
  /** "Previous period", "Same period last year". */
  label: string;
  /** Every page of the comparison period, or undefined while some are still to come. */
  pages: Pages | undefined;
  /** Why no change will come until the user acts (it did not load), or null. */
  unavailable: string | null;
}

type Pages = readonly { data: readonly object[] }[];

export function MetricFiguresPanel({
  metric,
  pages,
  capacity,
  interval,
  dwellUnit,
  today,
  comparison,
}: MetricFiguresPanelProps) {
  // After the chart has drawn: a year's figures take a task of their own (80–95 ms), which would otherwise run
  // between the render that hands the chart its data and the frame that draws it.
  const shown = useAfterPaint(pages);
  const shownComparison = useAfterPaint(comparison?.pages);
  const figures = useMemo(
    () => shown && figuresOver(shown, metric, capacity, dwellUnit, today),
    [shown, metric, capacity, dwellUnit, today],
  );
  // The comparison's figures, with this period's capacity (the API gives a location's current capacity only).
  const previous = useMemo(
    () => shownComparison && figuresOver(shownComparison, metric, capacity, dwellUnit, today),
    [shownComparison, metric, capacity, dwellUnit, today],
  );
  const deltas = useMemo(() => figures && previous && compareMetricFigures(figures, previous), [figures, previous]);
  return (
    <MetricFiguresSection
      metric={metric}
      comparing={comparison !== undefined}
      labels={METRIC_FIGURE_DEFINITIONS[metric].map((definition) => definition.label)}
    >
      {figures && (
        <dl className="figures">
          {figures.map((figure) => (
            <FigureCard
              key={figure.key}
              name={figure.key}
              label={figure.label}
              value={figure.value}
              text={figureText(figure, isSubDaily(interval))}
              definition={figure.definition}
              formula={figure.formula}
            >
              {comparison && (
                <FigureDelta
                  unit={figure.unit}
                  delta={deltas?.[figure.key]}
                  label={comparison.label}
                  unavailable={comparison.unavailable}
                />
              )}
            </FigureCard>
          ))}
        </dl>
      )}
    </MetricFiguresSection>
  );
}

function figuresOver(pages: Pages, metric: Metric, capacity: number | undefined, dwellUnit: DwellUnit, today: string) {
  return computeMetricFigures({
    metric,
    points: pages.flatMap((page) => page.data),
    capacity: capacity ?? 0,
    dwellUnit,
    today,
  });
}

function figureText(figure: MetricFigure, subDaily: boolean): { value: string; detail?: string } {
  const { value, at, why } = figure;
  if (value === null) return why ? { value: 'not yet', detail: why } : { value: 'no data' };
  const text = formatFigureValue(figure.unit, value);
  if (!at) return { value: text };
  // A busiest day is a date; anything else is the start of the window it happened in.
  const when = /^\d{4}-\d{2}-\d{2}$/.test(at)
    ? formatWall(isoDateToUtcMs(at), 'EEE d MMM yyyy')
    : formatWall(parseLocalDateTime(at).wallMs, subDaily ? 'EEE d MMM yyyy, HH:mm' : 'EEE d MMM yyyy');
  return { value: text, detail: `on ${when}` };
}
