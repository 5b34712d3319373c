import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { checkPoints, metricResponseSchema, POINT_FIELDS } from './fast-points';
import { METRIC_RESPONSE_SCHEMAS, METRICS, POINT_SCHEMAS, type Metric } from './schemas';

/** Values a field may hold in a body: the valid ones of each kind, and what a broken or hostile server sends. */
const anyValue = fc.oneof(
  // date-times: valid, impossible dates, no offset, lower-case z, hours out of range, leap days
  fc.constantFrom(
    '2026-03-29T02:00:00+02:00',
    '2026-11-01T01:30:00-05:00',
    '2026-01-01T00:00:00Z',
    '2026-01-01T00:00:00.123+05:30',
    '2024-02-29T10:00:00+01:00',
    '2026-02-29T10:00:00+01:00',
    '2026-02-30T10:00:00+01:00',
    '2026-01-01T00:00:00',
    '2026-01-01T00:00:00z',
    '2026-01-01T24:00:00+01:00',
    '2026-01-01 00:00:00+01:00',
    '2026-01-01T00:00:00+24:00',
    '',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  // numbers: counts, shares on both scales, and what no count may be
  fc.integer({ min: -5, max: 2000 }),
  fc.double({ min: -1, max: 150, noNaN: false }),
  fc.constantFrom(0, -0, 1, 100, 100.0001, 2 ** 53, 2 ** 53 - 1, NaN, Infinity, -Infinity, 0.5, 1e-9),
  fc.constantFrom(null, undefined, true, false, '12', [], {}, [1], { valueOf: 1 }),
  fc.string({ maxLength: 8 }),
);

function validPoint(metric: Metric): fc.Arbitrary<Record<string, unknown>> {
  const time = fc.constantFrom('2026-03-29T01:00:00+01:00', '2026-03-29T03:00:00+02:00', '2026-11-01T01:00:00-04:00');
  const count = fc.integer({ min: 0, max: 5000 });
  const fraction = fc.double({ min: 0, max: 1.5, noNaN: true });
  const base = { timestamp: time, window_start: time, window_end: time };
  switch (metric) {
    case 'occupancy':
      return fc.record({
        ...base,
        avg_occupancy: count,
        avg_utilization_percentage: fraction,
        peak_occupancy: count,
        peak_utilization_percentage: fraction,
      });
    case 'traffic':
      return fc.record({ ...base, traffic: count });
    case 'dwell_time':
      return fc.record({ ...base, avg_dwell_time: fc.option(count), peak_dwell_time: fc.option(count) });
    case 'availability':
      return fc.record({ ...base, availability_percentage: fc.option(fc.double({ min: 0, max: 100, noNaN: true })) });
  }
}

/** A valid point, then some of its fields replaced, removed or joined by others. */
function mutatedPoint(metric: Metric): fc.Arbitrary<unknown> {
  const names = POINT_FIELDS[metric].map(([name]) => name);
  return fc.oneof(
    { weight: 1, arbitrary: validPoint(metric) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          validPoint(metric),
          fc.array(fc.tuple(fc.constantFrom(...names, 'extra', '__proto__', 'constructor'), anyValue), {
            maxLength: 3,
          }),
          fc.subarray(names, { maxLength: 2 }),
        )
        .map(([point, replaced, removed]) => {
          const out: Record<string, unknown> = { ...point };
          for (const [name, value] of replaced)
            Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
          for (const name of removed) delete out[name];
          return out;
        }),
    },
    { weight: 1, arbitrary: anyValue },
  );
}

function envelope(metric: Metric, data: unknown): Record<string, unknown> {
  return {
    location_id: 11,
    name: 'Main Concourse',
    capacity: 1540,
    metric,
    interval: '15min',
    time_range: { start: '2026-03-29T00:00:00+01:00', end: '2026-03-30T00:00:00+02:00' },
    days_of_week: [1, 2, 3, 4, 5, 6, 7],
    hour_range: { start: 0, end: 23 },
    data,
    pagination: { has_more: false, next_cursor: null, prev_cursor: null },
  };
}

