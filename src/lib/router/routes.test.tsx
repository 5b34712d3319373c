// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { createMemoryHistory, resolveTo } from './history';
import { Link, Navigate, NavLink } from './links';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, useSearchParams } from './router';
import { Outlet, Route, Routes, useParams } from './routes';

function Where() {
  const { pathname, search } = useLocation();
  const params = useParams();
  return <output aria-label="where">{`${pathname}${search} ${JSON.stringify(params)} ${useNavigationType()}`}</output>;
}

function Layout() {
  return (
    <main>
      <Link to={{ pathname: '/portfolio', search: '?range=7d' }}>Portfolio</Link>
      <NavLink to="/locations/1/occupancy">Occupancy</NavLink>
      <Outlet />
    </main>
  );
}

function app(entry: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="kiosk" element={<Where />} />
        <Route element={<Layout />}>
          <Route index element={<Navigate replace to={{ pathname: '/portfolio' }} />} />
          <Route path="portfolio" element={<Where />} />
          <Route path="locations/:locationId/utilization" element={<p>utilization of {<Where />}</p>} />
          <Route path="locations/:locationId/:metric" element={<Where />} />
          <Route path="*" element={<p>no such page {<Where />}</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return { user, where: () => screen.getByRole('status', { name: 'where' }).textContent };
}

describe('Routes', () => {
  it('matches the most specific route, in either case, with decoded params and a trailing slash', () => {
    const { where } = app('/Locations/7/Utilization/');
    expect(screen.getByText(/^utilization of/)).toBeTruthy();
    expect(where()).toBe('/Locations/7/Utilization/ {"locationId":"7"} POP');
  });

  it('reads params percent-decoded, and sends what matches nothing to the splat', () => {
    expect(app('/locations/a%20b/traffic').where()).toBe(
      '/locations/a%20b/traffic {"locationId":"a b","metric":"traffic"} POP',
    );
  });

  it('renders the layout around its child, and no layout for a route outside it', () => {
    app('/nowhere/at/all');
    expect(screen.getByText(/^no such page/)).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('an index route renders at its parent’s path; Navigate replaces the address', async () => {
    const { where } = app('/');
    await screen.findByText(/\/portfolio/);
    expect(where()).toBe('/portfolio {} REPLACE');
  });
});

describe('links and navigation', () => {
  it('a link has its href and navigates in the page; a NavLink says when it is the current page', async () => {
    const { user, where } = app('/locations/1/occupancy');
    const link = screen.getByRole('link', { name: 'Portfolio' });
    expect(link.getAttribute('href')).toBe('/portfolio?range=7d');
    expect(screen.getByRole('link', { name: 'Occupancy' }).getAttribute('aria-current')).toBe('page');
    await user.click(link);
    expect(where()).toBe('/portfolio?range=7d {} PUSH');
    expect(screen.getByRole('link', { name: 'Occupancy' }).getAttribute('aria-current')).toBeNull();
  });

  it('search parameters are written as a new entry or in place, and Back returns', async () => {
    function Page() {
      const [params, setParams] = useSearchParams();
      const navigate = useNavigate();
      return (
        <>
          <p aria-label="range">{params.get('range') ?? 'none'}</p>
          <button onClick={() => setParams({ range: '7d' })}>Week</button>
          <button onClick={() => setParams((now) => ({ range: `${now.get('range')}x` }), { replace: true })}>
            Mark
          </button>
          <button onClick={() => navigate(-1)}>Back</button>
        </>
      );
    }
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/portfolio']}>
        <Routes>
          <Route path="portfolio" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    const range = () => screen.getByLabelText('range').textContent;
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(range()).toBe('7d');
    await user.click(screen.getByRole('button', { name: 'Mark' }));
    expect(range()).toBe('7dx');
    // The mark replaced the week's entry: one step back is the page without a range.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(range()).toBe('none');
  });

  it('resolves a path, or parts of one against the current pathname', () => {
    expect(resolveTo('/kiosk?locations=1#top', { pathname: '/' })).toEqual({
      pathname: '/kiosk',
      search: '?locations=1',
      hash: '#top',
    });
    expect(resolveTo({ search: 'a=1' }, { pathname: '/kiosk' })).toEqual({
      pathname: '/kiosk',
      search: '?a=1',
      hash: '',
    });
  });

  it('a memory history below a base path strips it from the location and adds it to hrefs', () => {
    const history = createMemoryHistory(['/tools/dashboard/portfolio?range=7d'], 0, '/tools/dashboard/');
    expect(history.location).toMatchObject({ pathname: '/portfolio', search: '?range=7d' });
    expect(history.href({ pathname: '/kiosk' })).toBe('/tools/dashboard/kiosk');
  });
});
