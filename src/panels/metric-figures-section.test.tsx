// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { METRIC_FIGURE_DEFINITIONS } from '../analysis/metric-figures';
import { METRIC_FIGURE_COUNT, MetricFiguresSection, type MetricFigureCard } from './metric-figures-section';

describe('MetricFiguresSection', () => {
  it('knows how many figures each metric page shows, as the figures module defines them', () => {
    for (const [metric, definitions] of Object.entries(METRIC_FIGURE_DEFINITIONS)) {
      expect(METRIC_FIGURE_COUNT[metric as keyof typeof METRIC_FIGURE_COUNT], metric).toBe(definitions.length);
    }
  });

  it('holds a card for each figure while they are computed, with no figure value to read', () => {
    const { container } = render(<MetricFiguresSection metric="occupancy" comparing={false} />);
    expect(container.querySelectorAll('.figure-placeholder')).toHaveLength(3);
    expect(container.querySelectorAll('[data-kpi]')).toHaveLength(0);
    expect(container.querySelectorAll('.figure-delta')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Headline figures' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(/figures follow/)).toBeTruthy();
  });

  it('gives each card its label once known, and a line for its change when comparing', () => {
    const labels = METRIC_FIGURE_DEFINITIONS.traffic.map((definition) => i18n._(definition.label));
    const { container } = render(<MetricFiguresSection metric="traffic" comparing labels={labels} />);
    expect([...container.querySelectorAll('.figure-placeholder dt')].map((dt) => dt.textContent)).toEqual(labels);
    expect(container.querySelectorAll('.figure-placeholder .figure-delta')).toHaveLength(3);
  });

  it('fills each held card with its figure in place: the same elements, nothing removed', () => {
    const labels = METRIC_FIGURE_DEFINITIONS.dwell_time.map((definition) => i18n._(definition.label));
    const figures: MetricFigureCard[] = labels.map((label, index) => ({
      name: `figure-${index}`,
      label,
      figure: { value: index + 1, text: { value: `${index + 1} min` }, definition: 'How long', formula: 'mean' },
      lines: <dd className="figure-delta">+1 min</dd>,
    }));
    const { container, rerender } = render(<MetricFiguresSection metric="dwell_time" comparing labels={labels} />);
    const held = [...container.querySelectorAll('.figure')];
    const list = container.querySelector('dl');
    rerender(<MetricFiguresSection metric="dwell_time" comparing labels={labels} figures={figures} />);
    expect(container.querySelectorAll('.figure-placeholder')).toHaveLength(0);
    expect(container.querySelector('dl')).toBe(list);
    expect([...container.querySelectorAll('.figure')]).toEqual(held);
    expect(held.map((card) => card.getAttribute('data-value'))).toEqual(['1', '2']);
    expect(container.querySelectorAll('.figure-delta')).toHaveLength(2);
    expect(list!.getAttribute('aria-hidden')).toBeNull();
    expect(screen.getByRole('region', { name: 'Headline figures' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText(/figures follow/)).toBeNull();
  });
});
