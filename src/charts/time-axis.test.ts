import { describe, expect, it } from 'vitest';

import { DAY_MS, HOUR_MS } from '../lib/time-spans';
import { buildOccupancyOption } from './options';
import {
  closedDaySpans,
  closedSpans,
  hasClosedTime,
  hidesClosedTime,
  MAX_BREAKS,
  openTick,
  timeAxisLabels,
  trimClosedEnds,
  dayTicks,
  weekStarts,
} from './time-axis';

/** Thursday 12 Nov 2026 to Thursday 19 Nov 2026 (a week), wall-clock ms. */
const WEEK: [number, number] = [Date.UTC(2026, 10, 12), Date.UTC(2026, 10, 19)];
const MON_FRI_7_19 = { hours: { start: 7, end: 19 }, days: [2, 3, 4, 5, 6] };
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe('hidesClosedTime: when closed hours are cut out', () => {
  it.each([
    ['60min', undefined, true, true],
    ['15min', undefined, true, true],
    ['60min', undefined, false, false], // the vendor's records have no hours: drawn as they are
    ['60min', 'show', true, false],
    ['60min', 'hide', false, true],
    ['daily', 'hide', true, true], // closed days are cut from a daily axis
    ['daily', undefined, true, true],
    ['weekly', undefined, true, false],
    ['monthly', 'hide', true, false],
  ] as const)('%s, closed=%s, record has hours %s → %s', (interval, asked, hasHours, hides) => {
    expect(hidesClosedTime(interval, asked, hasHours)).toBe(hides);
  });
});

describe('hasClosedTime', () => {
  const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
  it('finds none in every hour of every day, however the whole day is written', () => {
    expect(hasClosedTime({ hours: { start: 0, end: 23 }, days: EVERY_DAY })).toBe(false);
    expect(hasClosedTime({ hours: { start: 0, end: 24 }, days: EVERY_DAY })).toBe(false);
    // Past midnight round to the hour before the start: every hour too.
    expect(hasClosedTime({ hours: { start: 6, end: 5 }, days: EVERY_DAY })).toBe(false);
  });

  it('finds closed hours, closed days, and hours left out past midnight', () => {
    expect(hasClosedTime({ hours: { start: 7, end: 19 }, days: EVERY_DAY })).toBe(true);
    expect(hasClosedTime({ hours: { start: 0, end: 23 }, days: [2, 3, 4, 5, 6] })).toBe(true);
    expect(hasClosedTime({ hours: { start: 22, end: 2 }, days: EVERY_DAY })).toBe(true);
  });
});

describe('closedSpans', () => {
  it('merges the evenings, the weekend and the early mornings of a Mon–Fri 07:00–20:00 room', () => {
    const spans = closedSpans(WEEK, MON_FRI_7_19).map(([a, b]) => [iso(a), iso(b)]);
    expect(spans).toEqual([
      ['2026-11-12T00:00', '2026-11-12T07:00'],
      ['2026-11-12T20:00', '2026-11-13T07:00'],
      ['2026-11-13T20:00', '2026-11-16T07:00'], // Friday evening to Monday morning in one
      ['2026-11-16T20:00', '2026-11-17T07:00'],
      ['2026-11-17T20:00', '2026-11-18T07:00'],
      ['2026-11-18T20:00', '2026-11-19T00:00'],
    ]);
  });

  it('has nothing to cut for a place open around the clock', () => {
    expect(closedSpans(WEEK, { hours: { start: 0, end: 23 }, days: [1, 2, 3, 4, 5, 6, 7] })).toEqual([]);
    expect(closedSpans(WEEK, { hours: { start: 0, end: 24 }, days: [1, 2, 3, 4, 5, 6, 7] })).toEqual([]);
  });

  it('keeps the night open for hours that wrap past midnight (22–05)', () => {
    const day: [number, number] = [Date.UTC(2026, 10, 16), Date.UTC(2026, 10, 17)];
    expect(closedSpans(day, { hours: { start: 22, end: 5 }, days: [2] }).map(([a, b]) => [iso(a), iso(b)])).toEqual([
      ['2026-11-16T06:00', '2026-11-16T22:00'],
    ]);
  });

  it('cuts nothing when the whole range is closed (a Saturday of a Mon–Fri room): the empty axis stays', () => {
    const saturday: [number, number] = [Date.UTC(2026, 10, 14), Date.UTC(2026, 10, 15)];
    expect(closedSpans(saturday, MON_FRI_7_19)).toEqual([]);
  });
});

