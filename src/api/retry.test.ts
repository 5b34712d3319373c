import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';

import { HOUR_MS } from '../lib/time-spans';
import { fakeFetch, makeNetworkFail, rejectionOf, respondWithHtml, respondWithProblem } from '../test/fetch-fakes';
import { createApiClient } from './client';
import { ApiError, InvalidRequestError, InvalidResponseError, NetworkError, PagingError } from './errors';
import { MAX_RETRIES, MAX_RETRY_AFTER_MS, isRetryable, parseRetryAfter, retryDelayMs, shouldRetry } from './retry';

function apiError(status: number, retryAfterMs: number | null = null): ApiError {
  return new ApiError({
    status,
    type: 'about:blank',
    title: `HTTP ${status}`,
    detail: '',
    instance: null,
    requestId: null,
    isProblemDetails: false,
    retryAfterMs,
  });
}

const networkError = () => new NetworkError('/v2/locations', new TypeError('Failed to fetch'));

describe('isRetryable', () => {
  it.each([429, 500, 502, 503, 504])('retries an ApiError %s', (status) => {
    expect(isRetryable(apiError(status))).toBe(true);
  });

  it('retries a network error (no HTTP answer)', () => {
    expect(isRetryable(networkError())).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries an ApiError %s', (status) => {
    expect(isRetryable(apiError(status))).toBe(false);
  });

  it.each([
    ['InvalidResponseError', new InvalidResponseError('/v2/a', 'The response is not JSON', [])],
    ['InvalidRequestError', new InvalidRequestError(z.object({ a: z.string() }).safeParse({}).error!)],
    ['PagingError', new PagingError('cursor c2 came back')],
    ['an abort', new DOMException('The operation was aborted.', 'AbortError')],
    ['an abort with another reason', new DOMException('Timed out', 'TimeoutError')],
    ['a plain Error', new Error('bug')],
    ['a string', 'oops'],
  ])('never retries %s', (_, error) => {
    expect(isRetryable(error)).toBe(false);
  });
});

describe('shouldRetry', () => {
  it(`retries a retryable error up to ${MAX_RETRIES} times`, () => {
    const counts = [0, 1, 2, 3, 4].filter((failureCount) => shouldRetry(failureCount, apiError(503)));
    expect(counts).toEqual([0, 1, 2]);
  });

  it('never retries what is not retryable, even on the first failure', () => {
    expect(shouldRetry(0, apiError(404))).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('backs off exponentially from half a second, capped', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10, 60].map((attempt) => retryDelayMs(attempt, networkError()));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
  });

  it('waits as long as the server’s Retry-After says, instead of the backoff', () => {
    expect(retryDelayMs(0, apiError(429, 5000))).toBe(5000);
    expect(retryDelayMs(2, apiError(503, 0))).toBe(0);
  });

  it(`waits at most ${MAX_RETRY_AFTER_MS / 1000} s, whatever Retry-After says`, () => {
    expect(retryDelayMs(0, apiError(429, HOUR_MS))).toBe(MAX_RETRY_AFTER_MS);
  });

  it('backs off as usual when the server sent no Retry-After', () => {
    expect(retryDelayMs(1, apiError(503))).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 20, 17, 0, 0);

  it.each([
    ['0', 0],
    ['7', 7000],
    [' 120 ', 120_000],
  ])('reads delay-seconds %j', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it.each([
    ['an IMF-fixdate', 'Fri, 20 Nov 2026 17:00:30 GMT'],
    ['an RFC 850 date', 'Friday, 20-Nov-26 17:00:30 GMT'],
    ['an asctime date (which is in GMT)', 'Fri Nov 20 17:00:30 2026'],
  ])('reads %s as the time left until it', (_, value) => {
    expect(parseRetryAfter(value, now)).toBe(30_000);
  });

  it('reads a date already past as no wait', () => {
    expect(parseRetryAfter('Fri, 20 Nov 2026 16:59:00 GMT', now)).toBe(0);
  });

  it.each([null, '', '-5', '1.5', 'soon', 'Fri, 20 Nov 2026 17:00:30', 'Fri, 31 Nov 2026 17:00:30 GMT'])(
    'ignores %j',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeNull();
    },
  );
});

describe('Retry-After from the response to the ApiError', () => {
  const okSchema = z.object({ ok: z.boolean() });
  const clientFor = (response: () => Response | Promise<Response>) =>
    createApiClient({ baseUrl: '/v2', getToken: () => null, fetch: fakeFetch(response).fetch });

  it('carries Retry-After seconds of a 429 as retryAfterMs', async () => {
    const client = clientFor(() => respondWithProblem(429, {}, { headers: { 'Retry-After': '12' } }));
    const error = await rejectionOf(client.get('/a', {}, okSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterMs).toBe(12_000);
  });

  it('carries a Retry-After date of a 503 page from a proxy as the time left until it', async () => {
    const inTenSeconds = new Date(Math.ceil(Date.now() / 1000) * 1000 + 10_000).toUTCString();
    const client = clientFor(() => respondWithHtml(503, '<h1>Down</h1>', { headers: { 'Retry-After': inTenSeconds } }));
    const error = (await rejectionOf(client.get('/a', {}, okSchema))) as ApiError;
    expect(error.retryAfterMs).toBeGreaterThan(9_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(11_000);
  });

  it('has no retryAfterMs when the server sent none', async () => {
    const client = clientFor(() => respondWithProblem(500));
    expect(((await rejectionOf(client.get('/a', {}, okSchema))) as ApiError).retryAfterMs).toBeNull();
  });

  it('a network failure stays retryable', async () => {
    const client = clientFor(() => makeNetworkFail());
    expect(isRetryable(await rejectionOf(client.get('/a', {}, okSchema)))).toBe(true);
  });
});
