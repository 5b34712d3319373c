// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from '../lib/router/links';
import { MemoryRouter, useLocation } from '../lib/router/router';
import { Route, Routes } from '../lib/router/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Layout } from './layout';

/** The system's colour-scheme preference, changeable by the test. */
function mockPrefersDark(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && matches;
    },
    media: query,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) => {
    matches = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

function Page() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p>
        At {pathname}
        {search}
      </p>
      <Link to={{ pathname: '/other', search }}>Other page</Link>
    </>
  );
}

function renderLayout(url: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<Page />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const dataTheme = () => document.documentElement.dataset.theme;

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Layout: the theme', () => {
  it('sets data-theme="dark" on <html> from ?theme=dark, whatever the system prefers', () => {
    mockPrefersDark(false);
    renderLayout('/locations/1/occupancy?theme=dark');
    expect(dataTheme()).toBe('dark');
  });

  it('sets data-theme="light" from ?theme=light on a dark system', () => {
    mockPrefersDark(true);
    renderLayout('/?theme=light');
    expect(dataTheme()).toBe('light');
  });

  it('follows the system for auto (and without the parameter), live', () => {
    const setPrefersDark = mockPrefersDark(true);
    renderLayout('/locations/1/occupancy');
    expect(dataTheme()).toBe('dark');
    setPrefersDark(false);
    expect(dataTheme()).toBe('light');
    setPrefersDark(true);
    expect(dataTheme()).toBe('dark');
  });

  it('is light for auto where there is no matchMedia', () => {
    renderLayout('/?theme=auto');
    expect(dataTheme()).toBe('light');
  });

  it('keeps the theme on a link that keeps the search, and on the home link (without the filters)', async () => {
    mockPrefersDark(false);
    const { user } = renderLayout('/locations/1/occupancy?range=30d&theme=dark');
    await user.click(screen.getByRole('link', { name: 'Other page' }));
    expect(screen.getByText('At /other?range=30d&theme=dark')).toBeTruthy();
    expect(dataTheme()).toBe('dark');

    await user.click(screen.getByRole('link', { name: 'Location analytics' }));
    expect(screen.getByText('At /?theme=dark')).toBeTruthy();
    expect(dataTheme()).toBe('dark');
  });

  it('says when the theme in a link was ignored, until dismissed; the home link drops it', async () => {
    mockPrefersDark(false);
    const { user } = renderLayout('/other?theme=purple');
    const notice = screen.getByRole('status', { name: 'The theme in this link was ignored' });
    expect(notice.textContent).toContain('theme “purple” is not known (light, dark or auto); following the system');
    expect(dataTheme()).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Dismiss: The theme in this link was ignored' }));
    expect(screen.queryByRole('status', { name: 'The theme in this link was ignored' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Location analytics' }));
    expect(screen.getByText('At /')).toBeTruthy();
  });
});

describe('Layout: the theme switch', () => {
  it('shows the theme in force and writes the choice into the URL, keeping every other parameter', async () => {
    mockPrefersDark(false);
    const { user } = renderLayout('/locations/1/occupancy?range=30d&days=mon,tue&theme=dark');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' });
    expect(select.value).toBe('dark');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Light', 'Dark', 'Auto (system)']);

    await user.selectOptions(select, 'Light');
    expect(screen.getByText('At /locations/1/occupancy?range=30d&days=mon%2Ctue&theme=light')).toBeTruthy();
    expect(dataTheme()).toBe('light');
    expect(select.value).toBe('light');

    await user.selectOptions(select, 'Dark');
    expect(dataTheme()).toBe('dark');
  });

  it('auto removes the parameter (the default) and follows the system', async () => {
    mockPrefersDark(true);
    const { user } = renderLayout('/other?range=7d&theme=light');
    expect(dataTheme()).toBe('light');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Auto (system)');
    expect(screen.getByText('At /other?range=7d')).toBeTruthy();
    expect(dataTheme()).toBe('dark');
  });

  it('replaces an unusable theme in the link, and its notice goes', async () => {
    mockPrefersDark(false);
    const { user } = renderLayout('/other?theme=purple&theme=dark');
    expect(screen.getByRole('status', { name: 'The theme in this link was ignored' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Dark');
    expect(screen.getByText('At /other?theme=dark')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'The theme in this link was ignored' })).toBeNull();
  });
});
