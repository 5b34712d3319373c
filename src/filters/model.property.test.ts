import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { addDays, type LocationZone } from '../lib/time';
import { METRIC_DEFINITIONS, UI_INTERVALS, type MetricDefinition } from '../metrics/definitions';
import { resolveRange } from './filter-request';
import { validateHours } from './filter-rules';
import { copyLinkParams, serializeFilters } from './filter-url';
import {
  FILTER_PARAMS,
  parseFilters,
  RANGE_PRESETS,
  type RangeChoice,
  type FilterDefaults,
  type Filters,
} from './model';

// ---------------------------------------------------------------------------------------------------
// Arbitraries

const metricArb = fc.constantFrom(...METRIC_DEFINITIONS);

const isoDateArb = fc.integer({ min: 0, max: 365 * 200 }).map((offset) => addDays('1950-01-01', offset));

const presetArb: fc.Arbitrary<RangeChoice> = fc
  .constantFrom(...RANGE_PRESETS)
  .map((preset) => ({ kind: 'preset', preset }));

const customArb: fc.Arbitrary<RangeChoice> = fc
  .tuple(isoDateArb, isoDateArb)
  .map(([a, b]) => (a <= b ? { kind: 'custom', from: a, to: b } : { kind: 'custom', from: b, to: a }));

const rangeArb = fc.oneof(presetArb, customArb);

const hourArb = fc.option(fc.integer({ min: 0, max: 23 }), { nil: null });

const hoursArb = fc
  .tuple(hourArb, hourArb)
  .map(([a, b]) => (a !== null && b !== null && a > b ? ([b, a] as const) : ([a, b] as const)));

const daysArb = fc.option(
  fc
    .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
    .map((days) => days.sort((a, b) => a - b)),
  { nil: null },
);

function filtersArb(metric: MetricDefinition): fc.Arbitrary<Filters> {
  return fc
    .record({
      range: rangeArb,
      interval: fc.constantFrom(...metric.intervals),
      hours: hoursArb,
      days: daysArb,
      view: fc.constantFrom('chart' as const, 'table' as const),
    })
    .map(({ hours: [startHour, endHour], ...rest }) => ({ ...rest, startHour, endHour }));
}

const defaultsArb: fc.Arbitrary<FilterDefaults> = fc.record({
  range: rangeArb,
  interval: fc.constantFrom(...UI_INTERVALS),
});

const metricCaseArb = metricArb.chain((metric) =>
  fc.record({ metric: fc.constant(metric), filters: filtersArb(metric), defaults: defaultsArb }),
);

const zoneArb: fc.Arbitrary<LocationZone> = fc.oneof(
  fc
    .constantFrom('Australia/Sydney', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC')
    .map((name) => ({ kind: 'zone', name }) as const),
  fc.integer({ min: -12 * 60, max: 14 * 60 }).map((offsetMinutes) => ({ kind: 'offset', offsetMinutes }) as const),
);

const nowArb = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });

/** Keys that hit the parser's parameters often, and anything else sometimes. */
const paramKeyArb = fc.oneof(fc.constantFrom(...FILTER_PARAMS), fc.string());
const paramValueArb = fc.oneof(
  fc.string(),
  fc.constantFrom('7-19', '-3', '19-', '7d', 'hourly', '2026-02-29', '2026-03-01', '1234567', '', 'table'),
);

// ---------------------------------------------------------------------------------------------------
// Invariants

/** What every parsed Filters must satisfy, whatever the URL said. */
function expectValid(filters: Filters, metric: MetricDefinition) {
  expect(metric.intervals).toContain(filters.interval);
  expect(['chart', 'table']).toContain(filters.view);
  for (const hour of [filters.startHour, filters.endHour]) {
    if (hour !== null) expect(Number.isInteger(hour) && hour >= 0 && hour <= 23).toBe(true);
  }
  expect(validateHours(filters.startHour, filters.endHour)).toBeNull();
  if (filters.days !== null) {
    expect(filters.days.length).toBeGreaterThan(0);
    expect(filters.days).toEqual([...new Set(filters.days)].sort((a, b) => a - b));
    expect(filters.days.every((day) => day >= 1 && day <= 7)).toBe(true);
  }
  if (filters.range.kind === 'custom') expect(filters.range.from <= filters.range.to).toBe(true);
  else expect(RANGE_PRESETS).toContain(filters.range.preset);
}

