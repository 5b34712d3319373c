// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from '../lib/router/router';
import { describe, expect, it } from 'vitest';

import { METRIC_DEFINITIONS } from '../metrics/definitions';
import type { FilterDefaults, Filters } from './model';
import { useFilters } from './use-filters';

const defaults: FilterDefaults = { range: { kind: 'preset', preset: '7d' }, interval: 'daily' };
const defaultFilters: Filters = {
  range: { kind: 'preset', preset: '7d' },
  interval: 'daily',
  startHour: null,
  endHour: null,
  days: null,
  view: 'chart',
};

/** useFilters in a memory router whose history starts at `entries`, on the last one. */
function renderFilters(...entries: string[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    () => ({
      ...useFilters(METRIC_DEFINITIONS[0]!, defaults),
      location: useLocation(),
      navigate: useNavigate(),
      navigationType: useNavigationType(),
    }),
    { wrapper },
  );
}

describe('useFilters', () => {
  it('reads the filters from the URL and says what it ignored', () => {
    const { result } = renderFilters('/locations/1/occupancy?range=30d&days=27&hours=25-3');
    expect(result.current.filters).toEqual({
      ...defaultFilters,
      range: { kind: 'preset', preset: '30d' },
      days: [2, 7],
    });
    expect(result.current.ignored).toEqual([
      'hours “25-3” is out of range (hours are 0 to 23); showing operating hours',
    ]);
  });

  it('parses once per search string: re-renders give the same filters object', () => {
    const { result, rerender } = renderFilters('/x?range=30d');
    const first = result.current.filters;
    rerender();
    expect(result.current.filters).toBe(first);
  });

  it('pushes a history entry by default, so Back restores the previous filters', async () => {
    const { result } = renderFilters('/locations/1/occupancy?range=30d');
    act(() => result.current.setFilters({ ...result.current.filters, interval: 'weekly' }));
    expect(result.current.navigationType).toBe('PUSH');
    expect(result.current.location.search).toBe('?range=30d&interval=weekly');

    await act(() => result.current.navigate(-1));
    expect(result.current.filters).toEqual({ ...defaultFilters, range: { kind: 'preset', preset: '30d' } });
  });

  it('replaces the entry when asked', async () => {
    const { result } = renderFilters('/before', '/locations/1/occupancy?range=30d');
    act(() => result.current.setFilters({ ...result.current.filters, view: 'table' }, { replace: true }));
    expect(result.current.navigationType).toBe('REPLACE');
    expect(result.current.location.search).toBe('?range=30d&view=table');

    await act(() => result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/before');
  });

  it('keeps the pathname and parameters it does not own, and writes only what differs from the defaults', () => {
    const { result } = renderFilters('/locations/1/occupancy?utm_source=mail&range=30d&tab=2');
    act(() => result.current.setFilters(defaultFilters));
    expect(result.current.location.pathname).toBe('/locations/1/occupancy');
    expect(result.current.location.search).toBe('?utm_source=mail&tab=2');
  });

  it('does not navigate when the filters do not change', () => {
    const { result } = renderFilters('/x?range=30d');
    const before = result.current.location;
    act(() => result.current.setFilters({ ...result.current.filters }));
    expect(result.current.location).toBe(before);
    expect(result.current.navigationType).toBe('POP');
  });
});
