/**
 * Calls `onTick` at every multiple of `periodMs` on the clock (10:31:00, 10:32:00 for a minute), however long the
 * screen has been open: what moves on at the minute, at midnight or on a rotation boundary does so on time, and
 * screens that share a period tick together. `nextDueAt` says when the coming tick is due; `stop` ends them.
 */
export interface ClockTicks {
  nextDueAt(): number;
  stop(): void;
}

export function onClockMultiples(periodMs: number, onTick: () => void): ClockTicks {
  let timer: ReturnType<typeof setTimeout>;
  let dueAt = 0;
  const schedule = () => {
    const delay = periodMs - (Date.now() % periodMs);
    dueAt = Date.now() + delay;
    timer = setTimeout(() => {
      onTick();
      schedule();
    }, delay);
  };
  schedule();
  return { nextDueAt: () => dueAt, stop: () => clearTimeout(timer) };
}
