// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { createApiClient, type ApiClient } from '../api/client';
import { AppContext } from '../config/app-context';
import type { LocationZone } from '../lib/time';
import { fakeFetch, rejectionOf, respondWithJson, respondWithProblem } from '../test/fetch-fakes';
import { manualClock } from '../test/manual-clock';
import { testConfig } from '../test/render-page';
import { describeSpan, SeriesStatus, statusText } from './series-status';

/** 15:30 UTC on Wednesday 18 Nov 2026: 10:30 in New York. */
const UPDATED_AT = Date.parse('2026-11-18T15:30:00Z');

function withClient(client: ApiClient, children: ReactNode) {
  return <AppContext.Provider value={{ config: testConfig, client }}>{children}</AppContext.Provider>;
}

const quietClient = () =>
  createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: fakeFetch(() => respondWithJson({})).fetch });

function renderStatus(zone: LocationZone) {
  render(
    withClient(
      quietClient(),
      <SeriesStatus
        query={{ fetchStatus: 'idle', status: 'success', dataUpdatedAt: UPDATED_AT }}
        pagesLoaded={1}
        complete
        estimatedPages={1}
        zone={zone}
        range={{ start: '2026-11-12', end: '2026-11-18' }}
        onRefresh={() => undefined}
      />,
    ),
  );
}

describe('SeriesStatus: when the data is from', () => {
  it('is shown in the location’s named zone, labelled with it', () => {
    renderStatus({ kind: 'zone', name: 'America/New_York' });
    expect(screen.getByText('Data as of 18 Nov 2026 10:30')).toBeTruthy();
  });

  it('is shown at the location’s fixed offset when the server names no zone', () => {
    renderStatus({ kind: 'offset', offsetMinutes: 330 });
    expect(screen.getByText('Data as of 18 Nov 2026 21:00')).toBeTruthy();
  });
});

describe('SeriesStatus: how much is in, in words', () => {
  const base = { loading: false, complete: true, success: true, parts: 1, estimatedParts: 1, days: 7, allIn: true };

  it('says how much data was loaded, not how many pages', () => {
    expect(statusText(base)).toBe('Loaded 1 week of data');
    expect(statusText({ ...base, parts: 36, days: 365 })).toBe('Loaded 365 days of data in 36 parts');
    renderStatus({ kind: 'zone', name: 'America/New_York' });
    expect(screen.getByRole('status').textContent).toBe('Loaded 1 week of data');
  });

  it('counts the parts while a first load streams in, and says a refresh is one', () => {
    expect(statusText({ ...base, loading: true, complete: false, parts: 3, estimatedParts: 36 })).toBe(
      'Loading… 3 of about 36 parts',
    );
    expect(statusText({ ...base, loading: true, complete: true })).toBe('Refreshing…');
  });

  it('in the table, the parts in so far', () => {
    expect(statusText({ ...base, allIn: false, parts: 1, estimatedParts: 3 })).toBe('Loaded 1 part so far');
    expect(statusText({ ...base, allIn: false, parts: 2 })).toBe('Loaded 2 parts so far');
  });

  it.each([
    [1, '1 day'],
    [5, '5 days'],
    [14, '2 weeks'],
    [31, '31 days'],
    [365, '365 days'],
  ])('describeSpan(%s) = %s', (days, text) => {
    expect(describeSpan(days)).toBe(text);
  });
});

describe('SeriesStatus: when the API asks to slow down', () => {
  /** A client whose first request is refused with a 429 (Retry-After 1 s), on a clock the test moves. */
  function refusingClient() {
    const clock = manualClock();
    let refused = false;
    const api = fakeFetch(() => {
      if (refused) return respondWithJson({});
      refused = true;
      return respondWithProblem(429, {}, { headers: { 'Retry-After': '1' } });
    });
    const client = createApiClient({ baseUrl: '/v2', getToken: () => 't', fetch: api.fetch, clock });
    return { client, clock };
  }

  const loading = (client: ApiClient, fetchStatus: 'fetching' | 'idle' = 'fetching') =>
    withClient(
      client,
      <SeriesStatus
        query={{ fetchStatus, status: fetchStatus === 'idle' ? 'success' : 'pending', dataUpdatedAt: 0 }}
        pagesLoaded={3}
        complete={false}
        estimatedPages={36}
        zone={{ kind: 'zone', name: 'America/New_York' }}
        range={{ start: '2025-11-18', end: '2026-11-17' }}
        onRefresh={() => undefined}
      />,
    );

  it('says so while the parts still come, from the 429 until the pace is back to full', async () => {
    const { client, clock } = refusingClient();
    render(loading(client));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading… 3 of about 36 parts');

    await act(async () => {
      await rejectionOf(client.get('/a', {}, z.object({})));
    });
    expect(status.textContent).toBe(
      'Loading… 3 of about 36 parts — the API asked us to slow down; continuing at a gentler pace',
    );

    await act(() => clock.advance(10_000));
    expect(status.textContent).toBe('Loading… 3 of about 36 parts');
  });

  it('says nothing of it once the data is in', async () => {
    const { client } = refusingClient();
    const view = render(loading(client));
    await act(async () => {
      await rejectionOf(client.get('/a', {}, z.object({})));
    });
    view.rerender(loading(client, 'idle'));
    expect(screen.getByRole('status').textContent).not.toMatch(/slow down/i);
  });

  it('in words, for a first load and a refresh', () => {
    const state = { loading: true, success: false, parts: 3, estimatedParts: 36, days: 365, allIn: true };
    expect(statusText({ ...state, complete: false, slowedDown: true })).toBe(
      'Loading… 3 of about 36 parts — the API asked us to slow down; continuing at a gentler pace',
    );
    expect(statusText({ ...state, complete: true, slowedDown: true })).toBe(
      'Refreshing… — the API asked us to slow down; continuing at a gentler pace',
    );
  });
});
