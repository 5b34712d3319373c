import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LocationZone } from '../lib/time';
import { METRIC_DEFINITIONS, type MetricDefinition } from '../metrics/definitions';
import { resolveRange, toMetricRequest } from './filter-request';
import { toggleDay, validateCustomRange, validateHours } from './filter-rules';
import { copyLinkParams, serializeFilters, withFilterParams } from './filter-url';
import { describeDays, describeHours, weekdayOrder } from './filter-words';
import { periodWords, parseFilters, type FilterDefaults, type Filters, type RangePreset } from './model';

const occupancy = metricNamed('occupancy');
const traffic = metricNamed('traffic');
const defaults: FilterDefaults = { range: { kind: 'preset', preset: '7d' }, interval: 'daily' };
const defaultFilters: Filters = {
  range: { kind: 'preset', preset: '7d' },
  interval: 'daily',
  startHour: null,
  endHour: null,
  days: null,
  view: 'chart',
};

const sydney: LocationZone = { kind: 'zone', name: 'Australia/Sydney' };
const newYork: LocationZone = { kind: 'zone', name: 'America/New_York' };

function metricNamed(name: string): MetricDefinition {
  const metric = METRIC_DEFINITIONS.find((definition) => definition.metric === name);
  if (!metric) throw new Error(`no metric ${name}`);
  return metric;
}

function parse(search: string, metric: MetricDefinition = occupancy) {
  return parseFilters(search, metric, defaults);
}

const preset = (name: RangePreset) => ({ kind: 'preset', preset: name }) as const;

