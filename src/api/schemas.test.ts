import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { metricEnvelope, windowAt } from '../test/fetch-fakes';
import {
  ALL_INTERVALS,
  INTERVALS,
  METRICS,
  METRIC_RESPONSE_SCHEMAS,
  dateTimeSchema,
  isoDateSchema,
  locationListSchema,
  locationRecordSchema,
  metricQuerySchema,
  problemSchema,
  type Metric,
} from './schemas';

const range = { start_date: '2026-01-05', end_date: '2026-01-11' };

/** The paths of the issues a failed parse reports, as `a.b` strings. */
function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));
}

describe('metricQuerySchema: intervals (spec 4.1)', () => {
  const expected: Record<Metric, string[]> = {
    occupancy: ['daily', 'hourly', 'weekly', 'monthly', '60min', '30min', '15min'],
    traffic: ['daily', 'weekly', 'monthly', '60min'],
    dwell_time: ['daily', 'weekly', 'monthly'],
    availability: ['daily', 'hourly', 'weekly', 'monthly', '60min'],
  };

  it.each(METRICS)('%s accepts exactly the intervals of spec 4.1', (metric) => {
    const accepted = ALL_INTERVALS.filter(
      (interval) => metricQuerySchema(metric).safeParse({ ...range, interval }).success,
    );
    expect([...accepted].sort()).toEqual([...expected[metric]].sort());
    expect([...INTERVALS[metric]].sort()).toEqual([...expected[metric]].sort());
  });

  it.each(METRICS)('%s refuses an interval that no endpoint knows', (metric) => {
    expect(issuePaths(metricQuerySchema(metric).safeParse({ ...range, interval: 'yearly' }))).toEqual(['interval']);
    expect(metricQuerySchema(metric).safeParse({ ...range, interval: 'DAILY' }).success).toBe(false);
  });

  it.each(METRICS)('%s defaults the interval to daily', (metric) => {
    expect(metricQuerySchema(metric).parse(range)).toEqual({ ...range, interval: 'daily' });
  });

  it('is one schema per metric, made once (a new one compiles its parser again at its first parse)', () => {
    expect(metricQuerySchema('traffic')).toBe(metricQuerySchema('traffic'));
    expect(metricQuerySchema('traffic')).not.toBe(metricQuerySchema('occupancy'));
  });
});

describe('metricQuerySchema: hour filters', () => {
  const schema = metricQuerySchema('occupancy');

  it.each([0, 1, 12, 23])('accepts hour %s in both filters', (hour) => {
    const parsed = schema.parse({ ...range, start_hour_filter: hour, end_hour_filter: hour });
    expect(parsed.start_hour_filter).toBe(hour);
    expect(parsed.end_hour_filter).toBe(hour);
  });

  it.each([-1, 24, 7.5, 'abc', '', ' 7', '7.0', '1e1', null])('refuses hour %j', (hour) => {
    expect(issuePaths(schema.safeParse({ ...range, start_hour_filter: hour }))).toEqual(['start_hour_filter']);
    expect(issuePaths(schema.safeParse({ ...range, end_hour_filter: hour }))).toEqual(['end_hour_filter']);
  });

  it('coerces digit strings to numbers, and still range-checks them', () => {
    expect(schema.parse({ ...range, start_hour_filter: '7', end_hour_filter: '07' })).toMatchObject({
      start_hour_filter: 7,
      end_hour_filter: 7,
    });
    expect(schema.parse({ ...range, end_hour_filter: '23' }).end_hour_filter).toBe(23);
    expect(schema.safeParse({ ...range, end_hour_filter: '24' }).success).toBe(false);
    expect(schema.safeParse({ ...range, start_hour_filter: '-1' }).success).toBe(false);
  });

  it('takes either hour filter alone (spec 4.3 rule 1)', () => {
    expect(schema.parse({ ...range, start_hour_filter: 9 })).toEqual({
      ...range,
      interval: 'daily',
      start_hour_filter: 9,
    });
    expect(schema.parse({ ...range, end_hour_filter: 17 })).toEqual({
      ...range,
      interval: 'daily',
      end_hour_filter: 17,
    });
  });
});

