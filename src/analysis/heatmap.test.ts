import { describe, expect, it } from 'vitest';

import { busiestCell, weekdayHourCells, type HeatmapCell } from './heatmap';
import { NY_FALL_DAY, NY_SPRING_DAY, NY_STANDARD, dayOf, hoursOf, occupancyAt } from '../test/test-windows';

const cellAt = (cells: HeatmapCell[], day: number, hour: number) =>
  cells.find((cell) => cell.day === day && cell.hour === hour);

describe('weekdayHourCells', () => {
  it('gives 7 × 24 null cells, day-major, without data', () => {
    const cells = weekdayHourCells([], 'average');
    expect(cells).toHaveLength(168);
    expect(cells[0]).toEqual({ day: 1, hour: 0, value: null, windows: 0 });
    expect(cells[25]).toEqual({ day: 2, hour: 1, value: null, windows: 0 });
    expect(cells[167]).toEqual({ day: 7, hour: 23, value: null, windows: 0 });
  });

  it('averages avg utilization, or takes the max of peak utilization, per weekday and wall hour', () => {
    const occupancy = [
      occupancyAt(hoursOf('2026-03-02', NY_STANDARD, [9])[0]!, { util: 0.2, peakUtil: 0.5 }), // Monday
      occupancyAt(hoursOf('2026-03-16', '-04:00', [9])[0]!, { util: 0.6, peakUtil: 1.3 }), // Monday, after DST
    ];
    expect(cellAt(weekdayHourCells(occupancy, 'average'), 2, 9)).toEqual({ day: 2, hour: 9, value: 0.4, windows: 2 });
    expect(cellAt(weekdayHourCells(occupancy, 'peak'), 2, 9)).toEqual({ day: 2, hour: 9, value: 1.3, windows: 2 });
  });

  it('leaves hours absent from the data (filters, outages) null, and counts a closed day as zeros', () => {
    const closedSunday = dayOf('2026-03-01', NY_STANDARD).map((w) => occupancyAt(w));
    const mondayMorning = hoursOf('2026-03-02', NY_STANDARD, [8, 10]).map((w) => occupancyAt(w, { util: 0.5 }));
    const cells = weekdayHourCells([...closedSunday, ...mondayMorning], 'average');
    expect(cellAt(cells, 1, 13)).toMatchObject({ value: 0, windows: 1 });
    expect(cellAt(cells, 2, 9)).toMatchObject({ value: null, windows: 0 });
    expect(cellAt(cells, 2, 10)).toMatchObject({ value: 0.5, windows: 1 });
    expect(cells.filter((cell) => cell.value !== null)).toHaveLength(26);
  });

  it('puts the DST days on their wall hours: no 02:00 in spring, two windows at 01:00 in autumn', () => {
    const spring = weekdayHourCells(
      NY_SPRING_DAY.map((w) => occupancyAt(w, { util: 0.1 })),
      'average',
    );
    expect(cellAt(spring, 1, 2)).toMatchObject({ value: null, windows: 0 });
    expect(spring.filter((cell) => cell.windows > 0)).toHaveLength(23);

    const fall = NY_FALL_DAY.map((w, i) => occupancyAt(w, { util: i === 1 ? 0.2 : i === 2 ? 0.4 : 0 }));
    expect(cellAt(weekdayHourCells(fall, 'average'), 1, 1)).toMatchObject({ windows: 2 });
    expect(cellAt(weekdayHourCells(fall, 'average'), 1, 1)?.value).toBeCloseTo(0.3, 12);
  });
});

describe('busiestCell', () => {
  const cell = (day: number, hour: number, value: number | null): HeatmapCell => ({
    day,
    hour,
    value,
    windows: value === null ? 0 : 1,
  });

  it('is null when every cell is null', () => {
    expect(busiestCell(weekdayHourCells([], 'peak'))).toBeNull();
    expect(busiestCell([])).toBeNull();
  });

  it('takes the highest value', () => {
    expect(busiestCell([cell(1, 0, 0.1), cell(3, 5, 0.9), cell(2, 7, null)])).toEqual(cell(3, 5, 0.9));
  });

  it('breaks ties to the lowest day digit, then the earliest hour, whatever the order given', () => {
    expect(busiestCell([cell(4, 2, 0.5), cell(2, 9, 0.5), cell(2, 3, 0.5), cell(5, 0, 0.5)])).toEqual(cell(2, 3, 0.5));
  });
});