describe('parseFilters', () => {
  it('gives the defaults for an empty search, with nothing ignored', () => {
    expect(parse('')).toEqual({ filters: defaultFilters, ignored: [] });
    expect(parse('?')).toEqual({ filters: defaultFilters, ignored: [] });
  });

  it('reads every parameter', () => {
    const { filters, ignored } = parse('?range=30d&interval=15min&hours=7-19&days=65432&view=table');
    expect(ignored).toEqual([]);
    expect(filters).toEqual({
      range: preset('30d'),
      interval: '15min',
      startHour: 7,
      endHour: 19,
      days: [2, 3, 4, 5, 6],
      view: 'table',
    });
  });

  it('accepts a URLSearchParams as well as a string', () => {
    expect(parseFilters(new URLSearchParams('range=ytd'), occupancy, defaults).filters.range).toEqual(preset('ytd'));
  });

  it('ignores unknown parameters silently', () => {
    expect(parse('?utm_source=mail&ref=x&range=90d')).toEqual({
      filters: { ...defaultFilters, range: preset('90d') },
      ignored: [],
    });
  });

  it('takes the first of repeated parameters', () => {
    expect(parse('?range=30d&range=bogus&interval=weekly&interval=monthly').filters).toMatchObject({
      range: preset('30d'),
      interval: 'weekly',
    });
  });

  describe('range', () => {
    it('reads a custom range, which wins over a preset', () => {
      const { filters, ignored } = parse('?range=30d&from=2026-03-01&to=2026-03-31');
      expect(filters.range).toEqual({ kind: 'custom', from: '2026-03-01', to: '2026-03-31' });
      expect(ignored).toEqual(['range “30d” is ignored because from and to are given']);
    });

    it('accepts a one-day custom range', () => {
      expect(parse('?from=2026-03-01&to=2026-03-01')).toMatchObject({
        filters: { range: { kind: 'custom', from: '2026-03-01', to: '2026-03-01' } },
        ignored: [],
      });
    });

    it('ignores from after to, falling back to the preset given', () => {
      const { filters, ignored } = parse('?range=30d&from=2026-03-31&to=2026-03-01');
      expect(filters.range).toEqual(preset('30d'));
      expect(ignored).toEqual(['from “2026-03-31” is after to “2026-03-01”; showing Last 30 days']);
    });

    it.each([
      ['?from=2026-02-30&to=2026-03-01', 'from “2026-02-30” is not a date (YYYY-MM-DD); showing Last 7 days'],
      ['?from=2026-02-01&to=tomorrow', 'to “tomorrow” is not a date (YYYY-MM-DD); showing Last 7 days'],
      ['?from=2026-02-01', 'from “2026-02-01” needs a to date; showing Last 7 days'],
      ['?to=2026-02-01', 'to “2026-02-01” needs a from date; showing Last 7 days'],
      ['?range=last-week', 'range “last-week” is not a known range; showing Last 7 days'],
      ['?range=', 'range “” is not a known range; showing Last 7 days'],
    ])('ignores %s with a message', (search, message) => {
      expect(parse(search)).toEqual({ filters: defaultFilters, ignored: [message] });
    });

    it('says both problems in one sentence when the custom range and the preset are bad', () => {
      expect(parse('?range=week&from=x&to=2026-01-01').ignored).toEqual([
        'from “x” is not a date (YYYY-MM-DD); range “week” is not a known range; showing Last 7 days',
      ]);
    });

    it('shortens very long values in messages', () => {
      const [message] = parse(`?range=${'x'.repeat(5000)}`).ignored;
      expect(message).toBe(`range “${'x'.repeat(39)}…” is not a known range; showing Last 7 days`);
    });
  });

  describe('interval', () => {
    it('reads hourly as 60min', () => {
      expect(parse('?interval=hourly')).toMatchObject({ filters: { interval: '60min' }, ignored: [] });
    });

    it('refuses an interval the metric does not offer, naming the metric', () => {
      expect(parse('?interval=15min', traffic)).toEqual({
        filters: defaultFilters,
        ignored: ['interval “15min” is not available for Traffic; showing Daily'],
      });
    });

    it('refuses an unknown interval', () => {
      expect(parse('?interval=fortnightly').ignored).toEqual(['interval “fortnightly” is not known; showing Daily']);
    });

    it("falls back to the metric's default when the page default is not offered", () => {
      const dwell = metricNamed('dwell_time');
      const hourlyDefaults: FilterDefaults = { ...defaults, interval: '60min' };
      expect(parseFilters('', dwell, hourlyDefaults).filters.interval).toBe(dwell.defaultInterval);
    });
  });

  describe('hours', () => {
    it.each([
      ['7-19', 7, 19],
      ['07-19', 7, 19],
      ['0-23', 0, 23],
      ['7-7', 7, 7],
      ['7-', 7, null],
      ['-19', null, 19],
    ])('reads hours=%s', (hours, startHour, endHour) => {
      expect(parse(`?hours=${hours}`)).toMatchObject({ filters: { startHour, endHour }, ignored: [] });
    });

    it.each([
      ['19-7', 'hours “19-7” starts after it ends; showing operating hours'],
      ['7-24', 'hours “7-24” is out of range (hours are 0 to 23); showing operating hours'],
      ['-', 'hours “-” is not understood (e.g. 7-19); showing operating hours'],
      ['7', 'hours “7” is not understood (e.g. 7-19); showing operating hours'],
      ['seven-nine', 'hours “seven-nine” is not understood (e.g. 7-19); showing operating hours'],
      ['-3-5', 'hours “-3-5” is not understood (e.g. 7-19); showing operating hours'],
      ['', 'hours “” is not understood (e.g. 7-19); showing operating hours'],
    ])('ignores hours=%s with a message', (hours, message) => {
      expect(parse(`?hours=${hours}`)).toEqual({ filters: defaultFilters, ignored: [message] });
    });
  });

  describe('days', () => {
    it('sorts and deduplicates day codes', () => {
      expect(parse('?days=7117').filters.days).toEqual([1, 7]);
    });

    it.each(['', '0', '8', '1,2', 'mon'])('ignores days=%s with a message', (days) => {
      expect(parse(`?days=${days}`)).toEqual({
        filters: defaultFilters,
        ignored: [`days “${days}” is not understood (digits 1–7, 1 = Sunday, e.g. 23456); showing operating days`],
      });
    });
  });

  describe('view', () => {
    it('reads table and chart', () => {
      expect(parse('?view=table').filters.view).toBe('table');
      expect(parse('?view=chart')).toEqual({ filters: defaultFilters, ignored: [] });
    });

    it('ignores an unknown view', () => {
      expect(parse('?view=map').ignored).toEqual(['view “map” is not known; showing the chart']);
    });
  });

  it('reports each ignored parameter once, in parameter order', () => {
    expect(parse('?view=x&days=9&hours=9-1&interval=2h&range=y')).toMatchObject({
      filters: defaultFilters,
      ignored: [
        expect.stringMatching(/^range/),
        expect.stringMatching(/^interval/),
        expect.stringMatching(/^hours/),
        expect.stringMatching(/^days/),
        expect.stringMatching(/^view/),
      ],
    });
  });
});

