// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router/router';
import { describe, expect, it, vi } from 'vitest';

import type { PortfolioFigures } from '../../analysis/portfolio';
import type { LocationRecord } from '../../api/schemas';
import { afterNextPaint } from '../../lib/scheduling/after-paint';
import type { PortfolioSort } from './portfolio-params';
import { toTree } from '../../locations/location-tree';
import { measureAsLaptopTable } from '../../test/table-layout';
import { ariaSort, portfolioColumns, sortArrow } from './portfolio-columns';
import { PortfolioTable } from './portfolio-table';
import type { TableRow } from './table-row';

const NOW = Date.parse('2026-11-18T15:30:00Z');

function record(id: number, name: string, parent: number | null, capacity = 100): LocationRecord {
  return { location_id: id, name, status: 'active', parent_id: parent, capacity, start_date: null };
}

const figures = (average: number | null, change: number | null = 0.02): PortfolioFigures => ({
  capacity: 100,
  averageUtilization: average,
  peakUtilization: average === null ? null : average + 0.3,
  rightSizeP95: average === null ? null : 70,
  averageUtilizationChange: change,
  daily: [0.4, null, 0.5],
});

function rowsOf(records: LocationRecord[], figuresOf: (id: number) => PortfolioFigures | undefined): TableRow[] {
  const parents = new Set(records.map((r) => r.parent_id));
  return toTree(records).map((entry) => ({
    entry,
    figures: figuresOf(entry.record.location_id),
    range: { start: '2026-11-12', end: '2026-11-18' },
    kept: false,
    failed: false,
    now: undefined,
    hasChildren: parents.has(entry.record.location_id),
  }));
}

/** The table as it is once painted (its rows come at the paint after its frame), or before that paint. */
async function renderTable(rows: TableRow[], sort: PortfolioSort | null = null, { painted = true } = {}) {
  const onSort = vi.fn();
  const onBranch = vi.fn();
  render(
    <MemoryRouter>
      <PortfolioTable
        rows={rows}
        sort={sort}
        onSort={onSort}
        onBranch={onBranch}
        linkSearch="?range=30d"
        chosen={NONE_CHOSEN}
        onChoose={NO_CHOICE}
        nowMs={NOW}
        onVisible={() => undefined}
      />
    </MemoryRouter>,
  );
  if (painted) await act(() => afterNextPaint());
  return { onSort, onBranch, table: screen.getByRole('table') };
}

const building = [record(1, 'Berlin Office', null, 200), record(2, 'Floor 2', 1), record(3, 'Focus Zone', 2, 40)];

describe('ariaSort and sortArrow', () => {
  it('mark only the sorted column, in its direction', () => {
    const sort: PortfolioSort = { key: 'peak-utilization', descending: true };
    expect(ariaSort(sort, 'peak-utilization')).toBe('descending');
    expect(ariaSort({ ...sort, descending: false }, 'peak-utilization')).toBe('ascending');
    expect(ariaSort(sort, 'capacity')).toBeUndefined();
    expect(ariaSort(null, 'name')).toBeUndefined();
    expect(sortArrow(sort, 'peak-utilization')).toEqual({ arrow: '↓', active: true });
    expect(sortArrow({ ...sort, descending: false }, 'peak-utilization')).toEqual({ arrow: '↑', active: true });
  });

  it('hint, on another column, the direction a press sorts it: figures from the highest, names from A', () => {
    expect(sortArrow(null, 'average-utilization')).toEqual({ arrow: '↓', active: false });
    expect(sortArrow(null, 'name')).toEqual({ arrow: '↑', active: false });
  });
});

