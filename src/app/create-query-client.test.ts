import { describe, expect, it } from 'vitest';

import { ApiError, InvalidResponseError, NetworkError } from '../api/errors';
import { MAX_RETRY_AFTER_MS } from '../api/retry';
import { createQueryClient } from './start';

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

/** The query defaults' retry and retryDelay, as TanStack Query calls them: (failures before this one, error). */
function retryPolicy() {
  const { retry, retryDelay } = createQueryClient().getDefaultOptions().queries ?? {};
  if (typeof retry !== 'function' || typeof retryDelay !== 'function') {
    throw new Error(`expected retry and retryDelay functions, got ${typeof retry} and ${typeof retryDelay}`);
  }
  return { retry, retryDelay };
}

describe('createQueryClient: the retry policy (api/retry.ts)', () => {
  it('shows a 400, 401 or 404 at once: no retry', () => {
    const { retry } = retryPolicy();
    expect([400, 401, 404].map((status) => retry(0, apiError(status)))).toEqual([false, false, false]);
  });

  it('never retries a response it cannot read', () => {
    expect(retryPolicy().retry(0, new InvalidResponseError('/v2/a', 'The response is not JSON', []))).toBe(false);
  });

  it('retries a network failure, a 429 and a 5xx three times', () => {
    const { retry } = retryPolicy();
    for (const error of [new NetworkError('/v2/a', new TypeError('Failed to fetch')), apiError(429), apiError(503)]) {
      expect([0, 1, 2, 3].map((failures) => retry(failures, error))).toEqual([true, true, true, false]);
    }
  });

  it('backs off exponentially, and waits what Retry-After says (capped)', () => {
    const { retryDelay } = retryPolicy();
    const offline = new NetworkError('/v2/a', new TypeError('Failed to fetch'));
    expect([0, 1, 2].map((failures) => retryDelay(failures, offline))).toEqual([500, 1000, 2000]);
    expect(retryDelay(0, apiError(429, 4000))).toBe(4000);
    expect(retryDelay(0, apiError(503, 120_000))).toBe(MAX_RETRY_AFTER_MS);
  });
});
