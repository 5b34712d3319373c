import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { HOUR_MS, MINUTE_MS } from '../lib/time-spans';
import { manualClock, settle, type ManualClock } from '../test/manual-clock';
import { createPace, DECREASE, MIN_RATE, RAMP_MS, RECOVERY_MS, type Pace } from './pace';
import { MAX_RETRY_AFTER_MS } from './retry';

/** Sends `count` requests: each asks for its turn. */
function send(pace: Pace, clock: ManualClock, count: number) {
  ask(pace, clock, count);
}

function refuse(pace: Pace, clock: ManualClock, retryAfterMs: number | null, startedAtMs = clock.now()) {
  pace.refused({ startedAtMs, retryAfterMs });
}

/** Asks for `count` turns; records when each starts (and the rate then), and whether it was let go at once. */
function ask(pace: Pace, clock: ManualClock, count: number, signal?: AbortSignal) {
  return Array.from({ length: count }, () => {
    const entry = { at: NaN, rate: NaN, atOnce: false, error: undefined as unknown };
    const started = () => {
      entry.at = clock.now();
      entry.rate = pace.rate();
    };
    const turn = pace.turn(signal);
    if (turn === undefined) {
      started();
      entry.atOnce = true;
    } else {
      turn.then(started, (error: unknown) => (entry.error = error));
    }
    return entry;
  });
}

describe('createPace: never limited', () => {
  it('lets every request start at once: no promise, no timer, however many and however fast', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(50), fc.nat(2_000)), { maxLength: 100 }), async (steps) => {
        const clock = manualClock();
        const pace = createPace(clock);
        for (const [count, gap] of steps) {
          await clock.advance(gap);
          for (const entry of ask(pace, clock, count)) expect(entry.atOnce).toBe(true);
          expect(pace.getSnapshot().slowed).toBe(false);
          expect(pace.rate()).toBe(Infinity);
        }
        expect(clock.pending).toBe(0);
      }),
      { numRuns: 50 },
    );
  });
});

describe('createPace: a 429', () => {
  it('halves the requests started over the last second, and spaces starts 1/rate apart', async () => {
    const clock = manualClock(50_000);
    const pace = createPace(clock);
    send(pace, clock, 5); // over a second before: not counted
    await clock.advance(1_500);
    send(pace, clock, 20);
    await clock.advance(100);
    refuse(pace, clock, null);
    expect(pace.rate()).toBe(20 * DECREASE);
    expect(pace.getSnapshot().slowed).toBe(true);

    const refusedAt = clock.now();
    const entries = ask(pace, clock, 12);
    expect(entries.some((entry) => entry.atOnce)).toBe(false);
    await clock.advance(1_500);
    const starts = entries.map((entry) => entry.at);
    expect(starts.every(Number.isFinite)).toBe(true);
    // The first waits one gap at the halved rate; each next one gap at the rate when its predecessor started.
    expect(starts[0]! - refusedAt).toBeCloseTo(1000 / 10, 6);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeCloseTo(1000 / entries[i - 1]!.rate, 6);
    }
    // Growing from 10 a second: eleven or so in the first second, never twenty.
    expect(starts.filter((at) => at < refusedAt + 1_000).length).toBeLessThanOrEqual(11);
  });

  it('holds every request until the Retry-After moment, then lets them go in the order asked', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    send(pace, clock, 40);
    refuse(pace, clock, 3_000);
    const entries = ask(pace, clock, 5);
    await clock.advance(2_999);
    expect(entries.filter((entry) => Number.isFinite(entry.at))).toEqual([]);
    await clock.advance(1);
    expect(entries[0]!.at).toBe(3_000);
    await clock.advance(1_000);
    const starts = entries.map((entry) => entry.at);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('waits at most MAX_RETRY_AFTER_MS, whatever Retry-After asks', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    send(pace, clock, 10);
    refuse(pace, clock, HOUR_MS);
    const [entry] = ask(pace, clock, 1);
    await clock.advance(MAX_RETRY_AFTER_MS);
    expect(entry!.at).toBe(MAX_RETRY_AFTER_MS);
  });

  it('halves the rate in force when paced; refusals of requests sent before the decrease do not halve it again', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    send(pace, clock, 40);
    const sentEarlier = clock.now();
    await clock.advance(10);
    refuse(pace, clock, 1_000, sentEarlier);
    expect(pace.rate()).toBe(20);
    // Five more that were in flight: the wait grows, the rate stays.
    for (let i = 0; i < 5; i++) {
      await clock.advance(2);
      refuse(pace, clock, 1_000, sentEarlier);
    }
    expect(pace.rate()).toBe(20);
    const [late] = ask(pace, clock, 1);
    await clock.advance(1_000);
    expect(late!.at).toBe(1_020); // the last refusal's Retry-After moment
    refuse(pace, clock, null, late!.at);
    expect(pace.rate()).toBe(10);
  });

  it('never goes below MIN_RATE, even when nothing was sent before', () => {
    const clock = manualClock();
    const pace = createPace(clock);
    refuse(pace, clock, null);
    expect(pace.rate()).toBe(MIN_RATE);
    for (let i = 0; i < 10; i++) refuse(pace, clock, null, clock.now());
    expect(pace.rate()).toBe(MIN_RATE);
  });

  it('speeds up additively from the end of the wait: back to the refused rate after RAMP_MS, linearly', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    send(pace, clock, 20);
    refuse(pace, clock, 1_000);
    expect(pace.rate()).toBe(10);
    await clock.advance(1_000);
    expect(pace.rate()).toBe(10);
    await clock.advance(RAMP_MS / 2);
    expect(pace.rate()).toBeCloseTo(15, 9);
    await clock.advance(RAMP_MS / 2);
    expect(pace.rate()).toBeCloseTo(20, 9);
  });
});

