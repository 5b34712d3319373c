// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useWallFit } from './use-wall-fit';
import { NARROW_WALL_PX } from './wall-figures';

describe('useWallFit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('looks for a resize it missed after the frame’s layout (the observer’s first report), not as it subscribes', () => {
    const reports: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(report: () => void) {
          reports.push(report);
        }
        observe() {}
        disconnect() {}
      },
    );
    // The size was read as the module was evaluated (a wide screen); the screen is a phone's by the time it mounts.
    const width = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(NARROW_WALL_PX - 1);
    const { result } = renderHook(() => useWallFit());
    expect(width).not.toHaveBeenCalled();
    expect(result.current.nowLabelHidden).toBe(false);
    act(() => reports[0]!());
    expect(width).toHaveBeenCalled();
    expect(result.current.nowLabelHidden).toBe(true);
  });
});