describe('serializeFilters', () => {
  it('writes nothing for the defaults', () => {
    expect(serializeFilters(defaultFilters, occupancy, defaults).toString()).toBe('');
  });

  it('writes range and interval for the defaults when explicit', () => {
    expect(serializeFilters(defaultFilters, occupancy, defaults, { explicit: true }).toString()).toBe(
      'range=7d&interval=daily',
    );
  });

  it('writes every filter that is not a default, in a fixed order', () => {
    const filters: Filters = {
      range: { kind: 'custom', from: '2026-03-01', to: '2026-03-31' },
      interval: '60min',
      startHour: 7,
      endHour: 19,
      days: [2, 3, 4, 5, 6],
      view: 'table',
    };
    expect(serializeFilters(filters, occupancy, defaults).toString()).toBe(
      'from=2026-03-01&to=2026-03-31&interval=60min&hours=7-19&days=23456&view=table',
    );
  });

  it('writes one-sided hours with an open end', () => {
    const only = (startHour: number | null, endHour: number | null) =>
      serializeFilters({ ...defaultFilters, startHour, endHour }, occupancy, defaults).get('hours');
    expect(only(7, null)).toBe('7-');
    expect(only(null, 19)).toBe('-19');
    expect(only(0, 0)).toBe('0-0');
  });

  it('leaves out a custom range equal to a custom default', () => {
    const customDefaults: FilterDefaults = {
      ...defaults,
      range: { kind: 'custom', from: '2026-01-01', to: '2026-01-31' },
    };
    const filters: Filters = { ...defaultFilters, range: customDefaults.range };
    expect(serializeFilters(filters, occupancy, customDefaults).toString()).toBe('');
    expect(serializeFilters(defaultFilters, occupancy, customDefaults).toString()).toBe('range=7d');
  });
});

describe('withFilterParams', () => {
  it("replaces the filters' parameters, duplicates included, and keeps every other parameter", () => {
    const current = new URLSearchParams('utm_source=mail&range=30d&range=90d&days=1&tab=2');
    const next = withFilterParams(current, new URLSearchParams('interval=weekly'));
    expect(next.toString()).toBe('interval=weekly&utm_source=mail&tab=2');
  });
});