describe('timeAxisLabels', () => {
  it('daily: `Mon 16 Nov` on day ticks, never finer than a day', () => {
    const axis = timeAxisLabels({ interval: 'daily' }) as {
      minInterval: number;
      axisLabel: { formatter: (v: number) => string };
    };
    expect(axis.minInterval).toBe(DAY_MS);
    expect(axis.axisLabel.formatter(Date.UTC(2026, 10, 16))).toBe('Mon 16 Nov');
  });

  it('daily over a range: ticks on midnights, the same number of days apart, at most 7', () => {
    const axis = timeAxisLabels({ interval: 'daily', xRange: [Date.UTC(2026, 10, 1), Date.UTC(2026, 11, 1)] }) as {
      axisTick: { customValues: number[] };
      axisLabel: { customValues: number[] };
    };
    const ticks = axis.axisLabel.customValues;
    expect(axis.axisTick.customValues).toEqual(ticks);
    expect(ticks.map(iso)).toEqual([
      '2026-11-01T00:00',
      '2026-11-08T00:00',
      '2026-11-15T00:00',
      '2026-11-22T00:00',
      '2026-11-29T00:00',
    ]);
  });

  it.each([
    [7, 1],
    [8, 2],
    [14, 2],
    [15, 7],
    [90, 14],
    [365, 56],
  ])('dayTicks over %d days: every %d day(s), at most 7 labels', (days, step) => {
    const from = Date.UTC(2026, 0, 1);
    const ticks = dayTicks([from, from + days * DAY_MS]);
    expect(ticks[0]).toBe(from);
    expect(ticks.length).toBeLessThanOrEqual(7);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(step * DAY_MS);
  });

  it('weekly: a tick and a label on each window start, where its point is drawn', () => {
    const starts = [Date.UTC(2026, 10, 12), Date.UTC(2026, 10, 16), Date.UTC(2026, 10, 23)];
    const axis = timeAxisLabels({ interval: 'weekly', windowStarts: starts }) as {
      axisTick: { customValues: number[] };
      axisLabel: { customValues: number[]; formatter: (v: number) => string };
    };
    expect(axis.axisTick.customValues).toEqual(starts);
    expect(axis.axisLabel.customValues).toEqual(starts);
    expect(axis.axisLabel.formatter(starts[1]!)).toBe('Mon 16 Nov');
  });

  it('weekly without windows: the range start, then every Monday', () => {
    expect(weekStarts(WEEK).map(iso)).toEqual(['2026-11-12T00:00', '2026-11-16T00:00']);
  });

  it('sub-daily with closed spans: breaks between, a shorter axis at the ends', () => {
    const spans = closedSpans(WEEK, MON_FRI_7_19);
    const axis = timeAxisLabels({ interval: '60min', xRange: WEEK, closedSpans: spans }) as {
      min: number;
      max: number;
      breaks: { start: number; end: number }[];
    };
    expect(iso(axis.min)).toBe('2026-11-12T07:00');
    expect(iso(axis.max)).toBe('2026-11-18T20:00');
    expect(axis.breaks.map((b) => [iso(b.start), iso(b.end)])).toEqual(
      spans.slice(1, -1).map(([a, b]) => [iso(a), iso(b)]),
    );
  });

  it('sub-daily without closed spans: no breaks, hours and days on the ticks', () => {
    const axis = timeAxisLabels({ interval: '60min', xRange: WEEK }) as Record<string, unknown>;
    expect(axis.breaks).toBeUndefined();
    expect(axis.min).toBeUndefined();
  });

  it('draws the axis whole rather than with more breaks than ECharts handles quickly', () => {
    const spans = Array.from(
      { length: MAX_BREAKS + 3 },
      (_, i) => [i * DAY_MS + 20 * HOUR_MS, (i + 1) * DAY_MS + 7 * HOUR_MS] as const,
    );
    const axis = timeAxisLabels({ interval: '15min', xRange: [0, (MAX_BREAKS + 10) * DAY_MS], closedSpans: spans });
    expect(axis.breaks).toBeUndefined();
  });

  it('labels a reopening with its day and a closing with its hour', () => {
    const tuesday7 = Date.UTC(2026, 10, 17, 7);
    expect(openTick(tuesday7, { break: { type: 'end', start: 0, end: tuesday7 } })).toBe('Tue 17 Nov 07:00');
    expect(openTick(Date.UTC(2026, 10, 16, 20), { break: { type: 'start', start: 0, end: 0 } })).toBe('20:00');
    expect(openTick(Date.UTC(2026, 10, 16, 12))).toBe('12:00');
  });

  it('trims nothing without a range', () => {
    expect(trimClosedEnds([[1, 2]], undefined)).toEqual({ inner: [[1, 2]] });
  });
});

