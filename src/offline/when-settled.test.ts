import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { whenQueriesSettled } from './when-settled';

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
