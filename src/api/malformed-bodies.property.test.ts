/**
 * Bad input at scale, from the server's side: 1,200 malformed answers (seeded) through the API module, the fetch
 * client under each of its callers: the four metric fetchers, the series loader, the location list and the local
 * day probe, over a fake fetch. Every failure is one of the typed errors of errors.ts, which the panels know how to
 * tell; never a TypeError, a SyntaxError or a RangeError escaping from inside. An answer that a mutation left
 * valid may pass, and then it is what the contract promises.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { fakeFetch, metricEnvelope } from '../test/fetch-fakes';
import { createApiClient } from './client';
import { ApiError, InvalidResponseError, NetworkError, PagingError } from './errors';
import { fetchAllLocations, fetchLocalDay } from './locations';
import { fetchMetricPage } from './metrics';
import { METRIC_RESPONSE_SCHEMAS, locationRecordSchema, type Metric } from './schemas';
import { walkSeries } from './series-walk';

const WINDOW = {
  timestamp: '2026-01-05T00:00:00+01:00',
  window_start: '2026-01-05T00:00:00+01:00',
  window_end: '2026-01-06T00:00:00+01:00',
};
const POINTS: Record<Metric, Record<string, unknown>> = {
  occupancy: {
    ...WINDOW,
    avg_occupancy: 3,
    avg_utilization_percentage: 0.3,
    peak_occupancy: 5,
    peak_utilization_percentage: 0.5,
  },
  traffic: { ...WINDOW, traffic: 12 },
  dwell_time: { ...WINDOW, avg_dwell_time: 20, peak_dwell_time: 45 },
  availability: { ...WINDOW, availability_percentage: 0.4 },
};
const LOCATION = {
  location_id: 1,
  name: 'Main Library',
  status: 'active',
  parent_id: null,
  capacity: 10,
  start_date: '2020-01-01',
};

type Target = 'list' | 'local-day' | `page:${Metric}` | `walk:${Metric}`;
const METRICS: Metric[] = ['occupancy', 'traffic', 'dwell_time', 'availability'];
const TARGETS: Target[] = [
  'list',
  'local-day',
  ...METRICS.map((m) => `page:${m}` as const),
  ...METRICS.map((m) => `walk:${m}` as const),
];

function validBody(target: Target): Record<string, unknown> {
  if (target === 'list') {
    return { data: [LOCATION], pagination: { has_more: false, next_cursor: null, prev_cursor: null } };
  }
  const metric: Metric = target === 'local-day' ? 'occupancy' : (target.split(':')[1] as Metric);
  return metricEnvelope(metric, [POINTS[metric]]);
}

const hostileValue = fc.oneof(
  fc.constantFrom(
    null,
    '',
    'NaN',
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    true,
    [],
    {},
    [null],
    { start: null },
    '<script>alert(1)</script>',
    "=cmd|' /C calc'!A0",
    '2026-13-45T99:99:99Z',
    '2026-01-05T00:00:00',
    '2026-01-05',
    'x'.repeat(10_000),
    '__proto__',
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A path into a body: a top-level field, a field of the first point or location, or of the pagination. */
function pathArb(body: Record<string, unknown>): fc.Arbitrary<string[]> {
  const top = Object.keys(body);
  const first = (body.data as Record<string, unknown>[])[0]!;
  const nested = [
    ...Object.keys(first).map((key) => ['data', '0', key]),
    ['pagination', 'has_more'],
    ['pagination', 'next_cursor'],
    ['pagination', 'prev_cursor'],
    ...('time_range' in body
      ? [
          ['time_range', 'start'],
          ['time_range', 'end'],
        ]
      : []),
    ...('hour_range' in body
      ? [
          ['hour_range', 'start'],
          ['hour_range', 'end'],
        ]
      : []),
  ];
  return fc.oneof(
    fc.constantFrom(...top.map((key) => [key])),
    fc.constantFrom(...nested),
    fc.constant<string[]>(['__proto__', 'x']),
  );
}

