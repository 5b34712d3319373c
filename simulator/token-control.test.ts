/**
 * `/__control/tokens` (with `--control`): a valid token refused from now on, as if it had expired, so an
 * end-to-end test can see a token stop working while a page is open.
 */
import { describe, expect, it } from 'vitest';

import { DEFAULT_JWT_SECRET, signToken } from './options';
import { createTestClient, expectProblem, type TestClient, type TestResponse } from './test-support';

function controlTokens(client: TestClient, body: unknown): Promise<TestResponse> {
  return client.request('/__control/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('/__control/tokens', () => {
  it('is a 404 problem without --control', async () => {
    const client = await createTestClient();
    expectProblem(await client.request('/__control/tokens'), 404);
    expectProblem(await controlTokens(client, { revoke: client.token }), 404);
    expect((await client.get('/v2/locations')).status).toBe(200);
  });

  it('refuses a revoked token with a 401 invalid_token challenge, and only that token', async () => {
    const client = await createTestClient(['--control']);
    const other = await signToken({ secret: DEFAULT_JWT_SECRET, expiresInSeconds: 3600 });
    expect(other).not.toBe(client.token);
    expect((await client.get('/v2/locations/21')).status).toBe(200);

    const revoked = await controlTokens(client, { revoke: client.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: 1 });

    const refused = await client.get('/v2/locations/21');
    expect(expectProblem(refused, 401).detail).toContain('revoked');
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    const otherResponse = await client.request('/v2/locations/21', { headers: { Authorization: `Bearer ${other}` } });
    expect(otherResponse.status).toBe(200);
    expect((await client.request('/__control/tokens')).body).toEqual({ revoked: 1 });
  });

  it('accepts every valid token again after { clear: true }', async () => {
    const client = await createTestClient(['--control']);
    await controlTokens(client, { revoke: client.token });
    expect((await client.get('/v2/locations')).status).toBe(401);
    expect((await controlTokens(client, { clear: true })).body).toEqual({ revoked: 0 });
    expect((await client.get('/v2/locations')).status).toBe(200);
  });

  it.each([
    ['not JSON', '{revoke'],
    ['an empty token', { revoke: '  ' }],
    ['an unknown field', { revoke: 'a.b.c', also: 1 }],
    ['clear false', { clear: false }],
    ['an array', ['a.b.c']],
  ])('refuses a body that is %s with a 400 invalid-body problem naming the shapes', async (_case, body) => {
    const client = await createTestClient(['--control']);
    const problem = expectProblem(await controlTokens(client, body), 400);
    expect(problem.type).toMatch(/invalid-body$/);
    expect(problem.detail).toContain('"revoke"');
    expect((await client.get('/v2/locations')).status).toBe(200);
  });

  it('answers 405 to other methods', async () => {
    const client = await createTestClient(['--control']);
    const response = await client.request('/__control/tokens', { method: 'DELETE' });
    expectProblem(response, 405);
  });
});
