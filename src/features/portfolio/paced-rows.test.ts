// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PortfolioFigures } from '../../analysis/portfolio';
import type { LocationRecord } from '../../api/schemas';
import { loadingRows } from '../../test/loading-rows';
import { paceRows, usePacedRows } from './paced-rows';
import type { TableRow } from './table-row';

const records: LocationRecord[] = [1, 2, 3, 4, 5, 6].map((id) => ({
  location_id: id,
  name: `Space ${id}`,
  status: 'active',
  parent_id: null,
  capacity: 40,
  start_date: null,
}));

const figures = (average: number): PortfolioFigures => ({
  capacity: 40,
  averageUtilization: average,
  peakUtilization: average + 0.2,
  rightSizeP95: 30,
  averageUtilizationChange: null,
  daily: [average],
});

const loading = loadingRows(records);

/** Every row loaded, each a new object, as the page builds them. */
const loaded = (rows: readonly TableRow[]) =>
  rows.map((row, index) => ({
    ...row,
    figures: figures(index / 10),
    range: { start: '2026-11-01', end: '2026-11-26' },
  }));

const drawnFigures = (rows: readonly TableRow[]) => rows.map((row) => row.figures?.averageUtilization ?? null);
const EVERY_ROW = { start: 0, end: 5 };

describe('paceRows', () => {
  it('lets `limit` changed rows of the drawn ones take their new data, top first, and holds the rest as drawn', () => {
    const step = paceRows(loading, loaded(loading), EVERY_ROW, 2);
    expect(step.done).toBe(false);
    expect(drawnFigures(step.drawn)).toEqual([0, 0.1, null, null, null, null]);
    // Held rows are the very objects drawn: the table renders them again not at all.
    expect(step.drawn[2]).toBe(loading[2]);
  });

  it('reaches the rows in as many steps as they take, then is done with the very rows given', () => {
    const target = loaded(loading);
    let drawn: readonly TableRow[] = loading;
    const steps: (number | null)[][] = [];
    for (let done = false; !done;) {
      const step = paceRows(drawn, target, EVERY_ROW, 2);
      drawn = step.drawn;
      done = step.done;
      steps.push(drawnFigures(drawn));
    }
    expect(steps).toHaveLength(3);
    expect(drawn).toBe(target);
  });

  it('gives rows outside the drawn ones their new data at once: they are not in the page', () => {
    const step = paceRows(loading, loaded(loading), { start: 2, end: 3 }, 1);
    expect(drawnFigures(step.drawn)).toEqual([0, 0.1, 0.2, null, 0.4, 0.5]);
  });

  it('counts only rows that show something new: a row built anew with the same data is not a change', () => {
    const first = loaded(loading);
    const rebuilt = first.map((row) => ({ ...row, range: row.range && { ...row.range } }));
    rebuilt[4] = { ...rebuilt[4]!, figures: figures(0.9) };
    const step = paceRows(first, rebuilt, EVERY_ROW, 1);
    expect(step).toEqual({ drawn: rebuilt, done: true });
  });

  it('draws a new listing (other rows, or the same in another order) at once', () => {
    const target = loaded(loading);
    expect(paceRows(loading, [...target].reverse(), EVERY_ROW, 1).done).toBe(true);
    expect(paceRows(loading, target.slice(1), EVERY_ROW, 1).done).toBe(true);
  });
});

describe('usePacedRows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the drawn rows while the table is off the screen, then fills them in a row per paint', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const target = loaded(loading);
    const { result, rerender } = renderHook(({ rows, near }) => usePacedRows(rows, EVERY_ROW, near), {
      initialProps: { rows: loading, near: false },
    });
    rerender({ rows: target, near: false });
    for (let paint = 0; paint < 10; paint++) act(() => vi.advanceTimersByTime(17));
    expect(drawnFigures(result.current)).toEqual([null, null, null, null, null, null]);

    rerender({ rows: target, near: true });
    act(() => vi.advanceTimersByTime(17));
    expect(drawnFigures(result.current)).toEqual([0, null, null, null, null, null]);
    for (let paint = 0; paint < 5; paint++) act(() => vi.advanceTimersByTime(17));
    expect(result.current).toBe(target);
  });
});
