// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useWallFit } from './use-wall-fit';
import { stubResizeObserver } from '../../test/resize-observer-stub';
import { NARROW_WALL_PX } from './wall-figures';

describe('useWallFit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('looks for a missed resize at the observer’s first report, after the layout, not as it subscribes', () => {
    const observers = stubResizeObserver();
    // The size was read as the module was evaluated (a wide screen); the screen is a phone's by the time it mounts.
    const width = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(NARROW_WALL_PX - 1);
    const { result } = renderHook(() => useWallFit());
    expect(width).not.toHaveBeenCalled();
    expect(result.current.nowLabelHidden).toBe(false);
    act(() => observers[0]!.report());
    expect(width).toHaveBeenCalled();
    expect(result.current.nowLabelHidden).toBe(true);
  });
});
