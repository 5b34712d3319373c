/** The app behind a real @hono/node-server on 127.0.0.1, as the CLI and the Vite plugin serve it. */
import type { AddressInfo } from 'node:net';

import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { METRIC_RESPONSE_SCHEMAS, problemSchema } from '../src/api/schemas';
import { createSimulatorApp } from './app';
import { DEFAULT_JWT_SECRET, parseSimulatorArgs, signToken } from './options';
import { TEST_NOW } from './test-support';

let server: ServerType;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  const app = createSimulatorApp(parseSimulatorArgs(['--now', TEST_NOW], {}));
  token = await signToken({ secret: DEFAULT_JWT_SECRET });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

describe('over real HTTP', () => {
  it('serves a metric envelope to a bearer request', async () => {
    const response = await fetch(
      `${baseUrl}/v2/locations/11/traffic?start_date=2026-11-02&end_date=2026-11-08&interval=weekly`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = METRIC_RESPONSE_SCHEMAS.traffic.parse(await response.json());
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.traffic).toBeGreaterThan(10_000);
  });

  it('compresses what it sends for a client that accepts gzip, as a production API does', async () => {
    const path = `${baseUrl}/v2/locations/11/occupancy?start_date=2026-11-02&end_date=2026-11-08&interval=60min`;
    const plain = await fetch(path, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    // Node's fetch asks for gzip and unpacks the body itself, as a browser does.
    const packed = await fetch(path, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(packed.headers.get('x-request-id')).toBeTruthy();
    expect(await packed.text()).toBe(text);
  });

  it('answers 401 problem+json with a challenge', async () => {
    const response = await fetch(`${baseUrl}/v2/locations`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect(problemSchema.parse(await response.json()).instance).toBe('/v2/locations');
  });
});