describe('options carry the axis', () => {
  it('an hourly occupancy option with closed spans has axis breaks; without, none', () => {
    const point = {
      timestamp: '2026-11-16T07:00:00+01:00',
      window_start: '2026-11-16T07:00:00+01:00',
      window_end: '2026-11-16T08:00:00+01:00',
      avg_occupancy: 1540,
      avg_utilization_percentage: 0.2,
      peak_occupancy: 1600,
      peak_utilization_percentage: 0.3,
    };
    const context = {
      interval: '60min',
      zoneLabel: 'Europe/Berlin',
      nowMs: Date.UTC(2030, 0, 1),
      xRange: WEEK,
      capacity: 2000,
    };
    const cut = buildOccupancyOption([point], { ...context, closedSpans: closedSpans(WEEK, MON_FRI_7_19) }) as {
      xAxis: { breaks?: unknown[] };
      yAxis: { axisLabel?: { formatter: (v: number) => string } }[];
    };
    expect(cut.xAxis.breaks).toHaveLength(4);
    expect(cut.yAxis[0]!.axisLabel!.formatter(70000)).toBe('70,000');
    expect(cut.yAxis[1]!.axisLabel!.formatter(20)).toBe('20 %');
    const whole = buildOccupancyOption([point], context) as { xAxis: { breaks?: unknown[] } };
    expect(whole.xAxis.breaks).toBeUndefined();
  });
});

describe('closed days on a daily axis', () => {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  // Mon 9 – Sun 22 Nov 2026, Mon–Fri: two weeks, five days wide each.
  const range: [number, number] = [day('2026-11-09'), day('2026-11-23')];
  const WEEKDAYS = [2, 3, 4, 5, 6];

  it('cuts each weekend from the middle of Friday’s slot to the middle of Sunday’s, so every open day is whole', () => {
    expect(closedDaySpans(range, WEEKDAYS)).toEqual([
      [day('2026-11-14') - 12 * HOUR_MS, day('2026-11-16') - 12 * HOUR_MS],
      [day('2026-11-21') - 12 * HOUR_MS, day('2026-11-23') - 12 * HOUR_MS],
    ]);
  });

  it('draws the inner weekend as a break, marked, ends the axis at the last open day, and labels no closed day', () => {
    const axis = timeAxisLabels({ interval: 'daily', xRange: range, closedSpans: closedDaySpans(range, WEEKDAYS) }) as {
      breaks: { start: number; end: number }[];
      breakArea: { show: boolean };
      max: number;
      axisLabel: { customValues: number[] };
    };
    expect(axis.breaks).toEqual([
      { start: day('2026-11-14') - 12 * HOUR_MS, end: day('2026-11-16') - 12 * HOUR_MS, gap: '1%' },
    ]);
    expect(axis.breakArea.show).toBe(true);
    expect(axis.max).toBe(day('2026-11-21') - 12 * HOUR_MS);
    for (const value of axis.axisLabel.customValues) expect([0, 6]).not.toContain(new Date(value).getUTCDay());
  });

  it('every day open: nothing to cut', () => {
    expect(closedDaySpans(range, [1, 2, 3, 4, 5, 6, 7])).toEqual([]);
  });
});
