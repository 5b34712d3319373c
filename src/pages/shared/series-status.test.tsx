// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { LocationZone } from '../../lib/time';
import { describeSpan, SeriesStatus, statusText } from './series-status';

/** 15:30 UTC on Wednesday 18 Nov 2026: 10:30 in New York. */
const UPDATED_AT = Date.parse('2026-11-18T15:30:00Z');

function renderStatus(zone: LocationZone) {
  render(
    <SeriesStatus
      query={{ fetchStatus: 'idle', status: 'success', dataUpdatedAt: UPDATED_AT }}
      pagesLoaded={1}
      complete
      estimatedPages={1}
      zone={zone}
      range={{ start: '2026-11-12', end: '2026-11-18' }}
      onRefresh={() => undefined}
    />,
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
