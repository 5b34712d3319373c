/**
 * The comparison period on a metric chart (buildMetricOption with `compare`): drawn behind the metric's primary
 * value, paired with this period's windows on the local calendar (analysis/periods.ts), named in the legend and the
 * tooltip, and absent without a comparison. Windows are written as the API writes them, in New York time.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { describe, expect, it } from 'vitest';

import type { Metric, MetricResponse } from '../api/schemas';
import { buildMetricOption, type MetricChartContext } from './metric-option';
import { COMPARE_SERIES_ID } from './metric-chart-parts';
import { withPairs } from '../test/test-series';

interface SeriesView {
  id?: string;
  type: string;
  name: string;
  z?: number;
  data: [number, number | null][];
  lineStyle?: { width?: number; type?: string; color?: string };
}
interface OptionView {
  legend?: { data: string[] };
  series: SeriesView[];
  tooltip: { formatter: (params: unknown) => string };
}
const view = (option: EChartsCoreOption) => withPairs(option) as unknown as OptionView;
const compared = (option: EChartsCoreOption) => view(option).series.find((s) => s.id === COMPARE_SERIES_ID);
const xs = (series: SeriesView | undefined) => series?.data.map(([x]) => x);

const context: MetricChartContext = {
  interval: '60min',
  zoneLabel: 'America/New_York',
  nowMs: Date.UTC(2030, 0, 1),
  dwellUnit: 'minutes',
};

/** A window from `start` to `end` (local wall times with their offsets) carrying `fields`. */
const at = (date: string, hour: number, offset: string) => `${date}T${String(hour).padStart(2, '0')}:00:00${offset}`;

/** Hourly windows of `date` at the given wall hours, each with its offset; `value(i)` per window. */
function hours<T>(date: string, slots: readonly [number, string][], value: (i: number) => T) {
  return slots.map(([hour, offset], i) => {
    const start = at(date, hour, offset);
    // The end: the next slot's start, or an hour later on the same offset.
    const [nextHour, nextOffset] = slots[i + 1] ?? [hour + 1, offset];
    return { timestamp: start, window_start: start, window_end: at(date, nextHour, nextOffset), ...value(i) };
  });
}

const EST = '-05:00';
const EDT = '-04:00';
const plain = (from: number, to: number, offset: string): [number, string][] =>
  Array.from({ length: to - from }, (_, i) => [from + i, offset]);

const people = (avg: number) => ({
  avg_occupancy: avg,
  avg_utilization_percentage: avg / 100,
  peak_occupancy: avg + 5,
  peak_utilization_percentage: (avg + 5) / 100,
});

function page<M extends Metric>(metric: M, data: object[], start: string, end: string): MetricResponse<M> {
  return {
    location_id: 1,
    name: 'Main Library',
    capacity: 100,
    metric,
    interval: '60min',
    time_range: { start, end },
    hour_range: { start: 0, end: 23 },
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    data,
    pagination: { has_more: false, next_cursor: null, prev_cursor: null },
  } as unknown as MetricResponse<M>;
}

/** One day's page of occupancy at `slots`, `avg(i)` people on average. */
function occupancyDay(date: string, slots: readonly [number, string][], avg: (i: number) => number) {
  const data = hours(date, slots, (i) => people(avg(i)));
  return page('occupancy', data, data[0]!.window_start, data.at(-1)!.window_end);
}

