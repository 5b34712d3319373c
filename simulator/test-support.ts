/**
 * Helpers for the simulator's tests: an app with a fixed clock, a signed token, and requests through
 * the real Hono request/response path (`app.request`).
 */
import { expect } from 'vitest';
import { z } from 'zod';

import { problemSchema } from '../src/api/schemas';
import { createSimulatorApp } from './app';
import { DEFAULT_JWT_SECRET, parseSimulatorArgs, signToken } from './options';

/** The tests' fixed clock unless they pass their own `--now`: Friday 2026-11-20, 12:00 in New York. */
export const TEST_NOW = '2026-11-20T12:00:00-05:00';

export const ALL_DAY = { start_hour_filter: '0', end_hour_filter: '23', days_filter: '1234567' } as const;

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface TestClient {
  /** GET with the client's token; `query` values are sent as given. */
  get(path: string, query?: Record<string, string | number | undefined>, init?: RequestInit): Promise<TestResponse>;
  request(path: string, init?: RequestInit): Promise<TestResponse>;
  token: string;
}

export async function createTestClient(
  args: readonly string[] = [],
  token?: string | { locations?: number[] },
): Promise<TestClient> {
  const clock = args.some((arg) => arg.startsWith('--now')) ? [] : ['--now', TEST_NOW];
  const options = parseSimulatorArgs([...clock, ...args], {});
  const app = createSimulatorApp(options);
  const bearer =
    typeof token === 'string' ? token : await signToken({ secret: DEFAULT_JWT_SECRET, locations: token?.locations });
  const request = async (path: string, init: RequestInit = {}): Promise<TestResponse> => {
    const response = await app.request(path, init);
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : text };
  };
  return {
    token: bearer,
    request,
    get: (path, query = {}, init = {}) =>
      request(withQuery(path, query), { ...init, headers: { Authorization: `Bearer ${bearer}`, ...init.headers } }),
  };
}

export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Parses the body with the schema (failing the test with zod's message if it does not fit). */
export function parsed<S extends z.core.$ZodType>(schema: S, response: TestResponse, status = 200): z.infer<S> {
  expect(response.status, response.text).toBe(status);
  return z.core.parse(schema, response.body);
}

/** Asserts a problem+json response with the status and returns the problem. */
export function expectProblem(response: TestResponse, status: number): z.infer<typeof problemSchema> {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const problem = problemSchema.parse(response.body);
  expect(problem.status).toBe(status);
  expect(problem.type).toMatch(/^https:\/\/simulator\.local\/problems\/[a-z-]+$/);
  expect(problem.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(response.headers.get('x-request-id')).toBe(problem.request_id);
  return problem;
}

/** The wall-clock hour of an RFC 3339 local timestamp (`2026-03-08T09:00:00+11:00` -> 9). */
export function wallHour(timestamp: string): number {
  return Number(timestamp.slice(11, 13));
}

/** The local date of an RFC 3339 local timestamp. */
export function wallDate(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** The API's day code (1 = Sunday) of a local date. */
export function dayCode(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 1;
}
