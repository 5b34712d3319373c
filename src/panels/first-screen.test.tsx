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
  it('holds while the first screen’s data is out, and opens at the paint after it is in', () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstScreenPainted(ready), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(50));
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
    // The paint that shows it: painted, but what waits for it is not asked for in the same frame.
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
    expect(firstScreenShown).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
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
