import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rejectionOf } from '../test/fetch-fakes';
import { createApiClient } from './client';
import { createLimiter, REQUESTS_IN_FLIGHT, type Limiter } from './limiter';

/** A task the test finishes by hand, recording when it started. */
function manualTask<T = string>(name: string, started: string[]) {
  let finish!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const task = () => {
    started.push(name);
    return done;
  };
  return { task, finish: (value: T) => finish(value), fail: (error: unknown) => fail(error) };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('never has more than max tasks in flight, however they finish', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.nat(), { minLength: 25, maxLength: 25 }),
        async (max, count, picks) => {
          const limiter = createLimiter(max);
          const started: string[] = [];
          const tasks = Array.from({ length: count }, (_, i) => manualTask(`t${i}`, started));
          let running = 0;
          let most = 0;
          const results = tasks.map(({ task }, i) =>
            limiter
              .run(async () => {
                most = Math.max(most, ++running);
                try {
                  return await task();
                } finally {
                  running--;
                }
              })
              .then((value) => [i, value]),
          );
          // Finish the running tasks in an order the property picks, until all have run.
          const finished = new Set<number>();
          for (let step = 0; finished.size < count; step++) {
            await settle();
            expect(limiter.inFlight).toBeLessThanOrEqual(max);
            expect(limiter.inFlight + limiter.waiting + finished.size).toBe(count);
            const runningNow = started.map((name) => Number(name.slice(1))).filter((i) => !finished.has(i));
            const pick = runningNow[(picks[step % picks.length] ?? 0) % runningNow.length]!;
            finished.add(pick);
            tasks[pick]!.finish(`r${pick}`);
          }
          expect(await Promise.all(results)).toEqual(tasks.map((_, i) => [i, `r${i}`]));
          expect(most).toBe(Math.min(max, count));
          await settle();
          expect(limiter).toMatchObject({ inFlight: 0, waiting: 0 });
        },
      ),
      { seed: 4, numRuns: 60 },
    );
  });

  it('starts waiting tasks first come, first served', async () => {
    const limiter = createLimiter(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => manualTask(name, started));
    const results = tasks.map(({ task }) => limiter.run(task));
    expect(started).toEqual(['a', 'b']);
    expect(limiter).toMatchObject({ inFlight: 2, waiting: 4 });

    tasks[1]!.finish('b');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    tasks[0]!.finish('a');
    tasks[2]!.finish('c');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    tasks[4]!.finish('e');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    tasks[3]!.finish('d');
    tasks[5]!.finish('f');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('drops a waiting task whose signal aborts: it rejects with the signal’s reason and never runs', async () => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => manualTask(name, started));
    const controller = new AbortController();
    const firstResult = limiter.run(first!.task);
    const secondResult = limiter.run(second!.task, controller.signal);
    const thirdResult = limiter.run(third!.task);

    const reason = new Error('the view changed');
    controller.abort(reason);
    expect(await rejectionOf(secondResult)).toBe(reason);
    expect(limiter).toMatchObject({ inFlight: 1, waiting: 1 });

    first!.finish('first');
    await settle();
    expect(started).toEqual(['first', 'third']);
    third!.finish('third');
    expect([await firstResult, await thirdResult]).toEqual(['first', 'third']);
    await settle();
    expect(limiter).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it('rejects at once, running nothing, when the signal has already aborted', async () => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(limiter.run(manualTask('never', started).task, controller.signal));
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
    expect(started).toEqual([]);
    expect(limiter).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it('leaves a task that has started to its own signal: an abort then neither rejects it nor frees its slot', async () => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    const [running, waiting] = [manualTask('running', started), manualTask('waiting', started)];
    const controller = new AbortController();
    const result = limiter.run(running.task, controller.signal);
    const next = limiter.run(waiting.task);
    controller.abort();
    await settle();
    expect(limiter).toMatchObject({ inFlight: 1, waiting: 1 });
    running.finish('done');
    expect(await result).toBe('done');
    await settle();
    expect(started).toEqual(['running', 'waiting']);
    waiting.finish('next');
    expect(await next).toBe('next');
  });

  it('frees the slot of a failing task, and passes its error on', async () => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    const failing = manualTask('failing', started);
    const waiting = manualTask('waiting', started);
    const failed = limiter.run(failing.task);
    const next = limiter.run(waiting.task);
    const error = new Error('500');
    failing.fail(error);
    expect(await rejectionOf(failed)).toBe(error);
    await settle();
    expect(started).toEqual(['failing', 'waiting']);
    waiting.finish('ok');
    expect(await next).toBe('ok');
    await settle(); // a slot is given back just after its task's result is passed on
    expect(limiter).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  it('frees the slot of a task that throws before returning a promise', async () => {
    const limiter: Limiter = createLimiter(1);
    const error = new Error('thrown synchronously');
    const thrown = await rejectionOf(
      limiter.run(() => {
        throw error;
      }),
    );
    expect(thrown).toBe(error);
    expect(limiter.inFlight).toBe(0);
    const next = await Promise.race([limiter.run(async () => 'ran'), settle().then(() => 'still waiting')]);
    expect(next).toBe('ran');
  });
});

describe("the API client's limiter", () => {
  it('sends at most REQUESTS_IN_FLIGHT requests at once, one limiter per client, whoever asks', async () => {
    const answers: (() => void)[] = [];
    const held = () =>
      createApiClient({
        baseUrl: '/v2',
        getToken: () => null,
        fetch: () => new Promise<Response>((resolve) => answers.push(() => resolve(new Response('{}')))),
      });
    const [one, other] = [held(), held()];
    const anything = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };
    const results = Array.from({ length: REQUESTS_IN_FLIGHT + 2 }, (_, i) => one.get(`/a/${i}`, {}, anything));
    await settle();
    expect(answers).toHaveLength(REQUESTS_IN_FLIGHT);
    expect(one.limiter).toMatchObject({ inFlight: REQUESTS_IN_FLIGHT, waiting: 2 });
    expect(other.limiter).toMatchObject({ inFlight: 0, waiting: 0 });
    answers.shift()!();
    await settle();
    expect(answers).toHaveLength(REQUESTS_IN_FLIGHT);
    expect(one.limiter).toMatchObject({ inFlight: REQUESTS_IN_FLIGHT, waiting: 1 });
    while (answers.length > 0) {
      answers.shift()!();
      await settle();
    }
    expect(await Promise.all(results)).toHaveLength(REQUESTS_IN_FLIGHT + 2);
    expect(one.limiter).toMatchObject({ inFlight: 0, waiting: 0 });
  });
});
