import { describe, expect, it, vi } from 'vitest';

import { onNextPaint } from './after-paint';

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
