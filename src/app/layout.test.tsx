// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from '../lib/router/links';
import { MemoryRouter, useNavigate } from '../lib/router/router';
import { Route, Routes } from '../lib/router/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Layout } from './layout';

function Crash(): never {
  throw new Error('The page fell over');
}

/** A page with state of its own, and a link that changes only the search. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count}
      </button>
      <Link to="/counter?interval=weekly">Weekly</Link>
    </>
  );
}

/** Outside the layout, as the browser's own Back button is. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

/** The layout over a page that crashes (`/crash`), the home page and another page. */
function renderLayout(entries: string[]) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<h1>Home page</h1>} />
          <Route path="crash" element={<Crash />} />
          <Route path="other" element={<h1>Other page</h1>} />
          <Route path="counter" element={<Counter />} />
        </Route>
      </Routes>
      <BackButton />
    </MemoryRouter>,
  );
  return { user };
}

const crashPanel = () => screen.getByRole('heading', { name: 'Something went wrong on this page' });

beforeEach(() => {
  // React and the boundary report the crash on the console; the test looks at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Layout: the error boundary', () => {
  it('shows the crash, then the page the header link opens', async () => {
    const { user } = renderLayout(['/crash']);
    expect(crashPanel()).toBeTruthy();
    expect(screen.getByText('The page fell over')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Location analytics' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the previous page again on Back', async () => {
    const { user } = renderLayout(['/other', '/crash']);
    expect(crashPanel()).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Other page' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the default view from the crash panel, inside the app', async () => {
    const { user } = renderLayout(['/crash']);
    await user.click(screen.getByRole('link', { name: 'Open the default view' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('keeps a page that did not crash mounted when only its search changes', async () => {
    const { user } = renderLayout(['/counter']);
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.click(screen.getByRole('link', { name: 'Weekly' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });
});
