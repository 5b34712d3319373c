// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from './router/links';
import { MemoryRouter } from './router/router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useTheme } from './use-theme';

/** A system colour-scheme preference that the test can change, as the browser's `matchMedia` reports it. */
function mockPrefersDark(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && matches;
    },
    media: query,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    listeners,
    set(next: boolean) {
      matches = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  const { setting, resolved, ignored } = useTheme();
  return (
    <>
      <output aria-label="theme">{`${setting} → ${resolved}${ignored ? ` (${ignored})` : ''}`}</output>
      <Link to="?theme=light">Light</Link>
    </>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
}

const shown = () => screen.getByRole('status', { name: 'theme' }).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useTheme', () => {
  it('reads the URL, whatever the system prefers', () => {
    mockPrefersDark(false);
    renderAt('/?theme=dark');
    expect(shown()).toBe('dark → dark');
  });

  it('follows the system for auto, and its changes while open', () => {
    const system = mockPrefersDark(false);
    renderAt('/');
    expect(shown()).toBe('auto → light');
    system.set(true);
    expect(shown()).toBe('auto → dark');
    system.set(false);
    expect(shown()).toBe('auto → light');
  });

  it('stops listening when unmounted', () => {
    const system = mockPrefersDark(true);
    const { unmount } = renderAt('/?theme=auto');
    expect(shown()).toBe('auto → dark');
    expect(system.listeners.size).toBe(1);
    unmount();
    expect(system.listeners.size).toBe(0);
  });

  it('reports a value it ignores, and follows the system instead', () => {
    mockPrefersDark(true);
    renderAt('/?theme=neon');
    expect(shown()).toBe('auto → dark (theme “neon” is not known (light, dark or auto); following the system)');
  });

  it('changes with the URL', async () => {
    mockPrefersDark(true);
    renderAt('/?theme=dark');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Light' }));
    expect(shown()).toBe('light → light');
  });

  it('is light for auto where there is no matchMedia (jsdom has none)', () => {
    expect(window.matchMedia).toBeUndefined();
    renderAt('/');
    expect(shown()).toBe('auto → light');
  });
});
