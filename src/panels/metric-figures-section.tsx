/**
 * A metric page's figures panel, and its place held before the figures are computed: as many placeholder cards as
 * the page will show, each as tall as a figure with its detail line (and its change, when comparing), so that
 * nothing below moves when the figures arrive.
 */
import { t } from '@lingui/core/macro';

import './metric-figures-section.css';
import type { ReactNode } from 'react';

import type { Metric } from '../api/schemas';
import { FigureSlot, type FigureCardProps } from '../components/figure-card';

/**
 * How many figures each metric page shows: the length of analysis/metric-figures.ts's METRIC_FIGURE_DEFINITIONS
 * (metric-figures-section.test.ts checks it), known here without loading the figures' chunk.
 */
export const METRIC_FIGURE_COUNT: Readonly<Record<Metric, number>> = {
  occupancy: 3,
  traffic: 3,
  dwell_time: 2,
  availability: 2,
};

export interface MetricFiguresSectionProps {
  metric: Metric;
  /** A comparison is on: each figure has a line for its change. */
  comparing: boolean;
  /** The figures' labels, once the figures' module is in. */
  labels?: readonly string[];
  /** The figures, in the page's order, each with the lines under its value; absent while they are being computed. */
  figures?: readonly MetricFigureCard[];
}

/** One figure's card: what FigureSlot fills its place with, and the lines under the value (its change). */
export interface MetricFigureCard {
  name: string;
  label: string;
  figure: Omit<FigureCardProps, 'name' | 'label' | 'children'>;
  lines?: ReactNode;
}

/** One list from the places held to the figures: each card is filled in place (FigureSlot), nothing removed. */
export function MetricFiguresSection({ metric, comparing, labels, figures }: MetricFiguresSectionProps) {
  return (
    <section className="panel figures-panel metric-figures" aria-label={t`Headline figures`} aria-busy={!figures}>
      {!figures && <p className="visually-hidden">{t`The figures follow once every window of the range is in.`}</p>}
      <dl className="figures" aria-hidden={figures ? undefined : true}>
        {Array.from({ length: METRIC_FIGURE_COUNT[metric] }, (_, index) => {
          const card = figures?.[index];
          return (
            <FigureSlot
              key={index}
              name={card?.name ?? ''}
              label={card?.label ?? labels?.[index]}
              comparing={comparing}
              figure={card?.figure}
            >
              {card?.lines}
            </FigureSlot>
          );
        })}
      </dl>
    </section>
  );
}