describe('resolveRange', () => {
  const at = (iso: string) => Date.parse(iso);
  const resolve = (name: RangePreset, zone: LocationZone, now: string) => resolveRange(preset(name), zone, at(now));

  it('returns a custom range as it is', () => {
    expect(resolveRange({ kind: 'custom', from: '2026-01-01', to: '2026-01-05' }, sydney, 0)).toEqual({
      start: '2026-01-01',
      end: '2026-01-05',
    });
  });

  describe("midnight belongs to the location's zone", () => {
    const now = '2026-11-18T13:30:00Z'; // 00:30 on 19 Nov in Sydney (UTC+11), 08:30 on 18 Nov in New York (UTC−5)

    it.each([
      [sydney, '2026-11-19'],
      [newYork, '2026-11-18'],
    ])('today in %j', (zone, today) => {
      expect(resolve('today', zone, now)).toEqual({ start: today, end: today });
    });

    it('yesterday and 7d follow the local date', () => {
      expect(resolve('yesterday', sydney, now)).toEqual({ start: '2026-11-18', end: '2026-11-18' });
      expect(resolve('7d', sydney, now)).toEqual({ start: '2026-11-13', end: '2026-11-19' });
      expect(resolve('7d', newYork, now)).toEqual({ start: '2026-11-12', end: '2026-11-18' });
    });

    it('a second before local midnight is still the old day', () => {
      expect(resolve('today', sydney, '2026-11-18T12:59:59Z').end).toBe('2026-11-18');
      expect(resolve('today', sydney, '2026-11-18T13:00:00Z').end).toBe('2026-11-19');
    });
  });

  describe('across DST changes, ranges are calendar days', () => {
    it('Sydney, DST ends 2026-04-05 (UTC+11 → UTC+10)', () => {
      // 00:30 on 5 Apr, still daylight time
      expect(resolve('today', sydney, '2026-04-04T13:30:00Z').start).toBe('2026-04-05');
      // 23:30 on 5 Apr, standard time: the 25-hour day is one day
      expect(resolve('today', sydney, '2026-04-05T13:30:00Z').start).toBe('2026-04-05');
      expect(resolve('today', sydney, '2026-04-05T14:00:00Z').start).toBe('2026-04-06');
      const afterChange = '2026-04-08T02:00:00Z'; // noon on 8 Apr
      expect(resolve('7d', sydney, afterChange)).toEqual({ start: '2026-04-02', end: '2026-04-08' });
      expect(resolve('last-month', sydney, afterChange)).toEqual({ start: '2026-03-01', end: '2026-03-31' });
      expect(resolve('this-month', sydney, afterChange)).toEqual({ start: '2026-04-01', end: '2026-04-08' });
    });

    it('Sydney, DST starts 2026-10-04 (UTC+10 → UTC+11)', () => {
      const now = '2026-10-06T13:30:00Z'; // 00:30 on 7 Oct
      expect(resolve('7d', sydney, now)).toEqual({ start: '2026-10-01', end: '2026-10-07' });
      expect(resolve('last-month', sydney, now)).toEqual({ start: '2026-09-01', end: '2026-09-30' });
    });

    it('New York, DST starts 2026-03-08 (UTC−5 → UTC−4)', () => {
      expect(resolve('today', newYork, '2026-03-08T04:30:00Z').start).toBe('2026-03-07'); // 23:30 EST
      expect(resolve('today', newYork, '2026-03-09T03:30:00Z').start).toBe('2026-03-08'); // 23:30 EDT
      const now = '2026-03-10T03:30:00Z'; // 23:30 on 9 Mar
      expect(resolve('7d', newYork, now)).toEqual({ start: '2026-03-03', end: '2026-03-09' });
      expect(resolve('30d', newYork, now)).toEqual({ start: '2026-02-08', end: '2026-03-09' });
    });

    it('New York, DST ends 2026-11-01 (UTC−4 → UTC−5)', () => {
      const now = '2026-11-02T04:30:00Z'; // 23:30 on 1 Nov, EST
      expect(resolve('today', newYork, now)).toEqual({ start: '2026-11-01', end: '2026-11-01' });
      expect(resolve('yesterday', newYork, now)).toEqual({ start: '2026-10-31', end: '2026-10-31' });
      expect(resolve('this-month', newYork, now)).toEqual({ start: '2026-11-01', end: '2026-11-01' });
      expect(resolve('last-month', newYork, now)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
      expect(resolve('7d', newYork, now)).toEqual({ start: '2026-10-26', end: '2026-11-01' });
    });
  });

  it('resolves the long presets', () => {
    const now = '2026-11-18T13:30:00Z'; // 19 Nov in Sydney
    expect(resolve('90d', sydney, now)).toEqual({ start: '2026-08-22', end: '2026-11-19' });
    expect(resolve('ytd', sydney, now)).toEqual({ start: '2026-01-01', end: '2026-11-19' });
    expect(resolve('12m', sydney, now)).toEqual({ start: '2025-11-20', end: '2026-11-19' });
  });

  it('last month in January is December of the year before', () => {
    expect(resolve('last-month', newYork, '2027-01-15T12:00:00Z')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('12m from a leap day starts on 1 March', () => {
    expect(resolve('12m', newYork, '2028-02-29T12:00:00Z')).toEqual({ start: '2027-03-01', end: '2028-02-29' });
  });

  it('the offset-only zone kind uses the fixed offset', () => {
    const india: LocationZone = { kind: 'offset', offsetMinutes: 330 };
    const newfoundland: LocationZone = { kind: 'offset', offsetMinutes: -210 };
    expect(resolve('today', india, '2026-11-18T18:29:00Z').start).toBe('2026-11-18'); // 23:59
    expect(resolve('today', india, '2026-11-18T18:30:00Z').start).toBe('2026-11-19'); // 00:00
    expect(resolve('7d', newfoundland, '2026-11-18T02:00:00Z')).toEqual({ start: '2026-11-11', end: '2026-11-17' });
  });
});

describe('toMetricRequest', () => {
  const now = Date.parse('2026-11-18T13:30:00Z');

  it('sends resolved dates and the interval, and no unset filter', () => {
    expect(toMetricRequest(defaultFilters, sydney, now)).toStrictEqual({
      start_date: '2026-11-13',
      end_date: '2026-11-19',
      interval: 'daily',
    });
  });

  it('sends the filters that are set, days as ascending digits', () => {
    const filters: Filters = { ...defaultFilters, startHour: 0, endHour: 23, days: [7, 1, 2] };
    expect(toMetricRequest(filters, newYork, now)).toStrictEqual({
      start_date: '2026-11-12',
      end_date: '2026-11-18',
      interval: 'daily',
      start_hour_filter: 0,
      end_hour_filter: 23,
      days_filter: '127',
    });
  });

  it('sends one hour filter alone', () => {
    const request = toMetricRequest({ ...defaultFilters, endHour: 17 }, newYork, now);
    expect(request).toHaveProperty('end_hour_filter', 17);
    expect(request).not.toHaveProperty('start_hour_filter');
  });
});

describe('copyLinkParams', () => {
  const now = Date.parse('2026-11-18T13:30:00Z');
  const options = { pin: false, zone: sydney, nowMs: now };

  it('writes every filter explicitly, keeping a preset rolling', () => {
    expect(copyLinkParams(defaultFilters, occupancy, defaults, options).toString()).toBe('range=7d&interval=daily');
  });

  it('pins a preset to the dates it means now when asked', () => {
    expect(copyLinkParams(defaultFilters, occupancy, defaults, { ...options, pin: true }).toString()).toBe(
      'from=2026-11-13&to=2026-11-19&interval=daily',
    );
  });

  it("fills unset hours and days from the server's echo, reading an end of 24 as 23", () => {
    const applied = { hours: { start: 8, end: 24 }, days: [6, 2, 3, 4, 5] };
    expect(copyLinkParams(defaultFilters, occupancy, defaults, { ...options, applied }).toString()).toBe(
      'range=7d&interval=daily&hours=8-23&days=23456',
    );
  });

  it("keeps the user's own hours and days over the echo, and fills only the unset end", () => {
    const filters: Filters = { ...defaultFilters, startHour: 10, days: [1], view: 'table' };
    const applied = { hours: { start: 8, end: 18 }, days: [2, 3] };
    expect(copyLinkParams(filters, occupancy, defaults, { ...options, applied }).toString()).toBe(
      'range=7d&interval=daily&hours=10-18&days=1&view=table',
    );
  });

  it('does not combine an own hour with an echoed one into an invalid pair', () => {
    const filters: Filters = { ...defaultFilters, startHour: 20 };
    const applied = { hours: { start: 8, end: 18 }, days: [] };
    const params = copyLinkParams(filters, occupancy, defaults, { ...options, applied });
    expect(params.get('hours')).toBe('20-');
    expect(params.has('days')).toBe(false);
  });
});

describe('validateHours', () => {
  it('accepts unset, one-sided, equal and ordered hours', () => {
    expect(validateHours(null, null)).toBeNull();
    expect(validateHours(23, null)).toBeNull();
    expect(validateHours(null, 0)).toBeNull();
    expect(validateHours(7, 7)).toBeNull();
    expect(validateHours(0, 23)).toBeNull();
  });

  it('explains a start after the end', () => {
    expect(validateHours(20, 19)).toBe('The start hour (20:00) must be at or before the end hour (19:00)');
  });
});

describe('validateCustomRange', () => {
  it.each([
    ['2026-01-01', '2026-01-31', null],
    ['2026-01-01', '2026-01-01', null],
    ['2026-02-01', '2026-01-31', 'From must be on or before To'],
    ['', '2026-01-31', 'Enter a From date'],
    ['2026-01-01', '2026-02-30', 'Enter a To date'],
  ])('%s to %s → %s', (from, to, message) => {
    expect(validateCustomRange(from, to)).toBe(message);
  });
});

describe('toggleDay', () => {
  it('from unset, starts with the days the server applied: a closed day is added, an open one taken out', () => {
    const monToFri = [2, 3, 4, 5, 6];
    expect(toggleDay(null, 1, monToFri)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(toggleDay(null, 6, monToFri)).toEqual([2, 3, 4, 5]);
    expect(toggleDay(null, 2, [6, 2, 2])).toEqual([6]);
  });

  it('from unset with the applied days unknown (or none), starts with all seven and takes the pressed one out', () => {
    expect(toggleDay(null, 1)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(toggleDay(null, 1, undefined)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(toggleDay(null, 1, [])).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('ignores the applied days once days are set', () => {
    expect(toggleDay([1, 7], 4, [2, 3, 4, 5, 6])).toEqual([1, 4, 7]);
  });

  it('adds and removes days, keeping the set sorted', () => {
    expect(toggleDay([2, 6], 4)).toEqual([2, 4, 6]);
    expect(toggleDay([2, 4, 6], 4)).toEqual([2, 6]);
  });

  it('returns an empty set when the last day is taken out, for the caller to refuse', () => {
    expect(toggleDay([3], 3)).toEqual([]);
  });
});

describe('describeHours', () => {
  it.each([
    [{ start: 7, end: 19 }, '07:00–20:00'],
    [{ start: 0, end: 23 }, '00:00–24:00'],
    [{ start: 0, end: 24 }, '00:00–24:00'],
    [{ start: 9, end: 9 }, '09:00–10:00'],
  ])('%j → %s', (range, text) => {
    expect(describeHours(range)).toBe(text);
  });
});

describe('describeDays', () => {
  it.each([
    [[2, 3, 4, 5, 6], 'en-GB', 'Mon–Fri'],
    [[1, 7], 'en-GB', 'Sat, Sun'],
    [[1, 7], 'en-US', 'Sun, Sat'],
    [[1, 2, 3, 4, 5, 6, 7], 'en-US', 'every day'],
    [[7, 6, 5, 4, 3, 2, 1], 'en-GB', 'every day'],
    [[4], 'en-GB', 'Wed'],
    [[2, 3, 5, 6, 7], 'en-GB', 'Mon, Tue, Thu–Sat'],
    [[1, 2, 3], 'en-US', 'Sun–Tue'],
    [[1, 2, 3], 'en-GB', 'Mon, Tue, Sun'],
    [[], 'en-GB', 'no days'],
  ])('%j in %s → %s', (days, locale, text) => {
    expect(describeDays(days, locale)).toBe(text);
  });

  it('names the days in English whatever the locale, in the order of its week', () => {
    expect(describeDays([2, 3, 4, 5, 6], 'de-DE')).toBe('Mon–Fri');
    expect(describeDays([1, 2], 'de-DE')).toBe('Mon, Sun');
    expect(describeDays([1, 2], 'en-US')).toBe('Sun, Mon');
  });
});

describe('weekdayOrder', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['en-US', [1, 2, 3, 4, 5, 6, 7]],
    ['en', [1, 2, 3, 4, 5, 6, 7]],
    ['ja-JP', [1, 2, 3, 4, 5, 6, 7]],
    ['en-GB', [2, 3, 4, 5, 6, 7, 1]],
    ['de-DE', [2, 3, 4, 5, 6, 7, 1]],
    ['fr', [2, 3, 4, 5, 6, 7, 1]],
    ['ar-EG', [7, 1, 2, 3, 4, 5, 6]],
    ['not a locale!', [2, 3, 4, 5, 6, 7, 1]],
  ])('%s → %j', (locale, order) => {
    expect(weekdayOrder(locale)).toEqual(order);
  });

  type WeekInfo = { firstDay: number } | undefined;
  const prototype = Intl.Locale.prototype as unknown as { weekInfo: WeekInfo; getWeekInfo(): WeekInfo };
  const stubWeekInfo = (info: WeekInfo) => {
    if ('getWeekInfo' in prototype) vi.spyOn(prototype, 'getWeekInfo').mockReturnValue(info);
    if ('weekInfo' in prototype) vi.spyOn(prototype, 'weekInfo', 'get').mockReturnValue(info);
  };

  it("follows Intl's week info, counted from Monday = 1", () => {
    stubWeekInfo({ firstDay: 3 });
    expect(weekdayOrder('en-US')).toEqual([4, 5, 6, 7, 1, 2, 3]);
  });

  describe('without Intl week info (the fallback table)', () => {
    it.each([
      ['en-US', [1, 2, 3, 4, 5, 6, 7]],
      ['en-CA', [1, 2, 3, 4, 5, 6, 7]],
      ['ja', [1, 2, 3, 4, 5, 6, 7]],
      ['en-GB', [2, 3, 4, 5, 6, 7, 1]],
      ['de', [2, 3, 4, 5, 6, 7, 1]],
      ['ar-EG', [7, 1, 2, 3, 4, 5, 6]],
    ])('%s → %j', (locale, order) => {
      stubWeekInfo(undefined);
      expect(weekdayOrder(locale)).toEqual(order);
    });
  });
});

describe('the closed parameter', () => {
  it('reads hide and show, and leaves the field out when absent', () => {
    expect(parse('closed=hide').filters.closed).toBe('hide');
    expect(parse('closed=show').filters.closed).toBe('show');
    expect('closed' in parse('').filters).toBe(false);
  });

  it('names a value it cannot use and falls back to the default', () => {
    const parsed = parse('closed=maybe');
    expect(parsed.filters.closed).toBeUndefined();
    expect(parsed.ignored).toEqual(['closed “maybe” is not known (hide or show); using the default']);
  });

  it('writes it only when set, and keeps it in a copied link', () => {
    expect(serializeFilters({ ...defaultFilters, closed: 'show' }, occupancy, defaults).get('closed')).toBe('show');
    expect(serializeFilters(defaultFilters, occupancy, defaults).has('closed')).toBe(false);
    const nowMs = Date.parse('2026-11-18T15:30:00Z');
    const link = copyLinkParams({ ...defaultFilters, closed: 'hide' }, occupancy, defaults, {
      pin: false,
      zone: { kind: 'zone', name: 'Europe/Berlin' },
      nowMs,
    });
    expect(link.get('closed')).toBe('hide');
  });
});

describe('periodWords', () => {
  it('says a preset as it is called and a custom range by its dates', () => {
    expect(periodWords({ kind: 'preset', preset: '7d' })).toBe('last 7 days');
    expect(periodWords({ kind: 'preset', preset: 'ytd' })).toBe('year to date');
    expect(periodWords({ kind: 'custom', from: '2026-11-03', to: '2026-11-09' })).toBe('3 Nov – 9 Nov 2026');
  });
});
