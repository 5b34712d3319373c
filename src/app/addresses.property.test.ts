/**
 * Bad input at scale: 10,000 random addresses, built from the real parameter names of the pages, the kiosk, the
 * comparison and the theme, with boundary and hostile values and plain junk, through every address parser. None
 * throws; each gives a valid state; and every value that was not used is named in the notice: exactly the notices
 * each parameter gives on its own, plus one per parameter repeated with different values. Fixed seeds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { COMPARISON_MODES } from '../analysis/periods';
import { parseTheme, THEME_SETTINGS, THEME_PARAM } from '../lib/theme-param';
import { METRIC_DEFINITIONS, UI_INTERVALS, UTILIZATION_VIEW, type MetricDefinition } from '../metrics/definitions';
import { parseCompare } from '../filters/compare';
import {
  KIOSK_FILTER_PARAMS,
  KIOSK_PANELS,
  KIOSK_PARAMS,
  parseKioskSettings,
  type KioskSettings,
} from '../features/kiosk/kiosk-params';
import { validateHours } from '../filters/filter-rules';
import { FILTER_PARAMS, parseFilters, RANGE_PRESETS, type FilterDefaults, type Filters } from '../filters/model';

const NAMES = [...FILTER_PARAMS, ...KIOSK_PARAMS, 'compare', THEME_PARAM] as const;

/** Values at the edges of what each parameter accepts, and values meant to hurt. */
const HOSTILE = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1',
  '7',
  '8',
  '9',
  '10',
  '15',
  '23',
  '24',
  '3600',
  '3601',
  '999999',
  '9'.repeat(400),
  '1e309',
  '1e3',
  '0x10',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '٣',
  '７',
  '²',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '\u0000',
  '\ud800',
  '😀',
  'e\u0301',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "=cmd|' /C calc'!A0",
  '+SUM(1+1)',
  '@SUM(A1)',
  '../../etc/passwd',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  '7-19',
  '7-',
  '-19',
  '-',
  '19-7',
  '0-23',
  '23-24',
  '07-019',
  '1234567',
  '7654321',
  '1111',
  '0123',
  '23456,',
  'today',
  '7d',
  '12m',
  'ytd',
  'last-month',
  '2026-11-16',
  '2024-02-29',
  '2026-02-29',
  '2026-13-01',
  '0000-01-01',
  '9999-12-31',
  '+002026-01-01',
  'hourly',
  '15min',
  '60min',
  'daily',
  'monthly',
  'table',
  'chart',
  'hide',
  'show',
  'previous',
  'year',
  'light',
  'dark',
  'auto',
  'DARK',
  '20,11',
  ',,,',
  '1,'.repeat(60),
  Array.from({ length: 60 }, (_, i) => String(i + 1)).join(','),
  'now,figures,heatmap,traffic,children',
  'now,now,bogus',
] as const;

const nameArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('RANGE', 'range ', 'utm_source', 'token', '', '%72ange', 'days[]') },
  { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: 'binary' }) },
);
const valueArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 600, unit: 'grapheme-ascii' }) },
);
/** How a pair is written: as a browser would encode it, raw (so `&`, `=`, `#` and `%` in it cut and confuse), or without `=`. */
const pairArb = fc.tuple(nameArb, valueArb, fc.constantFrom('encoded', 'raw', 'bare')).map(([name, value, how]) => {
  if (how === 'bare') return name;
  if (how === 'raw') return `${name}=${value}`;
  return new URLSearchParams([[name, value]]).toString();
});
/** A search string: `?` or not, pairs joined by `&` (repeats included), or now and then pure junk. */
const searchArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.boolean(), fc.array(pairArb, { maxLength: 10 }))
      .map(([q, p]) => `${q ? '?' : ''}${p.join('&')}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
  {
    weight: 1,
    arbitrary: fc.array(pairArb, { minLength: 2, maxLength: 4 }).map((p) => `?${p.join('&')}&${p.join('&')}`),
  },
);

const defaultsArb: fc.Arbitrary<FilterDefaults> = fc.record({
  range: fc.constantFrom(...RANGE_PRESETS).map((preset) => ({ kind: 'preset' as const, preset })),
  interval: fc.constantFrom(...UI_INTERVALS),
});
const viewArb = fc.constantFrom(...METRIC_DEFINITIONS, UTILIZATION_VIEW);

function expectValidFilters(filters: Filters, metric: MetricDefinition) {
  expect(metric.intervals).toContain(filters.interval);
  expect(['chart', 'table']).toContain(filters.view);
  expect([undefined, 'show', 'hide']).toContain(filters.closed);
  for (const hour of [filters.startHour, filters.endHour]) {
    if (hour !== null) expect(Number.isInteger(hour) && hour >= 0 && hour <= 23).toBe(true);
  }
  expect(validateHours(filters.startHour, filters.endHour)).toBeNull();
  if (filters.days !== null) {
    expect(filters.days.length).toBeGreaterThan(0);
    expect(filters.days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7)).toBe(true);
  }
  if (filters.range.kind === 'custom') {
    expect(filters.range.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filters.range.from <= filters.range.to).toBe(true);
  } else expect(RANGE_PRESETS).toContain(filters.range.preset);
}

function expectValidKiosk(settings: KioskSettings) {
  expect(settings.locations.length).toBeLessThanOrEqual(50);
  expect(new Set(settings.locations).size).toBe(settings.locations.length);
  expect(settings.locations.every((id) => Number.isSafeInteger(id) && id >= 0)).toBe(true);
  expect(settings.panels.length).toBeGreaterThan(0);
  expect(new Set(settings.panels).size).toBe(settings.panels.length);
  expect(settings.panels.every((panel) => (KIOSK_PANELS as readonly string[]).includes(panel))).toBe(true);
  const { rotateSeconds: rotate, refreshSeconds: refresh } = settings;
  expect(rotate === 0 || (Number.isInteger(rotate) && rotate >= 10 && rotate <= 3600)).toBe(true);
  expect(Number.isInteger(refresh) && refresh >= 15 && refresh <= 3600).toBe(true);
}

/** Only the first value of each of `names`, as the parsers read them. */
function firstOf(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const picked = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}

/** The repeat notices the address deserves: one per parameter of `names` given with different values. */
function repeats(params: URLSearchParams, names: readonly string[]): number {
  return names.filter((name) => new Set(params.getAll(name)).size > 1).length;
}

const sorted = (items: readonly string[]) => [...items].sort();

describe('every address parser, over 10,000 random addresses', () => {
  it('never throws, always gives a valid state, and names each value it did not use', () => {
    let noticed = 0;
    fc.assert(
      fc.property(searchArb, viewArb, defaultsArb, (search, view, defaults) => {
        const params = new URLSearchParams(search);

        // The pages' filters: the range group (range, from, to) decides together; the rest one by one.
        const page = parseFilters(search, view, defaults);
        expectValidFilters(page.filters, view);
        const alone = [['range', 'from', 'to'], ['interval'], ['hours'], ['days'], ['view'], ['closed']].flatMap(
          (group) => parseFilters(firstOf(params, group), view, defaults).ignored,
        );
        expect(sorted(page.ignored.slice(0, alone.length))).toEqual(sorted(alone));
        expect(page.ignored.length - alone.length).toBe(repeats(params, FILTER_PARAMS));
        for (const message of page.ignored) expect(message.length).toBeLessThan(400);

        // The kiosk: its own parameters one by one, then the filters it reads.
        const kiosk = parseKioskSettings(params, defaults);
        expectValidKiosk(kiosk.settings);
        const kioskAlone = [
          ...KIOSK_PARAMS.flatMap((name) => parseKioskSettings(firstOf(params, [name])).ignored),
          ...parseFilters(firstOf(params, KIOSK_FILTER_PARAMS), UTILIZATION_VIEW, defaults).ignored,
        ];
        const kioskRepeats = repeats(params, KIOSK_PARAMS) + repeats(params, KIOSK_FILTER_PARAMS);
        expect(kiosk.ignored.length).toBe(kioskAlone.length + kioskRepeats);
        for (const message of kioskAlone) expect(kiosk.ignored).toContain(message);

        // The comparison and the theme: one notice, which also names a repeat.
        const compare = parseCompare(params);
        expect(compare.value === null || COMPARISON_MODES.includes(compare.value)).toBe(true);
        const compareAlone = parseCompare(firstOf(params, ['compare'])).ignored;
        if (compareAlone !== undefined) expect(compare.ignored).toContain(compareAlone);
        if (repeats(params, ['compare']) > 0) expect(compare.ignored).toMatch(/compare is given \d+ times/);
        if (compareAlone === undefined && repeats(params, ['compare']) === 0) expect(compare.ignored).toBeUndefined();

        const theme = parseTheme(params);
        expect(THEME_SETTINGS).toContain(theme.value);
        const themeAlone = parseTheme(firstOf(params, [THEME_PARAM])).ignored;
        if (themeAlone !== undefined) expect(theme.ignored).toContain(themeAlone);
        if (repeats(params, [THEME_PARAM]) > 0) expect(theme.ignored).toMatch(/theme is given \d+ times/);
        if (themeAlone === undefined && repeats(params, [THEME_PARAM]) === 0) expect(theme.ignored).toBeUndefined();

        if (page.ignored.length + kiosk.ignored.length > 0) noticed++;
      }),
      { numRuns: 10_000, seed: 20261124 },
    );
    // The generator reaches bad values often, and good ones too.
    expect(noticed).toBeGreaterThan(3_000);
    expect(noticed).toBeLessThan(10_000);
  }, 120_000);

  it('names a repeated parameter, a location over the limit, and a kiosk filter it cannot use', () => {
    const page = parseFilters('?interval=daily&interval=15min&view=table&view=table', METRIC_DEFINITIONS[0]!, {
      range: { kind: 'preset', preset: '7d' },
      interval: 'daily',
    });
    expect(page.filters.interval).toBe('daily');
    expect(page.ignored).toEqual(['interval is given 2 times; using the first, “daily”']);

    const many = Array.from({ length: 53 }, (_, i) => i + 1).join(',');
    const kiosk = parseKioskSettings(new URLSearchParams(`locations=${many}&hours=99&rotate=0&rotate=20`), {
      range: { kind: 'preset', preset: '7d' },
      interval: '60min',
    });
    expect(kiosk.settings.locations).toHaveLength(50);
    expect(kiosk.settings.rotateSeconds).toBe(0);
    expect(kiosk.ignored).toEqual([
      '3 more locations after the first 50',
      'rotate is given 2 times; using the first, “0”',
      'hours “99” is not understood (e.g. 7-19); showing operating hours',
    ]);
    expect(parseTheme(new URLSearchParams('theme=dark&theme=light'))).toEqual({
      value: 'dark',
      ignored: 'theme is given 2 times; using the first, “dark”',
    });
    expect(parseCompare(new URLSearchParams('compare=year&compare=bogus')).ignored).toBe(
      'compare is given 2 times; using the first, “year”',
    );
  });
});
