// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { whenAnswersDrawn, whenQueriesSettled } from './when-settled';

afterEach(() => {
  vi.useRealTimers();
});

function pending() {
  let release!: (value: number) => void;
  const answer = new Promise<number>((resolve) => (release = resolve));
  return { answer, release };
}

describe('whenQueriesSettled', () => {
  it('resolves at once when nothing is being fetched', async () => {
    await expect(whenQueriesSettled(new QueryClient())).resolves.toBeUndefined();
  });

  it('waits for every query being fetched to be answered', async () => {
    const queryClient = new QueryClient();
    const first = pending();
    const second = pending();
    void queryClient.fetchQuery({ queryKey: ['first'], queryFn: () => first.answer });
    void queryClient.fetchQuery({ queryKey: ['second'], queryFn: () => second.answer });
    let settled = false;
    void whenQueriesSettled(queryClient).then(() => (settled = true));
    first.release(1);
    await first.answer;
    await Promise.resolve();
    expect(settled).toBe(false);
    second.release(2);
    await vi.waitFor(() => expect(settled).toBe(true));
  });

  it('gives up waiting after its longest wait', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    void queryClient.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<number>(() => {}) });
    let settled = false;
    void whenQueriesSettled(queryClient, 1_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});

describe('whenAnswersDrawn', () => {
  it('waits for a paint, then for the answers, then for the paint that draws them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const queryClient = new QueryClient();
    const answer = pending();
    let drawn = false;
    void whenAnswersDrawn(queryClient).then(() => (drawn = true));
    // The page's queries start in its first render, before that render is painted.
    void queryClient.fetchQuery({ queryKey: ['series'], queryFn: () => answer.answer });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drawn).toBe(false);
    answer.release(1);
    await answer.answer;
    await Promise.resolve();
    expect(drawn).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(drawn).toBe(true);
  });
});