/** Every field of every metric, set to each boundary value in turn: the fast check and zod agree on each. */
const BOUNDARIES: unknown[] = [
  ...['2024-02-29T10:00:00+01:00', '2026-02-29T10:00:00+01:00', '2026-04-31T10:00:00+01:00'],
  ...['2026-01-01T23:59:59.5-12:00', '2026-01-01T00:00:00+23:59', '2026-01-01T00:00:00+00:60', '2026-1-01T00:00:00Z'],
  ...[0, -0, 1, 0.5, 1.5, 99.999, 100, 100.0001, 101, 2 ** 53 - 1, 2 ** 53, -1, -1e-9, NaN, Infinity, -Infinity],
  ...[null, undefined, '0', true, [], {}],
];

describe.each(METRICS)('the hand-checked %s points', (metric) => {
  it.each(POINT_FIELDS[metric].map(([name]) => name))('agree with zod on every boundary value of %s', (name) => {
    const valid = fc.sample(validPoint(metric), { seed: 1, numRuns: 1 })[0]!;
    for (const value of BOUNDARIES) {
      const data = [{ ...valid, [name]: value }];
      const zod = z.array(POINT_SCHEMAS[metric]).safeParse(data);
      expect({ value, accepted: checkPoints(metric, data) !== null }).toEqual({ value, accepted: zod.success });
    }
  });

  it('accept only what the zod schema accepts, and give what it gives', () => {
    fc.assert(
      fc.property(fc.array(mutatedPoint(metric), { maxLength: 4 }), (data) => {
        const fast = checkPoints(metric, data);
        const zod = z.array(POINT_SCHEMAS[metric]).safeParse(data);
        if (fast !== null) {
          expect(zod.success).toBe(true);
          expect(fast).toStrictEqual(zod.data);
        }
      }),
      { seed: 2026_11_24, numRuns: 3_000 },
    );
  });

  it('take every valid page (so the fast path is the one a good server gets)', () => {
    fc.assert(
      fc.property(fc.array(validPoint(metric), { maxLength: 20 }), (data) => {
        expect(checkPoints(metric, data)).toStrictEqual(z.array(POINT_SCHEMAS[metric]).parse(data));
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('answer for a whole page exactly as the zod envelope does, errors included', () => {
    const schema = metricResponseSchema(metric);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(mutatedPoint(metric), { maxLength: 3 }).map((data) => envelope(metric, data)),
          fc
            .array(validPoint(metric), { maxLength: 3 })
            .chain((data) =>
              fc
                .tuple(fc.constantFrom('capacity', 'time_range', 'pagination', 'hour_range', 'name'), anyValue)
                .map(([name, value]) => ({ ...envelope(metric, data), [name]: value })),
            ),
          anyValue,
        ),
        (body) => {
          const fast = schema.safeParse(body);
          const zod = METRIC_RESPONSE_SCHEMAS[metric].safeParse(body);
          expect(fast.success).toBe(zod.success);
          if (fast.success) expect(fast.data).toStrictEqual(zod.data);
          else expect(fast.error.issues).toStrictEqual(zod.error?.issues);
        },
      ),
      { seed: 1_000, numRuns: 2_000 },
    );
  });
});

describe('the fast path', () => {
  it('keeps what zod says of a bad point: its path, its message', () => {
    const point = {
      timestamp: '2026-02-30T10:00:00+01:00',
      window_start: '2026-01-01T00:00:00+01:00',
      window_end: '2026-01-01T00:15:00+01:00',
      traffic: 3,
    };
    const result = metricResponseSchema('traffic').safeParse(envelope('traffic', [point]));
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([['data', 0, 'timestamp']]);
  });

  it('strips fields the contract does not know, as zod does', () => {
    const point = {
      timestamp: '2026-01-01T00:00:00+01:00',
      window_start: '2026-01-01T00:00:00+01:00',
      window_end: '2026-01-01T00:15:00+01:00',
      traffic: 3,
      sensor: 'x',
    };
    expect(checkPoints('traffic', [point])).toEqual([{ ...point, sensor: undefined }].map(({ sensor: _, ...p }) => p));
  });
});
