/**
 * The portfolio's row planner: which rows load, in which order, and how many at once. No React.
 *
 * `plan(order)` says which rows are wanted, first to last (the rows on screen first, then the rest in the order
 * the table lists them). Rows already loaded are not asked again; rows that are running and still wanted keep
 * running; rows no longer wanted (a search or branch left them out) are aborted; the rest wait in the new order.
 * At most `concurrency` rows run at once, and every request a row makes goes through the API client's one limiter
 * and pace (api/client.ts), so scrolling re-orders what is still waiting without flooding the server. A new set of
 * filters is a new planner: the old one is disposed, which aborts everything it started.
 */
export type RowOutcome<R> = { ok: true; value: R } | { ok: false; error: Error };

export interface RowPlannerOptions<R> {
  load(id: number, signal: AbortSignal): Promise<R>;
  /** Rows loading at once. */
  concurrency: number;
  onSettled(id: number, outcome: RowOutcome<R>): void;
}

export interface RowPlanner {
  plan(order: readonly number[]): void;
  /** Loads these failed rows again, at the front of what waits. */
  retry(ids: readonly number[]): void;
  dispose(): void;
  /** Rows running now, and waiting. */
  readonly running: number;
  readonly waiting: number;
}

export function createRowPlanner<R>({ load, concurrency, onSettled }: RowPlannerOptions<R>): RowPlanner {
  const running = new Map<number, AbortController>();
  const settled = new Set<number>();
  let queue: number[] = [];
  let wanted = new Set<number>();
  let disposed = false;

  const start = (id: number) => {
    const controller = new AbortController();
    running.set(id, controller);
    load(id, controller.signal).then(
      (value) => finish(id, controller, { ok: true, value }),
      (error: unknown) =>
        finish(id, controller, { ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  };

  const finish = (id: number, controller: AbortController, outcome: RowOutcome<R>) => {
    if (running.get(id) !== controller) return;
    running.delete(id);
    if (controller.signal.aborted || disposed) return;
    settled.add(id);
    onSettled(id, outcome);
    pump();
  };

  const pump = () => {
    while (!disposed && running.size < concurrency && queue.length > 0) start(queue.shift()!);
  };

  return {
    plan(order) {
      if (disposed) return;
      wanted = new Set(order);
      for (const [id, controller] of running) {
        if (wanted.has(id)) continue;
        running.delete(id);
        controller.abort();
      }
      queue = order.filter((id) => !settled.has(id) && !running.has(id));
      pump();
    },
    retry(ids) {
      const again = ids.filter((id) => settled.delete(id) && wanted.has(id));
      queue = [...again, ...queue.filter((id) => !again.includes(id))];
      pump();
    },
    dispose() {
      disposed = true;
      queue = [];
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
    get running() {
      return running.size;
    },
    get waiting() {
      return queue.length;
    },
  };
}