describe('createPace: back to full speed', () => {
  it('10 s after the last refusal: no wait, no promise, and the subscribers are told', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    const seen: boolean[] = [];
    pace.subscribe(() => seen.push(pace.getSnapshot().slowed));
    send(pace, clock, 20);
    refuse(pace, clock, 1_000);
    expect(seen).toEqual([true]);
    await clock.advance(RECOVERY_MS - 1);
    expect(pace.getSnapshot().slowed).toBe(true);
    await clock.advance(1);
    expect(seen).toEqual([true, false]);
    expect(pace.rate()).toBe(Infinity);
    expect(ask(pace, clock, 50).every((entry) => entry.atOnce)).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('and refused again, slows down again, even for a request sent before the last decrease', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    send(pace, clock, 20);
    refuse(pace, clock, 1_000);
    await clock.advance(RECOVERY_MS);
    expect(pace.rate()).toBe(Infinity);
    send(pace, clock, 30);
    refuse(pace, clock, 1_000, 0);
    expect(pace.getSnapshot().slowed).toBe(true);
    expect(pace.rate()).toBe(15);
  });

  it('starts at once everything still waiting', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    refuse(pace, clock, 1_000);
    const entries = ask(pace, clock, 40); // at MIN_RATE: far more than 10 s of them
    await clock.advance(RECOVERY_MS);
    expect(entries.every((entry) => entry.at <= RECOVERY_MS)).toBe(true);
    expect(pace.waiting).toBe(0);
  });

  it('whatever came before, within 10 s of the last refusal (or RAMP_MS after a longer Retry-After)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gap: fc.nat(3_000),
            sent: fc.nat(30),
            retryAfterMs: fc.option(fc.nat(40_000)),
            askFor: fc.nat(5),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (steps) => {
          const clock = manualClock();
          const pace = createPace(clock);
          let fullBy = 0;
          for (const step of steps) {
            await clock.advance(step.gap);
            send(pace, clock, step.sent);
            refuse(pace, clock, step.retryAfterMs, clock.now() - step.gap);
            const wait = Math.min(step.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS);
            fullBy = Math.max(fullBy, clock.now() + RECOVERY_MS, clock.now() + wait + RAMP_MS);
            ask(pace, clock, step.askFor);
          }
          await clock.advance(fullBy - clock.now());
          expect(pace.getSnapshot().slowed).toBe(false);
          expect(pace.waiting).toBe(0);
          expect(ask(pace, clock, 10).every((entry) => entry.atOnce)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('createPace: waiting', () => {
  it('an abort while waiting rejects at once with its reason, and the next in line moves up', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    refuse(pace, clock, 5_000);
    const controller = new AbortController();
    const [first] = ask(pace, clock, 1, controller.signal);
    const [second] = ask(pace, clock, 1);
    const reason = new DOMException('gone', 'AbortError');
    controller.abort(reason);
    await settle();
    expect(first!.error).toBe(reason);
    expect(pace.waiting).toBe(1);
    await clock.advance(5_000);
    expect(second!.at).toBe(5_000);
    expect(first!.at).toBeNaN();
  });

  it('a signal already aborted is refused without waiting', async () => {
    const clock = manualClock();
    const pace = createPace(clock);
    refuse(pace, clock, 5_000);
    const controller = new AbortController();
    controller.abort();
    const [entry] = ask(pace, clock, 1, controller.signal);
    await settle();
    expect(entry!.error).toBe(controller.signal.reason);
    expect(pace.waiting).toBe(0);
  });

  it('no start before any Retry-After moment, first come first served, whatever the order of events', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('ask' as const), count: fc.integer({ min: 1, max: 4 }) }),
            fc.record({ kind: fc.constant('advance' as const), ms: fc.nat(1_500) }),
            fc.record({ kind: fc.constant('refuse' as const), retryAfterMs: fc.option(fc.nat(5_000)) }),
            fc.record({ kind: fc.constant('send' as const), count: fc.nat(10) }),
          ),
          { maxLength: 60 },
        ),
        async (events) => {
          const clock = manualClock();
          const pace = createPace(clock);
          const entries: ReturnType<typeof ask> = [];
          /** Each Retry-After moment, and the requests not started yet when it was learned. */
          const blocks: { until: number; held: ReturnType<typeof ask> }[] = [];
          for (const event of events) {
            if (event.kind === 'ask') entries.push(...ask(pace, clock, event.count));
            else if (event.kind === 'advance') await clock.advance(event.ms);
            else if (event.kind === 'send') entries.push(...ask(pace, clock, event.count));
            else {
              refuse(pace, clock, event.retryAfterMs);
              const held = entries.filter((entry) => Number.isNaN(entry.at));
              blocks.push({ until: clock.now() + (event.retryAfterMs ?? 0), held });
            }
          }
          // Asked after the last event, too: held like the others.
          const late = ask(pace, clock, 3);
          entries.push(...late);
          for (const block of blocks) block.held.push(...late);
          await clock.advance(MINUTE_MS);
          const starts = entries.map((entry) => entry.at);
          expect(starts.every(Number.isFinite)).toBe(true);
          expect(starts).toEqual([...starts].sort((a, b) => a - b));
          for (const block of blocks) {
            for (const entry of block.held) expect(entry.at).toBeGreaterThanOrEqual(block.until);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
