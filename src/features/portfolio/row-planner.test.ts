import { describe, expect, it } from 'vitest';

import { createRowPlanner, type RowOutcome } from './row-planner';

/** A planner whose loads wait until the test settles them. */
function harness(concurrency = 2) {
  const started: number[] = [];
  const aborted: number[] = [];
  const pending = new Map<number, { resolve(value: string): void; reject(error: Error): void }>();
  const settled: [number, RowOutcome<string>][] = [];
  const planner = createRowPlanner<string>({
    concurrency,
    load: (id, signal) =>
      new Promise<string>((resolve, reject) => {
        started.push(id);
        pending.set(id, { resolve, reject });
        signal.addEventListener('abort', () => {
          aborted.push(id);
          reject(signal.reason);
        });
      }),
    onSettled: (id, outcome) => settled.push([id, outcome]),
  });
  const settle = async (id: number, error?: Error) => {
    const entry = pending.get(id)!;
    pending.delete(id);
    if (error) entry.reject(error);
    else entry.resolve(`row ${id}`);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { planner, started, aborted, settled, settle };
}

describe('createRowPlanner', () => {
  it('starts rows in the planned order, no more than its concurrency at once', async () => {
    const { planner, started, settle } = harness(2);
    planner.plan([5, 3, 9, 1]);
    expect(started).toEqual([5, 3]);
    expect(planner.waiting).toBe(2);
    await settle(3);
    expect(started).toEqual([5, 3, 9]);
    await settle(5);
    expect(started).toEqual([5, 3, 9, 1]);
  });

  it('re-planning puts the new visible rows first and keeps running ones that are still wanted', async () => {
    const { planner, started, aborted, settle } = harness(2);
    planner.plan([1, 2, 3, 4, 5, 6]);
    planner.plan([6, 5, 2, 1, 3, 4]);
    expect(aborted).toEqual([]);
    await settle(1);
    await settle(2);
    expect(started).toEqual([1, 2, 6, 5]);
  });

  it('aborts rows no longer wanted and never reports them', async () => {
    const { planner, aborted, settled, started } = harness(2);
    planner.plan([1, 2, 3]);
    planner.plan([3]);
    expect(aborted).toEqual([1, 2]);
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toEqual([]);
    expect(started).toEqual([1, 2, 3]);
  });

  it('does not load a settled row again when it is planned again', async () => {
    const { planner, started, settle } = harness(1);
    planner.plan([1, 2]);
    await settle(1);
    planner.plan([1, 2, 3]);
    expect(started).toEqual([1, 2]);
  });

  it('reports failures, and retries only the rows asked for, first', async () => {
    const { planner, started, settled, settle } = harness(1);
    planner.plan([1, 2, 3]);
    await settle(1, new Error('503'));
    expect(settled[0]).toEqual([1, { ok: false, error: new Error('503') }]);
    planner.retry([1]);
    await settle(2);
    expect(started).toEqual([1, 2, 1]);
  });

  it('dispose aborts everything and starts nothing more', async () => {
    const { planner, aborted, started, settled } = harness(2);
    planner.plan([1, 2, 3]);
    planner.dispose();
    planner.plan([4]);
    expect(aborted).toEqual([1, 2]);
    expect(started).toEqual([1, 2]);
    await Promise.resolve();
    expect(settled).toEqual([]);
  });
});
