import { describe, expect, it } from 'vitest';

import type { UsualValue } from '../analysis/usual';
import type { OccupancyPoint } from '../api/schemas';
import { contrastRatio, PALETTES } from '../lib/theme';
import { isoDateToUtcMs } from '../lib/time';
import { HOUR_MS } from '../lib/time-spans';
import { buildOccupancyOption } from './options';
import { buildUtilizationOverTimeOption } from './utilization-options';
import {
  drawsUsual,
  expectedNote,
  isTodayOnly,
  USUAL_COLOR,
  usualNames,
  USUAL_SERIES_IDS,
  usualForView,
  usualOverlay,
  type UsualOverlay,
} from './usual-overlay';
import { tooltipPosition } from './usual-tooltip';

const TODAY = '2026-11-25';
const DAY_START = isoDateToUtcMs(TODAY);
const usual = (median: number, low = median - 2, high = median + 2): UsualValue => ({
  median,
  low,
  high,
  samples: 8,
});
/** Open 08:00–18:00: a usual value in those hours, none (not enough history) at night. */
const DAY: (UsualValue | null)[] = Array.from({ length: 24 }, (_, hour) =>
  hour >= 8 && hour < 18 ? usual(10 + hour) : null,
);
const NOW = DAY_START + 12.5 * HOUR_MS;

interface LineView {
  id: string;
  data: [number, number | null][];
  lineStyle: { type: string; color: string };
  markArea?: { data: [{ xAxis: number; yAxis: number }, { xAxis: number; yAxis: number }][] };
}
const seriesOf = (overlay: UsualOverlay | null, id: string) =>
  overlay?.series.find((s) => s.id === id) as LineView | undefined;

