/**
 * Simulated failures: `--fail-rate` draws from a PRNG seeded by `--seed` (the same requests fail on
 * every run), and with `--control`, `/__control/failures` switches failures and outages at run time.
 */
import { describe, expect, it } from 'vitest';

import { createTestClient, expectProblem, type TestClient, type TestResponse } from './test-support';

/** The statuses of `count` consecutive API requests. */
async function statuses(client: TestClient, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) seen.push((await client.get('/v2/locations', { limit: 1 })).status);
  return seen;
}

function setFailures(client: TestClient, body: unknown): Promise<TestResponse> {
  return client.request('/__control/failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('--fail-rate is seeded by --seed', () => {
  it('fails the same requests on every run: an identical fail/success sequence over 200 requests', async () => {
    const args = ['--fail-rate', '0.3', '--seed', '7'];
    const first = await statuses(await createTestClient(args), 200);
    const second = await statuses(await createTestClient(args), 200);
    expect(second).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500]));
    const otherSeed = await statuses(await createTestClient(['--fail-rate', '0.3', '--seed', '8']), 200);
    expect(otherSeed).not.toEqual(first);
  });

  it('fails roughly the requested share: 10 % ± 5 % of 1000 requests', async () => {
    const seen = await statuses(await createTestClient(['--fail-rate', '0.1']), 1000);
    const failed = seen.filter((status) => status === 500).length;
    expect(failed).toBeGreaterThanOrEqual(50);
    expect(failed).toBeLessThanOrEqual(150);
    expect(seen.filter((status) => status !== 500 && status !== 200)).toEqual([]);
  });

  it('answers a 500 problem saying the failure is simulated and the request may be retried', async () => {
    const response = await (await createTestClient(['--fail-rate', '1'])).get('/v2/locations/21');
    const problem = expectProblem(response, 500);
    expect(problem.detail).toBe('simulated failure; retry the request');
    expect(problem.instance).toBe('/v2/locations/21');
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('fails only authenticated /v2 requests: a missing token is still 401, an unknown path outside /v2 404', async () => {
    const client = await createTestClient(['--fail-rate', '1']);
    expectProblem(await client.request('/v2/locations'), 401);
    expectProblem(await client.request('/elsewhere'), 404);
  });
});

describe('/__control/failures', () => {
  it('is a 404 problem without --control, for GET and POST alike', async () => {
    const client = await createTestClient(['--fail-rate', '0.5']);
    expectProblem(await client.request('/__control/failures'), 404);
    expectProblem(await setFailures(client, { failRate: 0 }), 404);
  });

  it('GET returns the current setting, from --fail-rate at start', async () => {
    const off = await createTestClient(['--control']);
    expect((await off.request('/__control/failures')).body).toEqual({ mode: 'off', failRate: 0 });
    const random = await createTestClient(['--control', '--fail-rate', '0.25']);
    const response = await random.request('/__control/failures');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mode: 'random', failRate: 0.25 });
  });

  it('switches random failures on and off at run time, without a token and never failing itself', async () => {
    const client = await createTestClient(['--control']);
    expect(await statuses(client, 20)).toEqual(Array(20).fill(200));

    const on = await setFailures(client, { failRate: 1 });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toEqual({ mode: 'random', failRate: 1 });
    expect(await statuses(client, 5)).toEqual(Array(5).fill(500));
    expect((await client.request('/__control/failures')).status).toBe(200);

    expect((await setFailures(client, { failRate: 0 })).body).toEqual({ mode: 'off', failRate: 0 });
    expect(await statuses(client, 20)).toEqual(Array(20).fill(200));
  });

  it('a rate set at run time fails the same positions as that rate given at start with the same seed', async () => {
    const started = await statuses(await createTestClient(['--fail-rate', '0.3', '--seed', '3']), 100);
    const switched = await createTestClient(['--control', '--seed', '3']);
    await statuses(switched, 17);
    await setFailures(switched, { failRate: 0.3 });
    expect(await statuses(switched, 100)).toEqual(started);
  });

  it('{ mode: "all" } is an outage: every API request is a 503 with Retry-After: 1 until { mode: "off" }', async () => {
    const client = await createTestClient(['--control', '--fail-rate', '0.2']);
    const outage = await setFailures(client, { mode: 'all' });
    expect(outage.body).toEqual({ mode: 'all', failRate: 1 });
    for (const path of ['/v2/locations', '/v2/locations/21/now', '/v2/locations/21/occupancy']) {
      const response = await client.get(path, { start_date: '2026-11-02', end_date: '2026-11-03' });
      const problem = expectProblem(response, 503);
      expect(problem.type).toBe('https://simulator.local/problems/service-unavailable');
      expect(problem.detail).toContain('simulated');
      expect(response.headers.get('retry-after')).toBe('1');
    }
    expect((await client.request('/__control/failures')).body).toEqual({ mode: 'all', failRate: 1 });

    expect((await setFailures(client, { mode: 'off' })).body).toEqual({ mode: 'off', failRate: 0 });
    expect(await statuses(client, 20)).toEqual(Array(20).fill(200));
  });

  it('ends an outage with { failRate: 0 } too', async () => {
    const client = await createTestClient(['--control']);
    await setFailures(client, { mode: 'all', failRate: 1 });
    expectProblem(await client.get('/v2/locations'), 503);
    await setFailures(client, { failRate: 0 });
    expect((await client.get('/v2/locations')).status).toBe(200);
  });

  it.each([
    ['not JSON', '{failRate: 0.1', 'JSON'],
    ['an empty body', '', 'JSON'],
    ['an array', [0.1], 'object'],
    ['an empty object', {}, 'failRate'],
    ['failRate above 1', { failRate: 1.5 }, 'failRate'],
    ['failRate below 0', { failRate: -0.1 }, 'failRate'],
    ['failRate as a string', { failRate: '0.1' }, 'failRate'],
    ['an unknown mode', { mode: 'down' }, 'mode'],
    ['mode random without failRate', { mode: 'random' }, 'failRate'],
    ['mode off with a failRate', { mode: 'off', failRate: 0.5 }, 'failRate'],
    ['mode all with a failRate below 1', { mode: 'all', failRate: 0.5 }, 'failRate'],
    ['an unknown field', { failRate: 0.1, fail_rate: 0.1 }, 'fail_rate'],
  ])('answers a 400 problem to %s, and keeps the setting', async (_case, body, detail) => {
    const client = await createTestClient(['--control', '--fail-rate', '0.25']);
    const problem = expectProblem(await setFailures(client, body), 400);
    expect(problem.type).toBe('https://simulator.local/problems/invalid-body');
    expect(problem.detail).toContain(detail);
    expect((await client.request('/__control/failures')).body).toEqual({ mode: 'random', failRate: 0.25 });
  });

  it('refuses other methods with 405, and allows POST from any origin', async () => {
    const client = await createTestClient(['--control']);
    const response = await client.request('/__control/failures', { method: 'DELETE' });
    expectProblem(response, 405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    const preflight = await client.request('/__control/failures', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
