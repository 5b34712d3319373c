/**
 * `--rate-limit R`: a token bucket per bearer token, as real APIs limit their callers. Each bucket holds at most R
 * tokens, starts full, and refills continuously at R tokens a second; a request takes one. A request that finds
 * less than one token is refused with a 429 problem whose `Retry-After` is the whole seconds (rounded up, at least
 * 1) until a token is there again. A refused request takes nothing, so a caller that keeps asking while refused
 * gets through again as soon as the bucket has refilled.
 *
 * The bucket runs on the real clock (`--now` fixes the data's clock, not time itself); tests inject their own.
 */
import { ProblemError } from './problem';

export interface RateLimiter {
  /** Takes a token from `key`'s bucket, or throws the 429 problem. */
  take(key: string): void;
}

/** The verdict of one request against one bucket. */
export type BucketVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface TokenBucket {
  take(nowMs: number): BucketVerdict;
}

export function createTokenBucket(ratePerSecond: number, startMs: number): TokenBucket {
  let tokens = ratePerSecond;
  let lastMs = startMs;
  return {
    take(nowMs) {
      // A clock that goes back (a test, a wall-clock change) refills nothing rather than draining.
      tokens = Math.min(ratePerSecond, tokens + (Math.max(nowMs - lastMs, 0) * ratePerSecond) / 1000);
      lastMs = Math.max(lastMs, nowMs);
      if (tokens >= 1) {
        tokens -= 1;
        return { allowed: true };
      }
      const waitSeconds = (1 - tokens) / ratePerSecond;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
    },
  };
}

/** Buckets not used for this long are full again, and are dropped: memory stays bounded by recent callers. */
const IDLE_BUCKET_MS = 60_000;

export function createRateLimiter(ratePerSecond: number, nowMs: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, { bucket: TokenBucket; usedMs: number }>();
  let sweptMs = nowMs();
  return {
    take(key) {
      const now = nowMs();
      if (now - sweptMs > IDLE_BUCKET_MS) {
        for (const [name, entry] of buckets) if (now - entry.usedMs > IDLE_BUCKET_MS) buckets.delete(name);
        sweptMs = now;
      }
      let entry = buckets.get(key);
      if (!entry) {
        entry = { bucket: createTokenBucket(ratePerSecond, now), usedMs: now };
        buckets.set(key, entry);
      }
      entry.usedMs = now;
      const verdict = entry.bucket.take(now);
      if (verdict.allowed) return;
      throw new ProblemError(
        'rate-limited',
        `more than ${ratePerSecond} requests a second with this token; retry after ${verdict.retryAfterSeconds} s`,
        { 'Retry-After': String(verdict.retryAfterSeconds) },
      );
    },
  };
}