describe('usualOverlay', () => {
  const overlay = usualOverlay(DAY, { today: TODAY, nowWallMs: NOW, scale: 1, unit: 'people' });

  it('draws nothing when no hour has a usual value', () => {
    expect(usualOverlay(Array(24).fill(null), { today: TODAY, nowWallMs: NOW, scale: 1, unit: 'people' })).toBeNull();
    expect(drawsUsual({ day: Array(24).fill(null) })).toBe(false);
    expect(drawsUsual({ day: DAY })).toBe(true);
    expect(drawsUsual(undefined)).toBe(false);
  });

  it('the band: one rectangle per hour with a usual value, from the 25th to the 75th percentile', () => {
    const band = seriesOf(overlay, USUAL_SERIES_IDS.band)!;
    expect(band.markArea!.data).toHaveLength(10);
    expect(band.markArea!.data[0]).toEqual([
      { xAxis: DAY_START + 8 * HOUR_MS, yAxis: 16 },
      { xAxis: DAY_START + 9 * HOUR_MS, yAxis: 20 },
    ]);
  });

  it('the usual up to now in a solid line, the rest of today dashed and named "expected"', () => {
    const median = seriesOf(overlay, USUAL_SERIES_IDS.median)!;
    const expected = seriesOf(overlay, USUAL_SERIES_IDS.expected)!;
    expect(median.lineStyle.type).toBe('solid');
    expect(median.data[0]).toEqual([DAY_START + 8 * HOUR_MS, 18]);
    expect(median.data.at(-1)).toEqual([NOW, 22]);
    expect(expected.lineStyle.type).toBe('dashed');
    expect(expected.data[0]).toEqual([NOW, 22]);
    expect(expected.data.at(-1)).toEqual([DAY_START + 18 * HOUR_MS, 27]);
    expect(overlay!.legend.map((entry) => entry.name)).toEqual([
      usualNames().band,
      usualNames().median,
      usualNames().expected,
    ]);
    expect(usualNames().expected).toMatch(/expected/i);
    // Never mistaken for data: neither measured colour nor solid.
    expect(expected.lineStyle.color).toBe(USUAL_COLOR);
  });

  it('breaks the line over an hour without a usual value', () => {
    const gappy = DAY.map((value, hour) => (hour === 10 ? null : value));
    const line = seriesOf(
      usualOverlay(gappy, { today: TODAY, nowWallMs: DAY_START + 23 * HOUR_MS, scale: 1, unit: 'people' }),
      USUAL_SERIES_IDS.median,
    )!;
    expect(line.data).toContainEqual([DAY_START + 10 * HOUR_MS, null]);
  });

  it('after closing time or before the day: no expected part, or no measured part', () => {
    const late = usualOverlay(DAY, { today: TODAY, nowWallMs: DAY_START + 20 * HOUR_MS, scale: 1, unit: 'people' });
    expect(seriesOf(late, USUAL_SERIES_IDS.expected)).toBeUndefined();
    const early = usualOverlay(DAY, { today: TODAY, nowWallMs: DAY_START + 6 * HOUR_MS, scale: 1, unit: 'people' });
    expect(seriesOf(early, USUAL_SERIES_IDS.median)).toBeUndefined();
    expect(seriesOf(early, USUAL_SERIES_IDS.expected)!.data[0]).toEqual([DAY_START + 8 * HOUR_MS, 18]);
  });

  it('scales people into the chart unit, and says values in it', () => {
    const percent = usualOverlay(DAY, { today: TODAY, nowWallMs: NOW, scale: 100 / 40, unit: 'percent' })!;
    expect(percent.max).toBeCloseTo((29 * 100) / 40);
    expect(percent.tooltipLines(DAY_START + 9.5 * HOUR_MS).join()).toContain('%');
  });

  it('tooltip: the usual of the hour; from now on what is expected, said not to be measured', () => {
    const before = overlay!.tooltipLines(DAY_START + 9.25 * HOUR_MS);
    expect(before).toHaveLength(1);
    expect(before[0]).toContain('17–21 people');
    expect(before[0]).toContain('median <b>19 people</b>');
    const after = overlay!.tooltipLines(DAY_START + 15 * HOUR_MS);
    expect(after.join()).toContain('Expected: <b>25 people</b>');
    expect(after.join()).toContain(expectedNote());
    expect(expectedNote()).toMatch(/not measured/);
    expect(overlay!.tooltipLines(DAY_START + 3 * HOUR_MS).join()).toMatch(/not enough history/);
    expect(overlay!.hourLabel(DAY_START + 15.5 * HOUR_MS)).toBe('Wed 25 Nov 2026 15:00–16:00');
  });

  it('skips the hour the clock skips today', () => {
    const full = Array.from({ length: 24 }, () => usual(5));
    const skipped = usualOverlay(full, {
      today: '2026-03-08',
      nowWallMs: isoDateToUtcMs('2026-03-08'),
      scale: 1,
      unit: 'people',
      skippedHours: [2],
    });
    const band = seriesOf(skipped, USUAL_SERIES_IDS.band)!;
    expect(band.markArea!.data).toHaveLength(23);
    expect(skipped!.tooltipLines(isoDateToUtcMs('2026-03-08') + 2.5 * HOUR_MS)).toEqual([]);
  });
});

describe('what the pages pass', () => {
  it('only a view of exactly today, in windows of an hour or less', () => {
    expect(isTodayOnly({ start: TODAY, end: TODAY }, TODAY)).toBe(true);
    expect(isTodayOnly({ start: '2026-11-19', end: TODAY }, TODAY)).toBe(false);
    const zone = { kind: 'zone', name: 'UTC' } as const;
    const view = { zone, range: { start: TODAY, end: TODAY }, interval: '15min', today: TODAY, nowMs: NOW };
    expect(usualForView(DAY, view)).toMatchObject({ day: DAY, today: TODAY, nowWallMs: NOW, skippedHours: [] });
    expect(usualForView(DAY, { ...view, interval: 'daily' })).toBeUndefined();
    expect(usualForView(DAY, { ...view, range: { start: '2026-11-24', end: TODAY } })).toBeUndefined();
    expect(usualForView(undefined, view)).toBeUndefined();
    expect(usualForView(Array(24).fill(null), view)).toBeUndefined();
  });

  it('reads on both panels', () => {
    expect(contrastRatio(USUAL_COLOR, PALETTES.light.panel)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(USUAL_COLOR, PALETTES.dark.panel)).toBeGreaterThanOrEqual(3);
  });
});

// ---------------------------------------------------------------------------------------------------
// On the charts

