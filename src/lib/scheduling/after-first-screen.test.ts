// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  afterFirstScreen,
  firstScreenShown,
  resetFirstScreenForTests,
  useAfterFirstScreen,
} from './after-first-screen';

beforeEach(() => resetFirstScreenForTests());

describe('afterFirstScreen', () => {
  it('holds what is asked for until the first screen is shown, then runs each once, in order', () => {
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('typeface'));
    afterFirstScreen(() => ran.push('manifest'));
    expect(ran).toEqual([]);
    firstScreenShown();
    expect(ran).toEqual(['typeface', 'manifest']);
    firstScreenShown();
    expect(ran).toEqual(['typeface', 'manifest']);
  });

  it('runs at once what is asked for after the first screen was shown', () => {
    firstScreenShown();
    const callback = vi.fn();
    afterFirstScreen(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('tells components when the first screen is shown', () => {
    const { result } = renderHook(() => useAfterFirstScreen());
    expect(result.current).toBe(false);
    act(() => firstScreenShown());
    expect(result.current).toBe(true);
  });
});