describe('buildMetricOption with a comparison period', () => {
  const current = occupancyDay('2026-11-16', plain(9, 12, EST), (i) => [40, 50, 60][i]!);
  const previous = occupancyDay('2026-11-09', plain(9, 12, EST), (i) => [10, 20, 30][i]!);

  it('draws the previous period’s average behind the current one: thin, dashed, muted, named in the legend', () => {
    const option = buildMetricOption('occupancy', [current], {
      ...context,
      compare: { points: previous.data, label: 'Previous period', shiftDays: 7 },
    });
    const series = compared(option)!;
    expect(series).toMatchObject({ type: 'line', name: 'Previous period', z: 1 });
    expect(series.lineStyle).toMatchObject({ width: 1, type: 'dashed', color: '#64748b' });
    // Each point on the window it is compared with (a week later on the wall clock), with the previous value.
    expect(series.data).toEqual([
      [Date.UTC(2026, 10, 16, 9), 10],
      [Date.UTC(2026, 10, 16, 10), 20],
      [Date.UTC(2026, 10, 16, 11), 30],
    ]);
    expect(xs(series)).toEqual(xs(view(option).series[0]));
    // Behind the measured series: below their z (ECharts' default, 2).
    for (const other of view(option).series.filter((s) => s.id !== COMPARE_SERIES_ID)) expect(other.z).toBeUndefined();
    expect(view(option).legend?.data).toEqual(['Average', 'Peak', 'Previous period']);
  });

  it('is absent without a comparison', () => {
    const option = view(buildMetricOption('occupancy', [current], context));
    expect(option.series.map((s) => s.name)).toEqual(['Average', 'Peak']);
    expect(option.legend?.data).toEqual(['Average', 'Peak']);
    const traffic = view(buildMetricOption('traffic', [trafficDay('2026-11-16', 5)], context));
    expect(traffic.series.map((s) => s.name)).toEqual(['Entries']);
    expect(traffic.legend).toBeUndefined();
  });

  it('aligns on the wall clock across a DST change: the week after fall-back against the week before', () => {
    // 2 Nov 2026 is on EST (−05:00), 26 Oct on EDT (−04:00): 168 hours apart on the wall clock, 169 in real time.
    const after = occupancyDay('2026-11-02', plain(8, 11, EST), () => 50);
    const before = occupancyDay('2026-10-26', plain(8, 11, EDT), (i) => 10 + i);
    const option = buildMetricOption('occupancy', [after], {
      ...context,
      compare: { points: before.data, label: 'Previous period', shiftDays: 7 },
    });
    expect(compared(option)!.data).toEqual([
      [Date.UTC(2026, 10, 2, 8), 10],
      [Date.UTC(2026, 10, 2, 9), 11],
      [Date.UTC(2026, 10, 2, 10), 12],
    ]);
  });

  it('draws the repeated hour of a 25-hour day once, and nothing for the hour a 23-hour day lacks', () => {
    // 1 Nov 2026 repeats 01:00 (EDT, then EST); 8 Nov has it once.
    const repeated = occupancyDay(
      '2026-11-01',
      [
        [0, EDT],
        [1, EDT],
        [1, EST],
        [2, EST],
      ],
      (i) => [1, 2, 3, 4][i]!,
    );
    const once = occupancyDay('2026-11-08', plain(0, 3, EST), () => 50);
    const autumn = compared(
      buildMetricOption('occupancy', [once], {
        ...context,
        compare: { points: repeated.data, label: 'Previous period', shiftDays: 7 },
      }),
    );
    // The first 01:00 pairs with 8 Nov's 01:00; the second pairs with nothing and is not drawn: the line breaks
    // there (a null at the end of what is drawn), as it does wherever a window is missing, rather than join across it.
    expect(autumn!.data).toEqual([
      [Date.UTC(2026, 10, 8, 0), 1],
      [Date.UTC(2026, 10, 8, 1), 2],
      [Date.UTC(2026, 10, 8, 1), null],
      [Date.UTC(2026, 10, 8, 2), 4],
    ]);

    // 8 Mar 2026 skips 02:00 (EST to EDT); 1 Mar has it.
    const skipping = occupancyDay(
      '2026-03-08',
      [
        [0, EST],
        [1, EST],
        [3, EDT],
        [4, EDT],
      ],
      () => 50,
    );
    const whole = occupancyDay('2026-03-01', plain(0, 5, EST), (i) => 10 + i);
    const spring = buildMetricOption('occupancy', [skipping], {
      ...context,
      compare: { points: whole.data, label: 'Previous period', shiftDays: 7 },
    });
    // 1 Mar's 02:00 pairs with nothing (8 Mar has no 02:00): not drawn, the line broken where it was.
    expect(compared(spring)!.data).toEqual([
      [Date.UTC(2026, 2, 8, 0), 10],
      [Date.UTC(2026, 2, 8, 1), 11],
      [Date.UTC(2026, 2, 8, 2), null],
      [Date.UTC(2026, 2, 8, 3), 13],
      [Date.UTC(2026, 2, 8, 4), 14],
    ]);
  });

  it('pairs a month preset’s comparison by calendar days (February behind March)', () => {
    const days = (dates: string[], avg: number) => {
      const data = dates.map((date, i) => ({
        timestamp: at(date, 0, EST),
        window_start: at(date, 0, EST),
        window_end: at(
          dates[i + 1] ?? `${date.slice(0, 8)}${String(Number(date.slice(8)) + 1).padStart(2, '0')}`,
          0,
          EST,
        ),
        ...people(avg),
      }));
      return page('occupancy', data, data[0]!.window_start, data.at(-1)!.window_end);
    };
    const march = days(['2026-03-01', '2026-03-02', '2026-03-03'], 50);
    const february = days(['2026-02-01', '2026-02-02', '2026-02-03'], 20);
    const option = buildMetricOption('occupancy', [march], {
      ...context,
      interval: 'daily',
      compare: { points: february.data, label: 'Previous period', shiftDays: 28 },
    });
    expect(xs(compared(option))).toEqual([Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 2), Date.UTC(2026, 2, 3)]);
  });

  it('says the comparison in the tooltip with its own window, after the current window’s lines', () => {
    const option = view(
      buildMetricOption('occupancy', [current], {
        ...context,
        compare: { points: previous.data, label: 'Previous period', shiftDays: 7 },
      }),
    );
    const x = Date.UTC(2026, 10, 16, 10);
    const text = option.tooltip.formatter([
      { seriesId: 'average', value: [x, 50] },
      { seriesId: 'peak', value: [x, 55] },
      { seriesId: COMPARE_SERIES_ID, value: [x, 20] },
    ]);
    expect(text.split('<br/>')).toEqual([
      '<b>Mon 16 Nov 2026 10:00–11:00 (America/New_York)</b>',
      'Average: <b>50 people (50.0 %)</b>',
      'Peak: <b>55 people (55.0 %)</b>',
      'Previous period (Mon 9 Nov 2026 10:00–11:00): <b>20 people average</b>',
    ]);
    // Without a comparison, the same tooltip as ever.
    const plainTooltip = view(buildMetricOption('occupancy', [current], context)).tooltip.formatter([
      { seriesId: 'average', value: [x, 50] },
    ]);
    expect(plainTooltip.split('<br/>')).toHaveLength(3);
  });

  it('draws each metric’s primary value: entries behind the bars, the average visit, the share free', () => {
    const traffic = buildMetricOption('traffic', [trafficDay('2026-11-16', 50)], {
      ...context,
      compare: { points: trafficDay('2026-11-09', 30).data, label: 'Same period last year', shiftDays: 7 },
    });
    expect(compared(traffic)!.data.map(([, value]) => value)).toEqual([30, 31, 32]);
    expect(view(traffic).legend?.data).toEqual(['Entries', 'Same period last year']);
    const x = Date.UTC(2026, 10, 16, 9);
    expect(view(traffic).tooltip.formatter([{ seriesId: COMPARE_SERIES_ID, value: [x, 30] }])).toBe(
      'Same period last year (Mon 9 Nov 2026 09:00–10:00): <b>30 entries</b>',
    );

    const dwellDay = (date: string, minutes: number) => {
      const data = hours(date, plain(9, 11, EST), (i) => ({ avg_dwell_time: minutes + i, peak_dwell_time: 99 }));
      return page('dwell_time', data, data[0]!.window_start, data.at(-1)!.window_end);
    };
    const dwell = buildMetricOption('dwell_time', [dwellDay('2026-11-16', 40)], {
      ...context,
      compare: { points: dwellDay('2026-11-09', 20).data, label: 'Previous period', shiftDays: 7 },
    });
    expect(compared(dwell)!.data.map(([, value]) => value)).toEqual([20, 21]);
    expect(view(dwell).legend?.data).toEqual(['Average', 'Longest', 'Previous period']);

    const freeDay = (date: string, free: number | null) => {
      const data = hours(date, plain(9, 11, EST), () => ({ availability_percentage: free }));
      return page('availability', data, data[0]!.window_start, data.at(-1)!.window_end);
    };
    const availability = buildMetricOption('availability', [freeDay('2026-11-16', 0.5)], {
      ...context,
      compare: { points: freeDay('2026-11-09', 0.25).data, label: 'Previous period', shiftDays: 7 },
    });
    expect(compared(availability)!.data.map(([, value]) => value)).toEqual([25, 25]);
    expect(view(availability).legend?.data).toEqual(['Free', 'Previous period']);
  });

  it('escapes a hostile label in the tooltip', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const option = view(
      buildMetricOption('occupancy', [current], {
        ...context,
        compare: { points: previous.data, label: hostile, shiftDays: 7 },
      }),
    );
    const x = Date.UTC(2026, 10, 16, 9);
    const text = option.tooltip.formatter([{ seriesId: COMPARE_SERIES_ID, value: [x, 10] }]);
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;img');
  });
});

/** Traffic of `date` at 09:00–12:00 (EST): `entries + i` in window i. */
function trafficDay(date: string, entries: number) {
  const data = hours(date, plain(9, 12, EST), (i) => ({ traffic: entries + i }));
  return page('traffic', data, data[0]!.window_start, data.at(-1)!.window_end);
}
