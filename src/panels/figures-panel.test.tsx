// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { FIGURE_KEYS, type Figures } from '../analysis/figures';
import { FiguresPanel, type FiguresPanelProps } from './figures-panel';

afterEach(cleanup);

const FIGURES: Figures = {
  averageUtilization: 0.42,
  peakUtilization: 0.9,
  peakOccupancy: 1_350,
  peakOccupancyAt: '2026-11-17T12:00:00-05:00',
  totalEntries: 12_000,
  averageDwellMinutes: 34.5,
  inUseShare: 0.6,
  hoursOverCapacity: 0,
  rightSizeP95: 1_200,
  busiestHour: 12,
  busiestWeekday: 3,
};

function panel(props: Partial<FiguresPanelProps>) {
  return <FiguresPanel figures={undefined} capacity={1_500} error={null} onRetry={() => undefined} {...props} />;
}

describe('FiguresPanel', () => {
  it('fills the cards it held in place when the figures arrive: no element or text is taken out of the list', () => {
    const { container, rerender } = render(panel({ comparison: { deltas: undefined, label: 'previous period' } }));
    const list = container.querySelector('dl.figures')!;
    const held = [...list.children];
    expect(held).toHaveLength(FIGURE_KEYS.length);
    expect(list.querySelector('[data-kpi]')).toBeNull();
    const removed: Node[] = [];
    const watcher = new MutationObserver((mutations) =>
      mutations.forEach((mutation) => removed.push(...mutation.removedNodes)),
    );
    watcher.observe(list, { childList: true, subtree: true });

    rerender(panel({ figures: FIGURES, comparison: { deltas: undefined, label: 'previous period' } }));
    watcher.disconnect();
    expect(container.querySelector('dl.figures')).toBe(list);
    expect([...list.children]).toEqual(held);
    expect(list.querySelector('[data-kpi="average-utilization"]')?.getAttribute('data-value')).toBe('0.42');
    // Only each held change line gives way to the change's own; the cards, labels and values stay.
    expect(removed.every((node) => node instanceof HTMLElement && node.classList.contains('figure-delta'))).toBe(true);
  });

  it('holds no number while the figures are computed, and says so', () => {
    const { container, getByLabelText } = render(panel({}));
    expect(getByLabelText('Loading figures').getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('dl.figures')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.figure-placeholder')).toHaveLength(FIGURE_KEYS.length);
    expect(container.querySelector('[tabindex]')).toBeNull();
  });
});
