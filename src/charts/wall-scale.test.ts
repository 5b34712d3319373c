// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useWallScale, wallScale } from './wall-scale';
import { stubResizeObserver } from '../test/resize-observer-stub';

describe('wallScale', () => {
  it('draws a chart as on a page beside page-sized text or smaller', () => {
    expect(wallScale(16)).toBe(1);
    expect(wallScale(12)).toBe(1);
  });

  it('grows with the kiosk’s text: 22 px at 1920 wide, 44 px at 3840', () => {
    expect(wallScale(22.08)).toBe(1.38);
    expect(wallScale(44)).toBe(2.75);
  });

  it('reads text it cannot measure as a page', () => {
    expect(wallScale(Number.NaN)).toBe(1);
    expect(wallScale(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('useWallScale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the text size at the observer’s first report, after the frame’s layout, not in the commit', () => {
    const observers = stubResizeObserver();
    const element = document.createElement('figure');
    element.style.fontSize = '22.08px';
    const styles = vi.spyOn(window, 'getComputedStyle');
    const { result } = renderHook(() => useWallScale({ current: element }, true));
    expect(styles).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    act(() => observers[0]!.report());
    expect(result.current).toBe(1.38);
  });

  it('is 1, measuring nothing, off a wall', () => {
    const styles = vi.spyOn(window, 'getComputedStyle');
    const { result } = renderHook(() => useWallScale({ current: document.createElement('figure') }, false));
    expect(result.current).toBe(1);
    expect(styles).not.toHaveBeenCalled();
  });
});
