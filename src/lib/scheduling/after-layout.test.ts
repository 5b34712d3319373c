// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubResizeObserver } from '../../test/resize-observer-stub';
import { measureAfterLayout } from './after-layout';

describe('measureAfterLayout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('measures at the first report, not at once, and at later ones while following', () => {
    const observers = stubResizeObserver();
    const element = document.createElement('div');
    const measure = vi.fn();
    const stop = measureAfterLayout(element, measure, true);
    expect(measure).not.toHaveBeenCalled();
    expect(observers[0]!.observed).toEqual([element]);
    observers[0]!.report();
    observers[0]!.report();
    expect(measure).toHaveBeenCalledTimes(2);
    stop();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('stops observing after the first report when not following', () => {
    const observers = stubResizeObserver();
    const measure = vi.fn();
    measureAfterLayout(document.createElement('div'), measure, false);
    observers[0]!.report();
    expect(measure).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('measures at once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const measure = vi.fn();
    measureAfterLayout(document.createElement('div'), measure, true)();
    expect(measure).toHaveBeenCalledTimes(1);
  });
});
