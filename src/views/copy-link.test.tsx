// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../lib/router/router';
import { Route, Routes } from '../lib/router/routes';
import { describe, expect, it } from 'vitest';

import type { FilterDefaults, Filters } from '../filters/model';
import { keepLanguage } from '../lib/language';
import { METRIC_DEFINITIONS } from '../metrics/definitions';
import { CopyLink } from './copy-link';

const occupancy = METRIC_DEFINITIONS.find((definition) => definition.metric === 'occupancy')!;
const defaults: FilterDefaults = { range: { kind: 'preset', preset: '7d' }, interval: 'daily' };
const filters: Filters = {
  range: { kind: 'custom', from: '2026-11-02', to: '2026-11-08' },
  interval: 'weekly',
  startHour: 8,
  endHour: 17,
  days: null,
  view: 'chart',
};

/** The copy link of a metric page at `url` (the browser's address), in a router under `basename`. */
function renderCopyLink(url: string, basename?: string, extra?: Record<string, string>) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]} basename={basename}>
      <Routes>
        <Route
          path="/locations/:locationId/:metric"
          element={
            <CopyLink
              definition={occupancy}
              filters={filters}
              defaults={defaults}
              zone={{ kind: 'zone', name: 'America/New_York' }}
              nowMs={Date.parse('2026-11-20T17:00:00Z')}
              applied={undefined}
              extra={extra}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

async function copiedLink(user: ReturnType<typeof userEvent.setup>): Promise<URL> {
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  const shown = (screen.getByRole('textbox', { name: 'Link copied' }) as HTMLInputElement).value;
  await expect(navigator.clipboard.readText()).resolves.toBe(shown);
  return new URL(shown);
}

describe('CopyLink: the link works where the app is served', () => {
  it('keeps the router’s base path when the app is served below the site’s root', async () => {
    // Vite's BASE_URL, as the app passes it to BrowserRouter, ends with a slash.
    const { user } = renderCopyLink('/tools/dashboard/locations/1/occupancy?interval=weekly', '/tools/dashboard/');
    const link = await copiedLink(user);
    expect(link.origin).toBe(window.location.origin);
    expect(link.pathname).toBe('/tools/dashboard/locations/1/occupancy');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-08',
      interval: 'weekly',
      hours: '8-17',
    });
  });

  it('links to the page at the site’s root when there is no base path', async () => {
    const { user } = renderCopyLink('/locations/1/occupancy');
    const link = await copiedLink(user);
    expect(link.pathname).toBe('/locations/1/occupancy');
    expect(link.searchParams.get('interval')).toBe('weekly');
  });
});

describe('CopyLink: what a view adds beyond the filters', () => {
  it('writes the utilization page’s comparison into the link, after the filters', async () => {
    const { user } = renderCopyLink('/locations/1/utilization?compare=year', undefined, { compare: 'year' });
    const link = await copiedLink(user);
    expect(link.searchParams.get('compare')).toBe('year');
    expect(link.searchParams.get('from')).toBe('2026-11-02');
  });
});

describe('CopyLink: the language', () => {
  it('leaves out the viewer’s own choice, so a colleague opens the link in theirs', async () => {
    keepLanguage('de');
    const { user } = renderCopyLink('/locations/1/occupancy');
    const link = await copiedLink(user);
    expect(link.searchParams.has('lang')).toBe(false);
    localStorage.clear();
  });

  it('keeps a lang the address already had, and drops one the app does not speak', async () => {
    const { user } = renderCopyLink('/locations/1/occupancy?lang=ja');
    expect((await copiedLink(user)).searchParams.get('lang')).toBe('ja');
    cleanup();
    const second = renderCopyLink('/locations/1/occupancy?lang=fr');
    expect((await copiedLink(second.user)).searchParams.has('lang')).toBe(false);
  });
});