describe('PortfolioTable', () => {
  measureAsLaptopTable();

  it('has a column header per column, each a sort button named by its words alone, aria-sort on the sorted one', async () => {
    const { onSort, table } = await renderTable(
      rowsOf(building, () => figures(0.4)),
      {
        key: 'average-utilization',
        descending: true,
      },
    );
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent?.replace(/[↑↓]/g, ''))).toEqual([
      ...portfolioColumns().map((column) => column.label),
      'Daily average',
    ]);
    const sorted = headers.filter((header) => header.hasAttribute('aria-sort'));
    expect(sorted).toHaveLength(1);
    expect(sorted[0]!.getAttribute('aria-sort')).toBe('descending');
    expect(within(sorted[0]!).getByRole('button', { name: 'Average utilization' })).toBeTruthy();

    // Each header's button is named by the header's words (the arrow is not read) and described by its definition.
    for (const column of portfolioColumns()) {
      expect(within(table).getByRole('button', { name: column.label, description: column.description })).toBeTruthy();
    }
    await userEvent.click(within(table).getByRole('button', { name: 'Peak utilization' }));
    expect(onSort).toHaveBeenCalledWith('peak-utilization');
    // The header's sort button is reached by the keyboard, and Enter sorts.
    within(table).getByRole('button', { name: 'Capacity' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('capacity');
  });

  it('shows each figure by its data-kpi and raw value, a dash with its words where there is none', async () => {
    const { table } = await renderTable(
      rowsOf(building, (id) => (id === 3 ? figures(null, null) : id === 2 ? figures(0.456, -0.013) : undefined)),
    );
    const floor = table.querySelector('tr[data-location-id="2"]')!;
    const cell = (row: Element, name: string) => row.querySelector(`[data-kpi="${name}"]`)!;
    expect(cell(floor, 'average-utilization').getAttribute('data-value')).toBe('0.456');
    expect(cell(floor, 'average-utilization').textContent).toBe('45.6 %');
    expect(cell(floor, 'average-utilization-change').textContent).toBe('−1.3 points');

    const zone = table.querySelector('tr[data-location-id="3"]')!;
    expect(cell(zone, 'average-utilization').getAttribute('data-value')).toBe('');
    expect(cell(zone, 'average-utilization').textContent).toBe('—no data');
    expect(cell(zone, 'average-utilization-change').textContent).toBe('—no change to show');

    // A row still loading says so to a screen reader; its bar is drawn for the eye.
    const office = table.querySelector('tr[data-location-id="1"]')!;
    expect(cell(office, 'peak-utilization').textContent).toBe('loading…');
  });

  it('says a closed place is closed and when it opens, with no number; an open place with nobody reads 0', async () => {
    const reading = { people: 0, at: '2026-11-18T16:30:00+01:00', receivedMs: NOW };
    const rows = rowsOf(building, () => figures(0.4)).map((row) => ({
      ...row,
      now:
        row.entry.record.location_id === 3
          ? { ...reading, state: { open: false as const, opens: { day: 5, hour: 7 } } }
          : { ...reading, state: { open: true as const } },
    }));
    const { table } = await renderTable(rows);
    const now = (id: number) => table.querySelector(`tr[data-location-id="${id}"] [data-kpi="occupancy-now"]`)!;
    expect(now(3).getAttribute('data-value')).toBe('');
    expect(now(3).textContent).toMatch(/closed.*opens thu 07:00/i);
    expect(now(2).getAttribute('data-value')).toBe('0');
    expect(now(2).textContent).not.toMatch(/closed/i);
  });

  it('indents the tree by depth, ranked shows the path instead, and "Only this" is named for what it does', async () => {
    const rows = rowsOf(building, () => figures(0.4));
    const { onBranch, table } = await renderTable(rows);
    const depth = (id: number) =>
      (table.querySelector(`tr[data-location-id="${id}"] th`) as HTMLElement).style.getPropertyValue('--depth');
    expect([depth(1), depth(2), depth(3)]).toEqual(['0', '1', '2']);

    const only = within(table).getByRole('button', { name: 'Show only Floor 2 and what is in it' });
    await userEvent.click(only);
    expect(onBranch).toHaveBeenCalledWith(2);
    // Spaces have nothing to narrow to.
    expect(within(table).queryByRole('button', { name: /Show only Focus Zone/ })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Focus Zone' }).getAttribute('href')).toBe(
      '/locations/3/utilization?range=30d',
    );
  });

  it('ranked, a row says where it is', async () => {
    const { table } = await renderTable(
      rowsOf(building, () => figures(0.4)),
      { key: 'name', descending: false },
    );
    const zone = table.querySelector('tr[data-location-id="3"] th')!;
    expect(zone.textContent).toBe('Focus ZoneBerlin Office › Floor 2');
    expect(zone.getAttribute('style')).toContain('--depth: 0');
  });

  it('draws its rows at the paint after its frame, which holds their height meanwhile', async () => {
    const { table } = await renderTable(
      rowsOf(building, () => figures(0.5)),
      null,
      { painted: false },
    );
    const body = table.querySelector('tbody')!;
    expect(within(body).queryAllByRole('link')).toHaveLength(0);
    expect(body.querySelector<HTMLElement>('tr.spacer td')?.style.height).not.toBe('');
    await act(() => afterNextPaint());
    expect(within(body).getByRole('link', { name: 'Berlin Office' })).toBeTruthy();
  });

  it('puts a screenful of 1,500 rows in the DOM, and tells a screen reader how many there are', async () => {
    const many = Array.from({ length: 1_500 }, (_, i) => record(10_000 + i, `Space ${i}`, null));
    const { table } = await renderTable(rowsOf(many, () => figures(0.5)));
    expect(table.getAttribute('aria-rowcount')).toBe('1501');
    const drawn = table.querySelectorAll('tr[data-location-id]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
  });
});

const NONE_CHOSEN: readonly number[] = [];
const NO_CHOICE = () => undefined;
