/** Problem details for every failure, one test per 400 cause, 404, 405, 500, CORS and request ids. */
import { beforeAll, describe, expect, it } from 'vitest';

import { METRIC_RESPONSE_SCHEMAS } from '../src/api/schemas';
import { createTestClient, expectProblem, parsed, type TestClient } from './test-support';

let client: TestClient;

beforeAll(async () => {
  client = await createTestClient();
});

const VALID = { start_date: '2026-11-02', end_date: '2026-11-03' };

describe('400: each cause names the parameter', () => {
  it.each([
    ['start_date missing', 'occupancy', { end_date: '2026-11-03' }, 'start_date is required'],
    ['end_date missing', 'occupancy', { start_date: '2026-11-02' }, 'end_date is required'],
    ['start_date malformed', 'occupancy', { ...VALID, start_date: '2026/11/02' }, "start_date '2026/11/02'"],
    ['end_date not a calendar date', 'occupancy', { ...VALID, end_date: '2026-02-30' }, "end_date '2026-02-30'"],
    ['start_date out of the supported range', 'occupancy', { ...VALID, start_date: '1969-12-31' }, 'start_date'],
    ['end_date before start_date', 'occupancy', { start_date: '2026-11-03', end_date: '2026-11-02' }, 'end_date'],
    ['range too long', 'occupancy', { start_date: '2010-01-01', end_date: '2026-01-01' }, 'at most 3660 days'],
    [
      'interval not allowed for the endpoint',
      'traffic',
      { ...VALID, interval: 'weekly2' },
      "interval 'weekly2' is not valid for traffic; valid values: daily, weekly, monthly, 60min",
    ],
    [
      'sub-daily interval on dwell_time',
      'dwell_time',
      { ...VALID, interval: 'hourly' },
      'valid values: daily, weekly, monthly',
    ],
    ['limit 0', 'occupancy', { ...VALID, limit: '0' }, "limit '0'"],
    ['limit 1001', 'occupancy', { ...VALID, limit: '1001' }, 'from 1 to 1000'],
    ['limit not an integer', 'occupancy', { ...VALID, limit: '2.5' }, "limit '2.5'"],
    ['start_hour_filter 24', 'occupancy', { ...VALID, start_hour_filter: '24' }, "start_hour_filter '24'"],
    ['end_hour_filter not a number', 'occupancy', { ...VALID, end_hour_filter: 'noon' }, "end_hour_filter 'noon'"],
    [
      'start hour after end hour',
      'occupancy',
      { ...VALID, start_hour_filter: '10', end_hour_filter: '9' },
      'end_hour_filter',
    ],
    ['days_filter with 8', 'occupancy', { ...VALID, days_filter: '238' }, "days_filter '238'"],
    ['days_filter with separators', 'occupancy', { ...VALID, days_filter: '2,3' }, '^[1-7]+$'],
    ['malformed cursor', 'occupancy', { ...VALID, cursor: 'abc.def' }, 'cursor'],
  ])('%s', async (_cause, metric, query, detail) => {
    const problem = expectProblem(await client.get(`/v2/locations/21/${metric}`, query), 400);
    expect(problem.detail).toContain(detail);
    expect(problem.type).toBe('https://simulator.local/problems/invalid-parameter');
    expect(problem.instance).toBe(`/v2/locations/21/${metric}`);
  });

  it('non-integer location id', async () => {
    const problem = expectProblem(await client.get('/v2/locations/abc/occupancy', VALID), 400);
    expect(problem.detail).toContain("location id 'abc'");
    expectProblem(await client.get('/v2/locations/1.5'), 400);
  });

  it('invalid include value', async () => {
    const problem = expectProblem(await client.get('/v2/locations/20', { include: 'parents' }), 400);
    expect(problem.detail).toBe("include 'parents' is not valid; valid values: children");
    expectProblem(await client.get('/v2/locations/20/now', { include: 'everything' }), 400);
  });

  it('invalid limit on the location list', async () => {
    expect(expectProblem(await client.get('/v2/locations', { limit: 'many' }), 400).detail).toContain('limit');
  });

  it('ignores unknown query parameters', async () => {
    const body = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await client.get('/v2/locations/21/occupancy', { ...VALID, colour: 'blue' }),
    );
    expect(body.data).toHaveLength(2);
  });
});

describe('404, 405 and 500', () => {
  it('unknown location', async () => {
    const problem = expectProblem(await client.get('/v2/locations/999/traffic', VALID), 404);
    expect(problem.detail).toBe('location 999 not found or not accessible');
    expect(problem.type).toBe('https://simulator.local/problems/not-found');
  });

  it('unknown paths, inside and outside /v2', async () => {
    expect(expectProblem(await client.get('/v2/locations/21/visitors', VALID), 404).instance).toBe(
      '/v2/locations/21/visitors',
    );
    expectProblem(await client.get('/v2/nothing-here'), 404);
    expectProblem(await client.request('/'), 404);
  });

  it('wrong method', async () => {
    const response = await client.get('/v2/locations/21/occupancy', VALID, { method: 'POST' });
    expect(expectProblem(response, 405).detail).toContain('POST');
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('--fail-rate 1 answers every request with a 500 problem, never a stack trace', async () => {
    const failing = await createTestClient(['--fail-rate', '1']);
    const response = await failing.get('/v2/locations/21/occupancy', VALID);
    const problem = expectProblem(response, 500);
    expect(problem.type).toBe('https://simulator.local/problems/internal-error');
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('headers', () => {
  it('sends X-Request-Id on success too, different per request', async () => {
    const first = await client.get('/v2/locations');
    const second = await client.get('/v2/locations');
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
  });

  it('allows any origin, and answers preflights without a token', async () => {
    const preflight = await client.request('/v2/locations/21/occupancy', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const problem = await client.request('/v2/locations', { headers: { Origin: 'http://localhost:5173' } });
    expect(problem.status).toBe(401);
    expect(problem.headers.get('access-control-allow-origin')).toBe('*');
    expect(problem.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-request-id');
  });
});