describe('parseFilters (properties)', () => {
  it('never throws on an arbitrary search string, and always gives valid filters', () => {
    fc.assert(
      fc.property(fc.string(), metricArb, defaultsArb, (search, metric, defaults) => {
        const { filters, ignored } = parseFilters(search, metric, defaults);
        expectValid(filters, metric);
        expect(ignored.every((message) => typeof message === 'string' && message.length > 0)).toBe(true);
      }),
    );
  });

  it('never throws on arbitrary key-value pairs, and always gives valid filters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(paramKeyArb, paramValueArb), { maxLength: 12 }),
        metricArb,
        defaultsArb,
        (pairs, metric, defaults) => {
          const { filters } = parseFilters(new URLSearchParams(pairs), metric, defaults);
          expectValid(filters, metric);
        },
      ),
    );
  });

  it('does not report parameters it does not own', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.string().filter((key) => !(FILTER_PARAMS as readonly string[]).includes(key)),
            fc.string(),
          ),
        ),
        metricArb,
        defaultsArb,
        (pairs, metric, defaults) => {
          expect(parseFilters(new URLSearchParams(pairs), metric, defaults).ignored).toEqual([]);
        },
      ),
    );
  });
});

describe('serializeFilters ∘ parseFilters (properties)', () => {
  it.each([false, true])('round-trips any valid filters (explicit: %s)', (explicit) => {
    fc.assert(
      fc.property(metricCaseArb, ({ metric, filters, defaults }) => {
        const params = serializeFilters(filters, metric, defaults, { explicit });
        expect(parseFilters(params.toString(), metric, defaults)).toEqual({ filters, ignored: [] });
      }),
    );
  });

  it('round-trips with unknown parameters around it', () => {
    fc.assert(
      fc.property(metricCaseArb, ({ metric, filters, defaults }) => {
        const params = serializeFilters(filters, metric, defaults);
        params.append('utm_source', 'newsletter');
        expect(parseFilters(`?ref=x&${params.toString()}`, metric, defaults)).toEqual({ filters, ignored: [] });
      }),
    );
  });
});

describe('copyLinkParams (properties)', () => {
  it('round-trips unpinned: the link parses back to the same filters', () => {
    fc.assert(
      fc.property(metricCaseArb, zoneArb, nowArb, ({ metric, filters, defaults }, zone, nowMs) => {
        const params = copyLinkParams(filters, metric, defaults, { pin: false, zone, nowMs });
        expect(parseFilters(params, metric, defaults)).toEqual({ filters, ignored: [] });
      }),
    );
  });

  it('round-trips pinned: the same filters with the range fixed to the dates it means now', () => {
    fc.assert(
      fc.property(metricCaseArb, zoneArb, nowArb, ({ metric, filters, defaults }, zone, nowMs) => {
        const params = copyLinkParams(filters, metric, defaults, { pin: true, zone, nowMs });
        const { start, end } = resolveRange(filters.range, zone, nowMs);
        expect(parseFilters(params, metric, defaults)).toEqual({
          filters: { ...filters, range: { kind: 'custom', from: start, to: end } },
          ignored: [],
        });
      }),
    );
  });

  it('means the same under any defaults: range and interval are always written', () => {
    fc.assert(
      fc.property(metricCaseArb, defaultsArb, zoneArb, nowArb, ({ metric, filters, defaults }, other, zone, nowMs) => {
        const params = copyLinkParams(filters, metric, defaults, { pin: false, zone, nowMs });
        expect(parseFilters(params, metric, other).filters).toEqual(filters);
      }),
    );
  });
});
