// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useChartAnimation } from './motion';
import { WallScreenContext } from './wall-screen';

function Probe() {
  return <output aria-label="animate">{String(useChartAnimation())}</output>;
}

/** A system that prefers reduced motion (`reduced`), or not; `change` tells the page it changed. */
function stubReducedMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduced };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && state.reduced;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    change(next: boolean) {
      state.reduced = next;
      for (const listener of listeners) listener();
    },
  };
}

const shown = () => screen.getByRole('status', { name: 'animate' }).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useChartAnimation', () => {
  it('animates on a page, for a system with no preference', () => {
    stubReducedMotion(false);
    render(<Probe />);
    expect(shown()).toBe('true');
  });

  it('never animates under a screen that says so (the kiosk)', () => {
    stubReducedMotion(false);
    render(
      <WallScreenContext value>
        <Probe />
      </WallScreenContext>,
    );
    expect(shown()).toBe('false');
  });

  it('follows the system asking for reduced motion, live', () => {
    const system = stubReducedMotion(true);
    render(<Probe />);
    expect(shown()).toBe('false');
    act(() => system.change(false));
    expect(shown()).toBe('true');
  });
});
