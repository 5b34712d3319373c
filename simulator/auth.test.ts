/** Bearer JWT authentication and the `locations` claim. */
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';

import { locationDetailSchema, locationListSchema, METRIC_RESPONSE_SCHEMAS } from '../src/api/schemas';
import { createSimulatorApp } from './app';
import { DEFAULT_JWT_SECRET, parseSimulatorArgs, signToken } from './options';
import { createTestClient, expectProblem, parsed, type TestClient } from './test-support';

const METRIC_PATH = '/v2/locations/21/occupancy?start_date=2026-11-02&end_date=2026-11-03';

let anonymous: TestClient;

beforeAll(async () => {
  anonymous = await createTestClient();
});

async function withAuthorization(authorization: string | undefined) {
  return anonymous.request(METRIC_PATH, {
    headers: authorization === undefined ? {} : { Authorization: authorization },
  });
}

describe('401 for requests without a valid token', () => {
  it('missing token: a Bearer challenge without an error code', async () => {
    const response = await withAuthorization(undefined);
    const problem = expectProblem(response, 401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+"$/);
    expect(problem.detail).toContain('Authorization');
  });

  it.each([
    ['malformed header', 'Token abc'],
    ['malformed JWT', 'Bearer not.a.jwt'],
    ['empty bearer', 'Bearer '],
  ])('%s: invalid_token', async (_case, authorization) => {
    const response = await withAuthorization(authorization);
    expectProblem(response, 401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('wrong signature', async () => {
    const forged = await signToken({ secret: 'not-the-simulator-secret' });
    const response = await withAuthorization(`Bearer ${forged}`);
    expect(expectProblem(response, 401).detail).toContain('signature');
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ sub: 'x', iat: now - 120, exp: now - 60 }, DEFAULT_JWT_SECRET, 'HS256');
    const response = await withAuthorization(`Bearer ${expired}`);
    expect(expectProblem(response, 401).detail).toContain('expired');
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a token with a malformed locations claim', async () => {
    const token = await sign({ sub: 'x', locations: 'all' }, DEFAULT_JWT_SECRET, 'HS256');
    expect(expectProblem(await withAuthorization(`Bearer ${token}`), 401).detail).toContain('locations');
  });

  it('a token that has not expired yet is accepted', async () => {
    const token = await signToken({ secret: DEFAULT_JWT_SECRET, expiresInSeconds: 60 });
    expect((await withAuthorization(`Bearer ${token}`)).status).toBe(200);
  });

  it('verifies with SIMULATOR_JWT_SECRET when it is set', async () => {
    const app = createSimulatorApp(parseSimulatorArgs([], { SIMULATOR_JWT_SECRET: 'team-secret' }));
    const good = await signToken({ secret: 'team-secret' });
    const defaultSecret = await signToken({ secret: DEFAULT_JWT_SECRET });
    expect((await app.request(METRIC_PATH, { headers: { Authorization: `Bearer ${good}` } })).status).toBe(200);
    expect((await app.request(METRIC_PATH, { headers: { Authorization: `Bearer ${defaultSecret}` } })).status).toBe(
      401,
    );
  });
});

describe('the locations claim', () => {
  let limited: TestClient;

  beforeAll(async () => {
    limited = await createTestClient([], { locations: [20, 21] });
  });

  it('allows the listed locations', async () => {
    const body = parsed(
      METRIC_RESPONSE_SCHEMAS.occupancy,
      await limited.get('/v2/locations/21/occupancy', { start_date: '2026-11-02', end_date: '2026-11-03' }),
    );
    expect(body.location_id).toBe(21);
  });

  it('answers 404 for any other location, exactly like a missing one', async () => {
    const hidden = expectProblem(
      await limited.get('/v2/locations/11/occupancy', { start_date: '2026-11-02', end_date: '2026-11-03' }),
      404,
    );
    const missing = expectProblem(
      await limited.get('/v2/locations/999/occupancy', { start_date: '2026-11-02', end_date: '2026-11-03' }),
      404,
    );
    expect(hidden.detail).toBe('location 11 not found or not accessible');
    expect(missing.detail).toBe('location 999 not found or not accessible');
    expect({ ...hidden, detail: '', request_id: '', instance: '' }).toEqual({
      ...missing,
      detail: '',
      request_id: '',
      instance: '',
    });
    expectProblem(await limited.get('/v2/locations/11'), 404);
    expectProblem(await limited.get('/v2/locations/11/now'), 404);
  });

  it('lists only the allowed locations, and only allowed children', async () => {
    const list = parsed(locationListSchema, await limited.get('/v2/locations'));
    expect(list.data.map((location) => location.location_id)).toEqual([20, 21]);
    const detail = parsed(locationDetailSchema, await limited.get('/v2/locations/20', { include: 'children' }));
    expect(detail.children_data?.map((child) => child.location_id)).toEqual([21]);
  });
});

describe('the locations claim with --portfolio', () => {
  it('limits a token to its locations among the generated ones, while the default token sees them all', async () => {
    const limited = await createTestClient(['--portfolio', '200'], { locations: [21, 1000, 1002] });
    const list = parsed(locationListSchema, await limited.get('/v2/locations'));
    expect(list.data.map((location) => location.location_id)).toEqual([21, 1000, 1002]);
    const campus = parsed(locationDetailSchema, await limited.get('/v2/locations/1000', { include: 'children' }));
    expect(campus.children_data).toEqual([]);
    expectProblem(await limited.get('/v2/locations/1001'), 404);
    expectProblem(await limited.get('/v2/locations/1003/now'), 404);
    const range = { start_date: '2026-11-02', end_date: '2026-11-03' };
    expect((await limited.get('/v2/locations/1002/occupancy', range)).status).toBe(200);
    expectProblem(await limited.get('/v2/locations/1003/occupancy', range), 404);

    const everyone = await createTestClient(['--portfolio', '200']);
    const all = parsed(locationListSchema, await everyone.get('/v2/locations'));
    expect(all.data.filter((location) => location.location_id >= 1000).length).toBeGreaterThan(200);
    expect((await everyone.get('/v2/locations/1003/occupancy', range)).status).toBe(200);
  });
});
