/**
 * `--rate-limit R`: a token bucket per token (R at once, R a second after that), and the 429 problem past it.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DEFAULT_JWT_SECRET, signToken } from './options';
import { ProblemError } from './problem';
import { createRateLimiter, createTokenBucket } from './rate-limit';
import { createTestClient, expectProblem, type TestClient } from './test-support';

describe('createTokenBucket', () => {
  it('lets R requests through at once, refuses the next, and lets one more through each 1/R s', () => {
    const bucket = createTokenBucket(20, 0);
    for (let i = 0; i < 20; i++) expect(bucket.take(0)).toEqual({ allowed: true });
    expect(bucket.take(0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(bucket.take(49)).toMatchObject({ allowed: false });
    expect(bucket.take(50)).toEqual({ allowed: true });
    expect(bucket.take(50)).toMatchObject({ allowed: false });
    expect(bucket.take(100)).toEqual({ allowed: true });
  });

  it('refills up to R, never beyond, however long it was left alone', () => {
    const bucket = createTokenBucket(5, 0);
    for (let i = 0; i < 5; i++) bucket.take(0);
    const later = Array.from({ length: 6 }, () => bucket.take(3_600_000).allowed);
    expect(later).toEqual([true, true, true, true, true, false]);
  });

  it('a refused request takes nothing: asking while refused does not push the next token back', () => {
    const bucket = createTokenBucket(2, 0);
    bucket.take(0);
    bucket.take(0);
    for (let ms = 0; ms < 500; ms += 10) expect(bucket.take(ms).allowed).toBe(false);
    expect(bucket.take(500).allowed).toBe(true);
  });

  it('Retry-After is whole seconds, at least 1, and a request sent then is let through', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 300 }),
        (rate, gaps) => {
          const bucket = createTokenBucket(rate, 0);
          let now = 0;
          for (const [index, gap] of gaps.entries()) {
            now += gap;
            const verdict = bucket.take(now);
            if (verdict.allowed) continue;
            expect(Number.isInteger(verdict.retryAfterSeconds)).toBe(true);
            expect(verdict.retryAfterSeconds).toBeGreaterThanOrEqual(1);
            // The same requests replayed on a new bucket leave it in the same state: asked at the moment named, yes.
            const replay = createTokenBucket(rate, 0);
            let replayNow = 0;
            for (const replayGap of gaps.slice(0, index + 1)) replay.take((replayNow += replayGap));
            expect(replay.take(replayNow + verdict.retryAfterSeconds * 1000).allowed).toBe(true);
            return;
          }
        },
      ),
    );
  });

  it('never lets more than R + R·w requests through in any w seconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 400 }),
        (rate, gaps) => {
          const bucket = createTokenBucket(rate, 0);
          const allowedAt: number[] = [];
          let now = 0;
          for (const gap of gaps) if (bucket.take((now += gap)).allowed) allowedAt.push(now);
          for (let first = 0; first < allowedAt.length; first++) {
            for (let last = first; last < allowedAt.length; last++) {
              const seconds = (allowedAt[last]! - allowedAt[first]!) / 1000;
              expect(last - first + 1).toBeLessThanOrEqual(rate + rate * seconds + 1e-9);
            }
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('asked at twice the rate for 10 s, lets R + 10·R through (the burst, then the refill)', () => {
    const bucket = createTokenBucket(20, 0);
    let allowed = 0;
    for (let ms = 0; ms < 10_000; ms += 25) if (bucket.take(ms).allowed) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(20 + 199);
    expect(allowed).toBeLessThanOrEqual(20 + 200);
  });
});

describe('createRateLimiter', () => {
  it('keeps one bucket per key: one caller past its limit does not slow another', () => {
    let now = 0;
    const limiter = createRateLimiter(2, () => now);
    limiter.take('Bearer a');
    limiter.take('Bearer a');
    expect(() => limiter.take('Bearer a')).toThrow(ProblemError);
    expect(() => limiter.take('Bearer b')).not.toThrow();
    now = 500;
    expect(() => limiter.take('Bearer a')).not.toThrow();
  });

  it('throws a 429 problem with Retry-After in whole seconds', () => {
    const limiter = createRateLimiter(1, () => 0);
    limiter.take('k');
    const error = (() => {
      try {
        limiter.take('k');
      } catch (thrown) {
        return thrown;
      }
    })() as ProblemError;
    expect(error).toBeInstanceOf(ProblemError);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'Retry-After': '1' });
    expect(error.message).toMatch(/more than 1 requests a second/);
  });

  it('forgets buckets left alone for a minute (they would be full again anyway)', () => {
    let now = 0;
    const limiter = createRateLimiter(1, () => now);
    limiter.take('old');
    now = 61_000;
    expect(() => limiter.take('old')).not.toThrow();
    expect(() => limiter.take('old')).toThrow(ProblemError);
  });
});

describe('--rate-limit on the API', () => {
  beforeEach(() => {
    // Only Date: the bucket's clock stands still, so the test decides when time passes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T17:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  const burst = async (client: TestClient, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await client.get('/v2/locations/11')).status);
    return statuses;
  };

  it('answers past R a second with a 429 problem: all six fields, request id, Retry-After', async () => {
    const client = await createTestClient(['--rate-limit', '3']);
    expect(await burst(client, 3)).toEqual([200, 200, 200]);
    const refused = await client.get('/v2/locations/11/occupancy', {
      start_date: '2026-11-01',
      end_date: '2026-11-02',
    });
    const problem = expectProblem(refused, 429);
    expect(problem).toMatchObject({
      type: 'https://simulator.local/problems/rate-limited',
      title: 'Too many requests',
      instance: '/v2/locations/11/occupancy',
    });
    expect(problem.detail).toMatch(/more than 3 requests a second/);
    expect(refused.headers.get('retry-after')).toBe('1');

    vi.advanceTimersByTime(334);
    expect(await burst(client, 2)).toEqual([200, 429]);
  });

  it('counts per token, and only authenticated requests', async () => {
    const first = await createTestClient(['--rate-limit', '2']);
    expectProblem(await first.request('/v2/locations'), 401);
    expectProblem(await first.request('/v2/locations'), 401);
    expect(await burst(first, 3)).toEqual([200, 200, 429]);
    // Another token on the same server has a bucket of its own.
    const other = await signToken({ secret: DEFAULT_JWT_SECRET, locations: [11] });
    const asOther = () => first.request('/v2/locations/11', { headers: { Authorization: `Bearer ${other}` } });
    expect([(await asOther()).status, (await asOther()).status, (await asOther()).status]).toEqual([200, 200, 429]);
  });

  it('limits nothing without the flag', async () => {
    const client = await createTestClient();
    expect(new Set(await burst(client, 200))).toEqual(new Set([200]));
  });

  it('leaves the control routes alone', async () => {
    const client = await createTestClient(['--rate-limit', '1', '--control']);
    await burst(client, 2);
    for (let i = 0; i < 5; i++) expect((await client.request('/__control/failures')).status).toBe(200);
  });
});
