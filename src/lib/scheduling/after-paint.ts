/**
 * The app's yield points, which every "after the page is drawn" rule rests on (docs/development.md, "How a page
 * stays fast"). Use `onNextPaint` / `afterNextPaint` for work that must not hold up the frame about to be drawn (a
 * plan of requests, a store write, a deferred value: use-after-paint.ts); `onNextFrameShown` for work that must not
 * start before that frame is on screen (code or a font not needed yet); `nextTask` to end the running task before
 * going on, `eachInATask` to give several pieces of work a task each. The app does not use `scheduler.yield()` or
 * `scheduler.postTask()` (not in every browser it supports): these are its ways to yield.
 */
/**
 * After the browser has painted the next frame: a frame's callbacks run before its paint, a task queued from one
 * runs after it. For work that must not hold up what is about to be drawn. A hidden page paints no frame (and fires
 * no animation frame), so there it runs at once, in the next task; so it does where there is no document (a test's
 * page torn down while an answer was still awaited).
 */
export function onNextPaint(callback: () => void): () => void {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden') {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * After the next frame is on screen, not only painted: the paint task ends before the compositor shows the frame,
 * and a page's largest paint is timed when it is shown. Work that must come after what is about to be shown (a
 * request for code that is not needed yet) waits a frame more, so it does not start before it on a slow device.
 */
export function onNextFrameShown(callback: () => void): () => void {
  let cancelSecond = () => {};
  const cancelFirst = onNextPaint(() => {
    cancelSecond = onNextPaint(callback);
  });
  return () => {
    cancelFirst();
    cancelSecond();
  };
}

/** `onNextPaint` as a promise. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => onNextPaint(resolve));
}

/** The next task: what runs after it is not part of the task that is running now. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Each call in a task of its own, in order, from the next task on: several pieces of work that come due together
 * (the first requests of a page, each validated and its walk started) are several short tasks, not one long one.
 */
export function eachInATask(calls: readonly (() => void)[]): void {
  for (const call of calls) setTimeout(call, 0);
}
