// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { firstScreenShown } from '../lib/scheduling/after-first-screen';
import { FIRST_SCREEN_MAX_WAIT_MS, FirstScreenGate, useFirstScreenPainted, useFirstScreenShown } from './first-screen';

vi.mock('../lib/scheduling/after-first-screen', () => ({ firstScreenShown: vi.fn() }));

beforeEach(() => {
  vi.mocked(firstScreenShown).mockClear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useFirstScreenPainted', () => {
  it('holds while the first screen’s data is out, and opens once the frame drawn after it is in is on screen', () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstScreenPainted(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    // That frame's paint: it is not on screen yet (what the gate holds would leave before it is shown).
    act(() => vi.advanceTimersByTime(17));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(17));
    expect(result.current).toBe(true);
    // Once open, it stays open.
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('says the first screen is shown (what waits for it is asked for) a paint after the one that showed it', () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstScreenPainted(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ ready: true });
    expect(firstScreenShown).not.toHaveBeenCalled();
    // The frame that shows it is on screen: open, but what waits for the first screen is not asked for in the same
    // task.
    act(() => vi.advanceTimersByTime(34));
    expect(result.current).toBe(true);
    expect(firstScreenShown).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(17));
    expect(firstScreenShown).toHaveBeenCalledTimes(1);
  });

  it('opens at the latest FIRST_SCREEN_MAX_WAIT_MS after mount, counted from mount, not from each change', () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstScreenPainted(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(FIRST_SCREEN_MAX_WAIT_MS - 100));
    rerender({ ready: false });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(true);
  });
});

describe('FirstScreenGate', () => {
  function Probe() {
    return <p>{useFirstScreenShown() ? 'charts may load' : 'charts held'}</p>;
  }

  it('holds the charts inside it until shown; outside any gate nothing is held', () => {
    const { rerender } = render(
      <FirstScreenGate shown={false}>
        <Probe />
      </FirstScreenGate>,
    );
    expect(screen.getByText('charts held')).toBeTruthy();
    rerender(
      <FirstScreenGate shown>
        <Probe />
      </FirstScreenGate>,
    );
    expect(screen.getByText('charts may load')).toBeTruthy();
    rerender(<Probe />);
    expect(screen.getByText('charts may load')).toBeTruthy();
  });
});