describe('metricQuerySchema: days_filter', () => {
  const schema = metricQuerySchema('traffic');

  it.each(['246', '1', '7', '1234567', '76543', '23456'])('accepts %j', (days) => {
    expect(schema.parse({ ...range, days_filter: days }).days_filter).toBe(days);
  });

  it.each(['', '0', '8', '1,2', '1 2', '12a', '-1', ' 2'])('refuses %j', (days) => {
    expect(issuePaths(schema.safeParse({ ...range, days_filter: days }))).toEqual(['days_filter']);
  });

  it('refuses a number: day codes travel as a string', () => {
    expect(schema.safeParse({ ...range, days_filter: 246 }).success).toBe(false);
  });
});

describe('metricQuerySchema: limit and cursor', () => {
  const schema = metricQuerySchema('availability');

  it.each([1, 2, 500, 1000])('accepts limit %s', (limit) => {
    expect(schema.parse({ ...range, limit }).limit).toBe(limit);
  });

  it('coerces a digit-string limit', () => {
    expect(schema.parse({ ...range, limit: '1000' }).limit).toBe(1000);
  });

  it.each([0, -1, 1001, 1.5, '0', '1001', 'ten'])('refuses limit %j', (limit) => {
    expect(issuePaths(schema.safeParse({ ...range, limit }))).toEqual(['limit']);
  });

  it('refuses an empty cursor and keeps a given one', () => {
    expect(issuePaths(schema.safeParse({ ...range, cursor: '' }))).toEqual(['cursor']);
    expect(schema.parse({ ...range, cursor: 'abc' }).cursor).toBe('abc');
  });
});

describe('metricQuerySchema: dates', () => {
  const schema = metricQuerySchema('dwell_time');

  it.each(['2026-01-01', '2026-12-31', '2028-02-29', '2000-02-29', '2026-04-30'])('accepts %s', (date) => {
    expect(schema.parse({ start_date: date, end_date: date })).toMatchObject({ start_date: date, end_date: date });
  });

  it.each(['2026-02-30', '2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'])(
    'refuses %s, which is not a calendar date',
    (date) => {
      expect(issuePaths(schema.safeParse({ start_date: date, end_date: '2026-01-01' }))).toEqual(['start_date']);
      expect(issuePaths(schema.safeParse({ start_date: '2026-01-01', end_date: date }))).toEqual(['end_date']);
    },
  );

  it.each(['2026-1-5', '20260105', '2026/01/05', '2026-01-05T00:00:00Z', '05-01-2026', ''])(
    'refuses %j, which is not YYYY-MM-DD',
    (date) => {
      expect(isoDateSchema.safeParse(date).success).toBe(false);
    },
  );

  it('requires both start_date and end_date (end_date is declared required)', () => {
    expect(issuePaths(schema.safeParse({ start_date: '2026-01-01' }))).toEqual(['end_date']);
    expect(issuePaths(schema.safeParse({ end_date: '2026-01-01' }))).toEqual(['start_date']);
  });
});

