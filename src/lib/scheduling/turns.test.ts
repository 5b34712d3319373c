// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTurns } from './turns';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createTurns', () => {
  it('gives one turn at a time, the next at the paint after the one before has ended', () => {
    const turns = createTurns(1_000);
    const begun: string[] = [];
    const endA = turns.take(() => begun.push('a'));
    turns.take(() => begun.push('b'));
    expect(begun).toEqual(['a']);
    vi.advanceTimersByTime(100);
    expect(begun).toEqual(['a']);
    endA();
    expect(begun).toEqual(['a']);
    vi.advanceTimersByTime(20);
    expect(begun).toEqual(['a', 'b']);
  });

  it('a turn given up while it waits never begins, and holds nobody', () => {
    const turns = createTurns(1_000);
    const begun: string[] = [];
    const endA = turns.take(() => begun.push('a'));
    const giveUpB = turns.take(() => begun.push('b'));
    turns.take(() => begun.push('c'));
    giveUpB();
    endA();
    vi.advanceTimersByTime(20);
    expect(begun).toEqual(['a', 'c']);
  });

  it('a turn that never ends stops holding the others after its longest time', () => {
    const turns = createTurns(500);
    const begun: string[] = [];
    turns.take(() => begun.push('a'));
    turns.take(() => begun.push('b'));
    vi.advanceTimersByTime(499);
    expect(begun).toEqual(['a']);
    vi.advanceTimersByTime(20);
    expect(begun).toEqual(['a', 'b']);
  });

  it('ending a turn twice, or after its time, gives no extra turn', () => {
    const turns = createTurns(1_000);
    const begun: string[] = [];
    const endA = turns.take(() => begun.push('a'));
    const endB = turns.take(() => begun.push('b'));
    turns.take(() => begun.push('c'));
    endA();
    endA();
    vi.advanceTimersByTime(20);
    expect(begun).toEqual(['a', 'b']);
    endB();
    vi.advanceTimersByTime(20);
    expect(begun).toEqual(['a', 'b', 'c']);
  });
});
