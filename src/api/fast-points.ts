/**
 * A metric page checked by hand, by exactly the rules of its zod schema (schemas.ts), for the one body that is
 * large: a page of up to 1000 points. Zod validates without compiling (`jitless`, so a strict content policy sees
 * no `new Function`), and interpreted it is slow on a body this large, over a year at 15 minutes a long stretch of
 * main thread. These loops keep every check and do it in a small fraction of that (`npm run bench` measures a
 * year's load; bench/measurements.md keeps the figures).
 *
 * It never decides alone that a body is wrong: anything it does not accept goes to the zod schema, whose answer
 * (the parsed page, or the ZodError that becomes an InvalidResponseError) is the one used. So it may only ever be
 * stricter than zod, never looser, and where it accepts its output equals zod's; `fast-points.test.ts` checks both
 * against the schemas over generated points.
 */
import * as z from 'zod/mini';

import type { ResponseSchema } from './client';
import { dateTimeSchema, envelopeSchema, METRIC_RESPONSE_SCHEMAS, type Metric, type MetricResponse } from './schemas';

/** How one field is checked, as its zod schema checks it. */
type FieldCheck = (value: unknown) => boolean;

/**
 * `z.iso.datetime({ offset: true })`: zod's own pattern, read from the schema, so the two cannot drift apart
 * (without one, every point goes to zod).
 */
const DATE_TIME = dateTimeSchema.def.pattern;
const dateTime: FieldCheck = (value) => typeof value === 'string' && DATE_TIME !== undefined && DATE_TIME.test(value);
/** `z.number()` refuses NaN and ±Infinity; `.int()` is a safe integer; `.nonnegative()` is `>= 0`. */
const count: FieldCheck = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const nonNegative: FieldCheck = (value) => Number.isFinite(value) && (value as number) >= 0;
const nullable =
  (check: FieldCheck): FieldCheck =>
  (value) =>
    value === null || check(value);
const share100: FieldCheck = (value) => Number.isFinite(value) && (value as number) >= 0 && (value as number) <= 100;

const WINDOW: [string, FieldCheck][] = [
  ['timestamp', dateTime],
  ['window_start', dateTime],
  ['window_end', dateTime],
];

/** Each metric's point fields in the schema's order (zod's output has its shape's keys, in that order). */
export const POINT_FIELDS: Record<Metric, readonly (readonly [string, FieldCheck])[]> = {
  occupancy: [
    ...WINDOW,
    ['avg_occupancy', count],
    ['avg_utilization_percentage', nonNegative],
    ['peak_occupancy', count],
    ['peak_utilization_percentage', nonNegative],
  ],
  traffic: [...WINDOW, ['traffic', count]],
  dwell_time: [...WINDOW, ['avg_dwell_time', nullable(count)], ['peak_dwell_time', nullable(count)]],
  availability: [...WINDOW, ['availability_percentage', nullable(share100)]],
};

/** The points as zod would output them (unknown fields stripped), or null if any point is not plainly valid. */
export function checkPoints(metric: Metric, data: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(data)) return null;
  const fields = POINT_FIELDS[metric];
  const points = new Array<Record<string, unknown>>(data.length);
  for (let index = 0; index < data.length; index++) {
    const point: unknown = data[index];
    if (typeof point !== 'object' || point === null || Array.isArray(point)) return null;
    const source = point as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, check] of fields) {
      const value = source[name];
      if (!check(value)) return null;
      out[name] = value;
    }
    points[index] = out;
  }
  return points;
}

/** The envelope's own fields (spec 2.1), checked by zod; its points are checked by `checkPoints`. */
const ENVELOPE_WITHOUT_POINTS = envelopeSchema(z.never());

/**
 * The metric page's schema with the hand-checked fast path: the envelope without its points goes through zod (a
 * few fields), the points through `checkPoints`; if either says no, the whole body goes through zod.
 */
export function metricResponseSchema<M extends Metric>(metric: M): ResponseSchema<MetricResponse<M>> {
  return FAST_SCHEMAS[metric] as ResponseSchema<MetricResponse<M>>;
}

function fastSchema<M extends Metric>(metric: M): ResponseSchema<MetricResponse<M>> {
  const full = METRIC_RESPONSE_SCHEMAS[metric] as unknown as ResponseSchema<MetricResponse<M>>;
  return {
    safeParse(value) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const points = checkPoints(metric, (value as { data?: unknown }).data);
        if (points) {
          const envelope = ENVELOPE_WITHOUT_POINTS.safeParse({ ...value, data: [] });
          if (envelope.success) return { success: true, data: { ...envelope.data, data: points } as MetricResponse<M> };
        }
      }
      return full.safeParse(value);
    },
  };
}

const FAST_SCHEMAS: { [M in Metric]: ResponseSchema<MetricResponse<M>> } = {
  occupancy: fastSchema('occupancy'),
  traffic: fastSchema('traffic'),
  dwell_time: fastSchema('dwell_time'),
  availability: fastSchema('availability'),
};