function quarterHours(until: number, capacity: number): OccupancyPoint[] {
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  const points: OccupancyPoint[] = [];
  for (let t = DAY_START + 8 * HOUR_MS; t < until; t += HOUR_MS / 4) {
    points.push({
      timestamp: iso(t),
      window_start: iso(t),
      window_end: iso(t + HOUR_MS / 4),
      avg_occupancy: 20,
      avg_utilization_percentage: 20 / capacity,
      peak_occupancy: 24,
      peak_utilization_percentage: 24 / capacity,
    });
  }
  return points;
}

type Formatter = (params: unknown) => string;
interface ChartView {
  series: { id?: string; name: string }[];
  legend: { data: (string | { name: string })[] };
  tooltip: { formatter: Formatter };
  yAxis: { max: number } | { max: number }[];
}
const legendNames = (o: ChartView) => o.legend.data.map((entry) => (typeof entry === 'string' ? entry : entry.name));

describe('the usual on the occupancy and utilization charts', () => {
  const context = {
    interval: '15min',
    zoneLabel: 'UTC',
    nowMs: NOW,
    xRange: [DAY_START, DAY_START + 24 * HOUR_MS] as [number, number],
  };
  const today = { day: DAY, today: TODAY, nowWallMs: NOW };

  it('occupancy (people): behind the data, in the legend, the axis high enough for it', () => {
    const o = buildOccupancyOption(quarterHours(NOW, 10), {
      ...context,
      capacity: 10,
      usual: today,
    }) as unknown as ChartView;
    expect(o.series.map((s) => s.id ?? s.name)).toEqual([
      'Average',
      'Peak',
      USUAL_SERIES_IDS.band,
      USUAL_SERIES_IDS.median,
      USUAL_SERIES_IDS.expected,
    ]);
    expect(legendNames(o)).toContain(usualNames().expected);
    expect((o.yAxis as { max: number }[])[0]!.max).toBeGreaterThanOrEqual(29);
    // Without it: as before.
    const plain = buildOccupancyOption(quarterHours(NOW, 10), { ...context, capacity: 10 }) as unknown as ChartView;
    expect(plain.series).toHaveLength(2);
  });

  it('the tooltip past the last window says the hour and what is expected, not the last window', () => {
    const o = buildOccupancyOption(quarterHours(NOW, 40), {
      ...context,
      capacity: 40,
      usual: today,
    }) as unknown as ChartView;
    const at = DAY_START + 15 * HOUR_MS;
    const last = DAY_START + 12.25 * HOUR_MS;
    const text = o.tooltip.formatter([
      { seriesId: 'Average', value: [last, 20], axisValue: at },
      { seriesId: USUAL_SERIES_IDS.expected, value: [at, 25], axisValue: at },
    ]);
    expect(text).toContain('15:00–16:00');
    expect(text).toContain(expectedNote());
    expect(text).not.toContain('12:15');
    // On a measured window: the window, then the usual of its hour.
    const on = o.tooltip.formatter([{ seriesId: 'Average', value: [last, 20], axisValue: last }]);
    expect(on).toContain('12:15');
    expect(on).toContain('Average: <b>20 people');
    expect(on).toContain('median <b>22 people</b>');
  });

  it('utilization (% of capacity): the same overlay scaled to capacity', () => {
    const o = buildUtilizationOverTimeOption(quarterHours(NOW, 40), {
      ...context,
      usual: { ...today, capacity: 40 },
    }) as unknown as ChartView;
    expect(o.series.map((s) => s.id)).toContain(USUAL_SERIES_IDS.expected);
    const text = o.tooltip.formatter([
      {
        seriesId: USUAL_SERIES_IDS.expected,
        value: [DAY_START + 15 * HOUR_MS, 62.5],
        axisValue: DAY_START + 15 * HOUR_MS,
      },
    ]);
    expect(text).toContain('Expected: <b>62.5 %</b>');
  });

  it('tooltipPosition takes a measured point only at the pointer when the overlay is drawn', () => {
    const overlay = usualOverlay(DAY, { today: TODAY, nowWallMs: NOW, scale: 1, unit: 'people' });
    const params = [{ seriesId: 'Average', value: [1, 5], axisValue: 2 }];
    expect(tooltipPosition(params, overlay).point).toBeUndefined();
    expect(tooltipPosition(params, overlay).x).toBe(2);
    expect(tooltipPosition(params, null).point).toBe(params[0]);
  });
});
