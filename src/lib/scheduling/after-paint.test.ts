import { describe, expect, it, vi } from 'vitest';

import { eachInATask, onNextFrameShown, onNextPaint } from './after-paint';

describe('onNextPaint', () => {
  it('runs in the next task where there is no document, instead of throwing', async () => {
    // This file runs in node: no document, as after a test's page is torn down while an answer was awaited.
    expect(typeof document).toBe('undefined');
    const callback = vi.fn();
    onNextPaint(callback);
    expect(callback).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callback).toHaveBeenCalledOnce();
  });
});

describe('onNextFrameShown', () => {
  it('runs after the paint of the frame after the next one, not after the next paint', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const paint = async () => {
      for (const frame of frames.splice(0)) frame(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    try {
      const callback = vi.fn();
      onNextFrameShown(callback);
      await paint();
      expect(callback).not.toHaveBeenCalled();
      await paint();
      expect(callback).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('eachInATask', () => {
  it('runs each call in a task of its own, in order, none in the running task', async () => {
    const ran: string[] = [];
    eachInATask(
      ['a', 'b', 'c'].map((name) => () => {
        ran.push(name);
        // Microtasks run when a task ends: in one task for all, every "done" would come after "c".
        queueMicrotask(() => ran.push(`${name} done`));
      }),
    );
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['a', 'a done', 'b', 'b done', 'c', 'c done']);
  });
});