function withValue(body: unknown, path: string[], value: unknown, remove: boolean): unknown {
  const copy: unknown = structuredClone(body);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

interface Answer {
  status: number;
  contentType: string;
  text: string | null;
}

function answerArb(target: Target): fc.Arbitrary<Answer> {
  const body = validBody(target);
  const json = JSON.stringify(body);
  const mutatedText = fc.oneof(
    // One field wrong or gone, or several.
    fc
      .array(fc.tuple(pathArb(body), hostileValue, fc.boolean()), { minLength: 1, maxLength: 4 })
      .map((edits) =>
        JSON.stringify(edits.reduce<unknown>((b, [path, v, remove]) => withValue(b, path, v, remove), body)),
      ),
    // Pages that never end: a cursor that repeats, or none at all.
    fc.constantFrom(
      JSON.stringify({ ...body, pagination: { has_more: true, next_cursor: 'again', prev_cursor: null } }),
      JSON.stringify({ ...body, pagination: { has_more: true, next_cursor: null, prev_cursor: null } }),
      JSON.stringify({ ...body, pagination: { has_more: true, next_cursor: '', prev_cursor: null } }),
    ),
    // Not the shape at all, or not JSON.
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc.integer({ min: 1, max: json.length - 1 }).map((cut) => json.slice(0, cut)),
    fc.constantFrom(
      '',
      'null',
      '[]',
      '{}',
      '"ok"',
      `\ufeff${json}`,
      `${json}garbage`,
      '<html>502 Bad Gateway</html>',
      'NaN',
    ),
    fc.string({ maxLength: 200, unit: 'binary' }),
  );
  const status = fc.oneof(
    { weight: 6, arbitrary: fc.constant(200) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(201, 203, 204, 206, 299, 400, 401, 403, 404, 409, 418, 429, 500, 502, 503, 599),
    },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/problem+json',
    'application/json; charset=utf-8',
    'text/html',
    'text/plain',
    '',
  );
  return fc
    .record({ status, contentType, text: mutatedText })
    .map((answer) => (answer.status === 204 ? { ...answer, text: null } : answer));
}

function respond({ status, contentType, text }: Answer): Response {
  const headers = new Headers();
  if (contentType) headers.set('Content-Type', contentType);
  if (status === 429 || status === 503) headers.set('Retry-After', 'soon');
  return new Response(text, { status, headers });
}

async function call(target: Target, answer: Answer): Promise<unknown> {
  const api = fakeFetch(() => respond(answer));
  const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch });
  const query = { start_date: '2026-01-05', end_date: '2026-01-11', interval: 'daily' as const };
  if (target === 'list') return fetchAllLocations(client);
  if (target === 'local-day') return fetchLocalDay(client, 1, '2026-01-05');
  const [kind, metric] = target.split(':') as ['page' | 'walk', Metric];
  if (kind === 'page') return fetchMetricPage(client, metric, 1, query);
  return walkSeries(client, metric, 1, query, { retries: 0 });
}

const TYPED = [ApiError, InvalidResponseError, NetworkError, PagingError] as const;

describe('the API module, over 1,200 malformed answers', () => {
  it('fails only with its typed errors, and what it returns keeps the contract', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TARGETS).chain((target) => fc.tuple(fc.constant(target), answerArb(target))),
        async ([target, answer]) => {
          let outcome: string;
          try {
            const value = await call(target, answer);
            outcome = 'ok';
            if (target === 'list') {
              for (const record of value as unknown[])
                expect(locationRecordSchema.safeParse(record).success).toBe(true);
            } else if (target.startsWith('page:')) {
              const metric = target.slice(5) as Metric;
              expect(METRIC_RESPONSE_SCHEMAS[metric].safeParse(value).success).toBe(true);
            }
          } catch (error) {
            const typed = TYPED.find((type) => error instanceof type);
            if (!typed) {
              const what = `${target} answered ${JSON.stringify(answer).slice(0, 300)}`;
              throw new Error(`untyped ${String(error)} for ${what}`, { cause: error });
            }
            expect((error as Error).message.length).toBeGreaterThan(0);
            outcome = typed.name;
          }
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
        },
      ),
      { numRuns: 1_200, seed: 10_4_5 },
    );
    // Each kind of outcome is reached: the generator is not stuck on one.
    for (const outcome of ['ok', 'ApiError', 'InvalidResponseError', 'PagingError']) {
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(10);
    }
  }, 120_000);
});
