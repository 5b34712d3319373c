// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { PortfolioFigures } from '../../analysis/portfolio';
import type { LocationRecord } from '../../api/schemas';
import { afterNextPaint } from '../../lib/scheduling/after-paint';
import { Sparkline } from '../../components/sparkline';
import { toTree } from '../../locations/location-tree';
import { loadingRows } from '../../test/loading-rows';
import { measureAsLaptopTable } from '../../test/table-layout';
import { PortfolioTable } from './portfolio-table';
import type { TableRow } from './table-row';

// Each row draws one sparkline: how many are drawn counts the rows rendered.
vi.mock('../../components/sparkline', () => ({ Sparkline: vi.fn(() => null) }));

const NOW = Date.parse('2026-11-18T15:30:00Z');

const records: LocationRecord[] = [
  { location_id: 1, name: 'Berlin Office', status: 'active', parent_id: null, capacity: 200, start_date: null },
  { location_id: 2, name: 'Floor 2', status: 'active', parent_id: 1, capacity: 100, start_date: null },
  { location_id: 3, name: 'Focus Zone', status: 'active', parent_id: 2, capacity: 40, start_date: null },
];

const figures = (average: number): PortfolioFigures => ({
  capacity: 100,
  averageUtilization: average,
  peakUtilization: average + 0.3,
  rightSizeP95: 70,
  averageUtilizationChange: 0.02,
  daily: [0.4, null, 0.5],
});

function table(rows: TableRow[]) {
  return (
    <MemoryRouter>
      <PortfolioTable
        rows={rows}
        sort={null}
        onSort={() => undefined}
        // A new callback on every render, as the page passes it.
        onBranch={() => undefined}
        linkSearch="?range=30d"
        chosen={NONE_CHOSEN}
        onChoose={NO_CHOICE}
        nowMs={NOW}
        onVisible={() => undefined}
      />
    </MemoryRouter>
  );
}

describe('PortfolioTable rows', () => {
  measureAsLaptopTable();
  beforeEach(() => vi.mocked(Sparkline).mockClear());

  it("renders again only the row whose data changed, though the page builds every row's object anew", async () => {
    const first: TableRow[] = toTree(records).map((entry) => ({
      entry,
      figures: figures(0.4),
      range: { start: '2026-11-12', end: '2026-11-18' },
      kept: false,
      failed: false,
      now: { people: 12, at: '2026-11-18T10:25:00-05:00', receivedMs: NOW },
      hasChildren: entry.record.location_id !== 3,
    }));
    const { rerender } = render(table(first));
    // Its rows come at the paint after its frame.
    await act(() => afterNextPaint());
    expect(vi.mocked(Sparkline)).toHaveBeenCalled();
    vi.mocked(Sparkline).mockClear();

    const next = first.map((row) => ({
      ...row,
      range: row.range && { ...row.range },
      now: row.now && { ...row.now },
      figures: row.entry.record.location_id === 3 ? figures(0.6) : row.figures,
    }));
    rerender(table(next));
    expect(vi.mocked(Sparkline)).toHaveBeenCalledTimes(1);
  });

  it('draws rows that arrive together a row per paint, top first, so that no commit holds them all', async () => {
    const loading = loadingRows(records);
    const { rerender } = render(table(loading));
    await act(() => afterNextPaint());
    expect(vi.mocked(Sparkline)).not.toHaveBeenCalled();

    rerender(
      table(
        loading.map((row) => ({ ...row, figures: figures(0.4), range: { start: '2026-11-12', end: '2026-11-18' } })),
      ),
    );
    const drawn = () => vi.mocked(Sparkline).mock.calls.map(([{ label }]) => label.split(',')[0]);
    expect(drawn()).toEqual(['Daily average utilization of Berlin Office']);
    await act(() => afterNextPaint());
    expect(drawn()).toEqual(['Daily average utilization of Berlin Office', 'Daily average utilization of Floor 2']);
    await act(() => afterNextPaint());
    expect(drawn()).toHaveLength(3);
  });

  it("changes a row's figure cells in place when its figures arrive: no element or text is taken out", async () => {
    const loading = loadingRows(records.slice(0, 1));
    const { container, rerender } = render(table(loading));
    await act(() => afterNextPaint());
    const row = container.querySelector('tr[data-location-id="1"]')!;
    const cells = [...row.querySelectorAll('td[data-kpi]')];
    expect(cells.map((cell) => cell.textContent)).toContain('loading…');
    const removed: Node[] = [];
    const watcher = new MutationObserver((mutations) =>
      mutations.forEach((mutation) => removed.push(...mutation.removedNodes)),
    );
    watcher.observe(row, { childList: true, subtree: true });

    rerender(
      table(
        loading.map((entry) => ({
          ...entry,
          figures: figures(0.4),
          health: { coverage: 0.9, latestMs: NOW - 120_000, gaps: 0, silentOverADay: false },
          range: { start: '2026-11-12', end: '2026-11-18' },
        })),
      ),
    );
    await act(() => afterNextPaint());
    watcher.disconnect();
    expect(row.isConnected).toBe(true);
    expect(row.querySelector('[data-kpi="average-utilization"]')?.textContent).toBe('40.0 %');
    expect([...row.querySelectorAll('td[data-kpi]')]).toEqual(cells);
    expect(removed).toEqual([]);
  });
});

const NONE_CHOSEN: readonly number[] = [];
const NO_CHOICE = () => undefined;
