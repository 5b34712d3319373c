import { describe, expect, it } from 'vitest';

import { FIGURE_KEYS } from '../../analysis/figures';
import { WALL_FIGURE_ORDER, wallFigureCount, wallFigures, wallHeatmapScaleHeight } from './wall-figures';

describe('wallFigureCount', () => {
  it('shows every figure on a full HD, 4K or portrait wall, and on any screen 1,000 px wide or more', () => {
    expect(wallFigureCount(1920, 1080)).toBe(10);
    expect(wallFigureCount(1280, 720)).toBe(10);
    expect(wallFigureCount(3840, 2160)).toBe(10);
    expect(wallFigureCount(1080, 1920)).toBe(10);
  });

  it('shows whole rows on a small wall: two on a phone, eight on a door tablet', () => {
    expect(wallFigureCount(390, 844)).toBe(2);
    expect(wallFigureCount(800, 1280)).toBe(8);
    expect(wallFigureCount(800, 800)).toBe(4);
    expect(wallFigureCount(390, 1600)).toBe(6);
  });

  it('reads a screen it cannot measure as a large wall', () => {
    expect(wallFigureCount(0, 0)).toBe(10);
    expect(wallFigureCount(Number.NaN, 800)).toBe(10);
  });
});

describe('wallFigures', () => {
  it('orders every figure once, the most telling first', () => {
    expect([...WALL_FIGURE_ORDER].sort()).toEqual([...FIGURE_KEYS].sort());
    expect(wallFigures(390, 844)).toEqual(['average-utilization', 'busiest-hour']);
  });
});

describe('wallHeatmapScaleHeight', () => {
  it('shortens the colour scale on a phone-sized wall only', () => {
    expect(wallHeatmapScaleHeight(390)).toBe(100);
    expect(wallHeatmapScaleHeight(800)).toBeUndefined();
    expect(wallHeatmapScaleHeight(1920)).toBeUndefined();
  });
});
