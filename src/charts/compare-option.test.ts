import { describe, expect, it } from 'vitest';

import { buildCompareOption } from './compare-option';

describe('buildCompareOption', () => {
  const option = buildCompareOption(
    [
      { name: 'New York HQ', points: [[Date.UTC(2026, 10, 16, 9), 40]] },
      { name: 'Sydney Office', points: [[Date.UTC(2026, 10, 16, 9), 25]] },
    ],
    { unit: 'percent', interval: '60min', valueName: '% utilization' },
  ) as {
    useUTC: boolean;
    legend: { data: string[] };
    xAxis: { name: string };
    series: { name: string; data: [number, number][] }[];
  };

  it('draws a line per location, named in the legend, on a wall-clock axis named for each location', () => {
    expect(option.useUTC).toBe(true);
    expect(option.legend.data).toEqual(['New York HQ', 'Sydney Office']);
    expect(option.series.map((series) => series.name)).toEqual(['New York HQ', 'Sydney Office']);
    expect(option.xAxis.name).toBe('local time of each location');
  });

  it('keeps the same local hour at the same x for every location', () => {
    expect(option.series[0]!.data[0]![0]).toBe(option.series[1]!.data[0]![0]);
  });
});