describe('metricQuerySchema: property', () => {
  const two = (n: number) => String(n).padStart(2, '0');
  const dateArb = fc
    .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
    .map((d) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`);
  const hourArb = fc.oneof(
    fc.integer({ min: 0, max: 23 }),
    fc.integer({ min: 0, max: 23 }).map(String),
    fc.integer({ min: 0, max: 23 }).map(two),
  );
  const limitArb = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 1000 }).map(String));
  const daysArb = fc
    .array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 10 })
    .map((days) => days.join(''));
  const queryArb = fc.constantFrom(...METRICS).chain((metric) =>
    fc.record(
      {
        metric: fc.constant(metric),
        start_date: dateArb,
        end_date: dateArb,
        interval: fc.constantFrom(...INTERVALS[metric]),
        limit: limitArb,
        cursor: fc.string({ minLength: 1 }),
        start_hour_filter: hourArb,
        end_hour_filter: hourArb,
        days_filter: daysArb,
      },
      { requiredKeys: ['metric', 'start_date', 'end_date'] },
    ),
  );

  it('any query from the allowed domains parses, to numbers where numbers are due, and parsing is idempotent', () => {
    fc.assert(
      fc.property(queryArb, ({ metric, ...query }) => {
        const schema = metricQuerySchema(metric);
        const once = schema.parse(query);
        expect(once.interval).toBe(query.interval ?? 'daily');
        expect(once.start_date).toBe(query.start_date);
        expect(once.days_filter).toBe(query.days_filter);
        if (query.start_hour_filter !== undefined) expect(once.start_hour_filter).toBe(Number(query.start_hour_filter));
        if (query.end_hour_filter !== undefined) expect(once.end_hour_filter).toBe(Number(query.end_hour_filter));
        if (query.limit !== undefined) expect(once.limit).toBe(Number(query.limit));
        expect(schema.parse(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Responses

const occupancyPoint = {
  ...windowAt(5),
  avg_occupancy: 3,
  avg_utilization_percentage: 0.3,
  peak_occupancy: 7,
  peak_utilization_percentage: 0.7,
};
const trafficPoint = { ...windowAt(5), traffic: 42 };
const dwellPoint = { ...windowAt(5), avg_dwell_time: 35, peak_dwell_time: 180 };
const availabilityPoint = { ...windowAt(5), availability_percentage: 0.25 };

describe('metric envelopes', () => {
  it('parses a valid occupancy envelope to the same values', () => {
    const body = metricEnvelope('occupancy', [occupancyPoint]);
    expect(METRIC_RESPONSE_SCHEMAS.occupancy.parse(body)).toEqual(body);
  });

  it('strips unknown extra fields on the envelope, the data points and the pagination', () => {
    const body = metricEnvelope('traffic', [{ ...trafficPoint, sensor_count: 4 }], {
      generated_at: '2026-01-12T00:00:00Z',
      pagination: { has_more: false, next_cursor: null, prev_cursor: null, total: 1 } as never,
    });
    const parsed = METRIC_RESPONSE_SCHEMAS.traffic.parse(body);
    expect(parsed).not.toHaveProperty('generated_at');
    expect(parsed.data[0]).toEqual(trafficPoint);
    expect(parsed.pagination).toEqual({ has_more: false, next_cursor: null, prev_cursor: null });
  });

  it('takes any string as `metric` (the spec does not enumerate it)', () => {
    for (const metric of ['occupancy', 'Occupancy', 'occupancy_v3', '']) {
      expect(METRIC_RESPONSE_SCHEMAS.occupancy.parse(metricEnvelope(metric, [occupancyPoint])).metric).toBe(metric);
    }
  });

  it('accepts null dwell times and null availability (no data for the window)', () => {
    const dwell = METRIC_RESPONSE_SCHEMAS.dwell_time.parse(
      metricEnvelope('dwell_time', [{ ...dwellPoint, avg_dwell_time: null, peak_dwell_time: null }]),
    );
    expect(dwell.data[0]).toMatchObject({ avg_dwell_time: null, peak_dwell_time: null });
    const availability = METRIC_RESPONSE_SCHEMAS.availability.parse(
      metricEnvelope('availability', [{ ...availabilityPoint, availability_percentage: null }]),
    );
    expect(availability.data[0]?.availability_percentage).toBeNull();
  });

  it.each(['avg_occupancy', 'avg_utilization_percentage', 'peak_occupancy', 'peak_utilization_percentage'])(
    'refuses null occupancy field %s',
    (field) => {
      const result = METRIC_RESPONSE_SCHEMAS.occupancy.safeParse(
        metricEnvelope('occupancy', [{ ...occupancyPoint, [field]: null }]),
      );
      expect(issuePaths(result)).toEqual([`data.0.${field}`]);
    },
  );

  it('refuses null traffic', () => {
    const result = METRIC_RESPONSE_SCHEMAS.traffic.safeParse(
      metricEnvelope('traffic', [{ ...trafficPoint, traffic: null }]),
    );
    expect(issuePaths(result)).toEqual(['data.0.traffic']);
  });

  it('refuses a missing required data-point field', () => {
    const { peak_occupancy: _omitted, ...withoutPeak } = occupancyPoint;
    const result = METRIC_RESPONSE_SCHEMAS.occupancy.safeParse(metricEnvelope('occupancy', [withoutPeak]));
    expect(issuePaths(result)).toEqual(['data.0.peak_occupancy']);
  });

  // 0..1 by the spec; up to 100 for servers on the other scale, normalised after parsing (availability.ts).
  it.each([0, 0.5, 1, 50, 100])('accepts availability_percentage %s', (value) => {
    const parsed = METRIC_RESPONSE_SCHEMAS.availability.parse(
      metricEnvelope('availability', [{ ...availabilityPoint, availability_percentage: value }]),
    );
    expect(parsed.data[0]?.availability_percentage).toBe(value);
  });

  it.each([-0.01, 100.5, 250])('refuses availability_percentage %s, outside any share of time', (value) => {
    const result = METRIC_RESPONSE_SCHEMAS.availability.safeParse(
      metricEnvelope('availability', [{ ...availabilityPoint, availability_percentage: value }]),
    );
    expect(issuePaths(result)).toEqual(['data.0.availability_percentage']);
  });

  it('refuses a non-integer count and a negative count', () => {
    expect(
      issuePaths(
        METRIC_RESPONSE_SCHEMAS.traffic.safeParse(metricEnvelope('traffic', [{ ...trafficPoint, traffic: 1.5 }])),
      ),
    ).toEqual(['data.0.traffic']);
    expect(
      issuePaths(
        METRIC_RESPONSE_SCHEMAS.traffic.safeParse(metricEnvelope('traffic', [{ ...trafficPoint, traffic: -1 }])),
      ),
    ).toEqual(['data.0.traffic']);
  });

  it.each([
    'location_id',
    'name',
    'capacity',
    'metric',
    'interval',
    'time_range',
    'days_of_week',
    'hour_range',
    'data',
    'pagination',
  ])('requires envelope field %s', (field) => {
    const body = metricEnvelope('dwell_time', [dwellPoint]);
    delete body[field];
    expect(issuePaths(METRIC_RESPONSE_SCHEMAS.dwell_time.safeParse(body))).toEqual([field]);
  });

  it('refuses day codes outside 1..7 in days_of_week', () => {
    for (const day of [0, 8]) {
      const result = METRIC_RESPONSE_SCHEMAS.traffic.safeParse(
        metricEnvelope('traffic', [], { days_of_week: [2, day] }),
      );
      expect(issuePaths(result)).toEqual(['days_of_week.1']);
    }
  });

  it('accepts an echoed hour_range end of 24 but not a start of 24', () => {
    expect(
      METRIC_RESPONSE_SCHEMAS.traffic.parse(metricEnvelope('traffic', [], { hour_range: { start: 0, end: 24 } }))
        .hour_range,
    ).toEqual({ start: 0, end: 24 });
    expect(
      issuePaths(
        METRIC_RESPONSE_SCHEMAS.traffic.safeParse(
          metricEnvelope('traffic', [], { hour_range: { start: 24, end: 24 } }),
        ),
      ),
    ).toEqual(['hour_range.start']);
  });
});

describe('timestamps', () => {
  it.each(['2026-01-05T00:00:00Z', '2026-01-05T00:00:00+01:00', '2026-01-05T08:30:00.250-05:00'])(
    'accepts %s, which carries an offset',
    (value) => {
      expect(dateTimeSchema.parse(value)).toBe(value);
    },
  );

  it.each(['2026-01-05T00:00:00', '2026-01-05 00:00:00+01:00', '2026-01-05', 'yesterday'])(
    'refuses %j, which has no offset or is no date-time',
    (value) => {
      expect(dateTimeSchema.safeParse(value).success).toBe(false);
    },
  );

  it('refuses a data point whose timestamp lacks an offset, naming the field', () => {
    const result = METRIC_RESPONSE_SCHEMAS.traffic.safeParse(
      metricEnvelope('traffic', [trafficPoint, { ...trafficPoint, window_end: '2026-01-06T00:00:00' }]),
    );
    expect(issuePaths(result)).toEqual(['data.1.window_end']);
  });

  it('refuses a time_range without an offset', () => {
    const result = METRIC_RESPONSE_SCHEMAS.traffic.safeParse(
      metricEnvelope('traffic', [], { time_range: { start: '2026-01-05T00:00:00', end: '2026-01-11T23:59:59+01:00' } }),
    );
    expect(issuePaths(result)).toEqual(['time_range.start']);
  });
});

describe('problemSchema', () => {
  const problem = {
    type: 'https://problems.example.test/not-found',
    title: 'Not Found',
    status: 404,
    detail: 'Location 99 not found',
    instance: '/v2/locations/99/occupancy',
    request_id: '6f1c2a0e-8b7d-4c1e-9f3a-2d5b7e9c1a4f',
  };

  it('parses a complete problem', () => {
    expect(problemSchema.parse({ ...problem, extra: true })).toEqual(problem);
  });

  it.each(Object.keys(problem))('requires %s', (field) => {
    const partial: Record<string, unknown> = { ...problem };
    delete partial[field];
    expect(issuePaths(problemSchema.safeParse(partial))).toEqual([field]);
  });

  it('requires status to be an integer', () => {
    expect(issuePaths(problemSchema.safeParse({ ...problem, status: '404' }))).toEqual(['status']);
  });
});

describe('locations', () => {
  const record = {
    location_id: 12,
    name: 'Reading Room',
    status: 'active',
    parent_id: null,
    capacity: 120,
    start_date: null,
  };

  it('parses a record with null parent_id and null start_date', () => {
    expect(locationRecordSchema.parse(record)).toEqual(record);
  });

  it('keeps any status string, including one the real API does not list', () => {
    expect(locationRecordSchema.parse({ ...record, status: 'decommissioned' }).status).toBe('decommissioned');
    expect(locationRecordSchema.safeParse({ ...record, status: null }).success).toBe(false);
  });

  it('parses a child record with a parent and a first day of data', () => {
    const child = { ...record, location_id: 13, parent_id: 12, start_date: '2024-09-01' };
    expect(locationRecordSchema.parse(child)).toEqual(child);
  });

  it('refuses a start_date that is not a calendar date', () => {
    expect(issuePaths(locationRecordSchema.safeParse({ ...record, start_date: '2024-02-30' }))).toEqual(['start_date']);
  });

  it('keeps the optional extensions and strips unknown fields', () => {
    const parsed = locationRecordSchema.parse({
      ...record,
      time_zone: 'Europe/Berlin',
      operating_hours: { start: 8, end: 20 },
      operating_days: [2, 3, 4, 5, 6],
      floor: 3,
    });
    expect(parsed).toEqual({
      ...record,
      time_zone: 'Europe/Berlin',
      operating_hours: { start: 8, end: 20 },
      operating_days: [2, 3, 4, 5, 6],
    });
  });

  it('parses a list page and names the field of a bad record', () => {
    const page = {
      data: [record, { ...record, location_id: 13 }],
      pagination: { has_more: true, next_cursor: 'c2', prev_cursor: null },
    };
    expect(locationListSchema.parse(page)).toEqual(page);
    const bad = { ...page, data: [record, { ...record, capacity: -1 }] };
    expect(issuePaths(locationListSchema.safeParse(bad))).toEqual(['data.1.capacity']);
  });
});

describe('isoDateSchema in the first century', () => {
  it('accepts real calendar dates in years 0000..0099 (Date.UTC would read them as 1900..1999)', () => {
    expect(isoDateSchema.safeParse('0050-01-01').success).toBe(true);
    expect(isoDateSchema.safeParse('0004-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('0003-02-29').success).toBe(false);
  });
});

describe('validators without eval', () => {
  it('compiles no validator with new Function (zod jitless), so a strict content policy sees none', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('explains a mismatch in English words, as zod’s full build does (its small build loads no messages)', () => {
    const result = METRIC_RESPONSE_SCHEMAS.traffic.safeParse({ location_id: '11' });
    expect(result.error?.issues[0]?.message).toBe('Invalid input: expected number, received string');
  });
});
